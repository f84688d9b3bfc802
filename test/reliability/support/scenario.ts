/**
 * One examples/basic stack against an emulator, driven through faults: each `up` is scanned for leaks,
 * every ticket the state ever held is remembered (to tell tickets the engine knows from ones an ambiguous
 * POST minted), and `converge` repeats `up` until it succeeds, recording each failure and whether its
 * message is clear.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Emulator } from "../../../tools/emulator";
import { ExpectNoChangesError, displayedChanges, proposedChanges, type PulumiCliEngine, type StackState, type Step } from "../../../tools/pulumi-cli/driver";
import { SENTINELS, basicStack } from "../../../tools/stacks/basicStack";
import { checkConvergence, projectConfigOf, ticketIdsInState, type BasicDesired, type ConvergenceReport } from "./convergence";
import type { LeakScanner } from "./leakScan";

/** Step kinds that are not changes (as the engine counts them). */

/** A request tag the client puts in every error, e.g. `[POST /api/v2/guardian/enrollments/ticket]`. */
const REQUEST_TAG = /\[(GET|PUT|POST|PATCH|DELETE) \/(api\/v2|oauth)[^\]]*\]/;
/** The failing resource, as the CLI shows an error under it: `tenant:EnrollmentTicket 'alice-push': …`. */
const FAILED_RESOURCE = /tenant:(PushProviderSelection|PhoneProvider|EnrollmentTicket) '[^']+': /;
/**
 * A data-function failure reaches the engine from the program, which the CLI shows under the stack: the package's
 * own errors as one clean message, another as an uncaught error (`Running program … failed`).
 */
const FAILED_PROGRAM = /pulumi:pulumi:Stack '[^']+': |Running program .* failed/;

/** Why a failure message is not clear enough for a user to act on, or undefined when it is. */
export function unclearReason(message: string): string | undefined {
  if (message.includes(SENTINELS.clientSecret) || message.includes(SENTINELS.smsAuthToken)) return "it contains a secret";
  if (/did not finish within/.test(message)) return "the run timed out instead of failing";
  if (message.includes("[object Object]")) return "it shows [object Object]";
  if (!FAILED_RESOURCE.test(message) && !FAILED_PROGRAM.test(message)) return "it names neither a resource nor the program";
  if (!REQUEST_TAG.test(message) && !/pulumi (up|refresh)/.test(message)) return "it names no request and no next step";
  return undefined;
}

/** The client's own wording inside a failure: `<operation> failed[ ambiguously]: <reason> [<METHOD> <path>]`. */
const CLIENT_FAILURE = /([a-z][a-z ]*?) failed(?: ambiguously)?: ([^[\n]{1,80}?)\s*\[([A-Z]+ [^\]]+)\]/;

/** Which resource (or the program) failed, and the client's reason: short enough for a table. */
export function summarizeError(message: string): string {
  const resource = /tenant:(\w+ '[^']+')/.exec(message)?.[1] ?? (FAILED_PROGRAM.test(message) ? "program" : "run");
  const cause = CLIENT_FAILURE.exec(message);
  const text = cause ? `${resource}: ${cause[1]}: ${cause[2]} [${cause[3].replace(" /api/v2/", " /")}]` : `${resource}: ${message.replace(/\s+/g, " ")}`;
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export interface Convergence {
  /** `up`s run, the successful one included (0 if none succeeded). */
  ups: number;
  converged: boolean;
  errors: string[];
  unclear: string[];
}

export class BasicScenario {
  readonly stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-reliability-"));
  private readonly knownTickets = new Set<string>();
  private cached: { key: string; engine: PulumiCliEngine } | undefined;
  /** The state as the last `up` left it: only a CLI run changes it, and `pulumi stack export` costs a CLI process. */
  private lastState: StackState | undefined;
  runs = 0;

  constructor(
    readonly emulator: Emulator,
    private readonly scanner: LeakScanner,
    readonly label: string,
    public desired: BasicDesired,
    private readonly timeoutMs?: number,
  ) {}

  /**
   * The engine for this stack's state and the current desired config (config is fixed per engine). Kept
   * while the config stays the same: each engine derives the state's key once (PBKDF2, 10^6 rounds).
   */
  engine(): PulumiCliEngine {
    const key = JSON.stringify(this.desired);
    if (this.cached?.key !== key) {
      const { engine } = basicStack(this.emulator, { stateDir: this.stateDir, projectConfig: projectConfigOf(this.desired), timeoutMs: this.timeoutMs });
      this.cached = { key, engine };
    }
    return this.cached.engine;
  }

  /** One `up`; never throws for a failed run (returns its error message). */
  async up(options: { refresh?: boolean } = {}): Promise<string | undefined> {
    const engine = this.engine();
    const label = `${this.label} up#${++this.runs}`;
    let failure: string | undefined;
    try {
      const result = await engine.up(options);
      this.scanner.addRun(label, result);
    } catch (error) {
      this.scanner.addError(label, error);
      failure = error instanceof Error ? error.message : String(error);
    }
    this.lastState = await this.scanner.addState(label, engine);
    for (const id of ticketIdsInState(this.lastState)) this.knownTickets.add(id);
    return failure;
  }

  /** `up` until one succeeds, at most `maxUps` times; only the first may refresh. */
  async converge(maxUps: number, options: { refresh?: boolean } = {}): Promise<Convergence> {
    const errors: string[] = [];
    const unclear: string[] = [];
    for (let ups = 1; ups <= maxUps; ups++) {
      const failure = await this.up(ups === 1 ? options : {});
      if (failure === undefined) return { ups, converged: true, errors, unclear };
      errors.push(failure);
      const reason = unclearReason(failure);
      if (reason) unclear.push(`${reason}: ${failure}`);
    }
    return { ups: maxUps, converged: false, errors, unclear };
  }

  /**
   * `preview --refresh --expect-no-changes`: the engine's own view that state, program and tenant agree.
   * Returns undefined when there are no changes, or only changes `tolerated` accepts (listed in `tolerated`).
   */
  async expectNoChanges(tolerate: (step: Step) => boolean = () => false): Promise<{ error?: string; tolerated: string[] }> {
    const engine = this.engine();
    const label = `${this.label} preview#${++this.runs}`;
    try {
      const result = await engine.preview({ refresh: true, expectNoChanges: true });
      this.scanner.addRun(label, result);
      return { tolerated: [] };
    } catch (error) {
      this.scanner.addError(label, error);
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof ExpectNoChangesError)) return { error: message, tolerated: [] };
      const changed = proposedChanges(error.result.steps, error.operation);
      const described = changed.map((step) => `${step.op} ${step.type} "${step.name}": ${displayedChanges(step).join(", ")}`);
      if (!changed.every(tolerate)) return { error: `${message}\n${described.join("\n")}`, tolerated: [] };
      return { tolerated: described };
    }
  }

  async check(): Promise<ConvergenceReport> {
    this.lastState ??= await this.engine().readState();
    return checkConvergence(this.emulator, this.lastState, this.desired);
  }

  /** Tickets the tenant minted that no state of this stack ever held: each one an ambiguous POST's. */
  orphanTickets(): number {
    return this.emulator.state.enrollmentTickets.filter((ticket) => !this.knownTickets.has(ticket.ticket_id)).length;
  }

  dispose(): void {
    rmSync(this.stateDir, { recursive: true, force: true });
  }
}
