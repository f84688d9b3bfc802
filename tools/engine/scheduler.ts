/**
 * How the engine schedules provider calls (pkg/resource/deploy/step_generator.go, step_executor.go): the step
 * generator handles one registration at a time in arrival order, so Check and Diff are serial (Diff runs
 * concurrently only with PULUMI_PARALLEL_DIFF=true); the step operations — Create, Update, Delete, Read — run on
 * at most `--parallel` workers. The CLI's default is 4 × CPUs, PULUMI_PARALLEL overrides it, and ≤ 1 means 1.
 */
import * as os from "node:os";

/** `--parallel` as the CLI resolves it: the flag, else PULUMI_PARALLEL, else 4 × CPUs; anything ≤ 1 is 1. */
export function resolveParallelism(flag: number | undefined, env: NodeJS.ProcessEnv): number {
  const fromEnv = env.PULUMI_PARALLEL !== undefined && env.PULUMI_PARALLEL !== "" ? Number(env.PULUMI_PARALLEL) : undefined;
  const wanted = flag ?? fromEnv ?? 4 * os.cpus().length;
  if (!Number.isFinite(wanted)) throw new Error(`parallelism must be a number, got ${String(flag ?? env.PULUMI_PARALLEL)}`);
  return wanted <= 1 ? 1 : Math.floor(wanted);
}

/** PULUMI_PARALLEL_DIFF=true lets Diff calls overlap; Check stays serial either way. */
export function parallelDiffEnabled(env: NodeJS.ProcessEnv): boolean {
  return env.PULUMI_PARALLEL_DIFF === "true" || env.PULUMI_PARALLEL_DIFF === "1";
}

/** Runs tasks with at most `limit` in flight, starting them in the order they were submitted. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The highest number of tasks that were in flight at once (tests assert on it). */
  peak = 0;

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** One task at a time, in arrival order: the step generator's loop. */
export function serialQueue(): Limiter {
  return new Limiter(1);
}
