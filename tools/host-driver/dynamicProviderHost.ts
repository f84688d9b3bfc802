/**
 * TEST TOOL — the dynamic-provider host as the CLI starts it: the SDK's `pulumi-resource-pulumi-nodejs` launcher,
 * which runs `cmd/dynamic-provider`, called over gRPC one call at a time (providerProcess.ts).
 */
import { spawn } from "node:child_process";
import { assertFile, dynamicProviderLauncher } from "../pulumi-cli/sdk";
import { projectNameIn, readPort } from "./processLifecycle";
import { ProviderProcess } from "./providerProcess";

export interface HostOptions {
  /** Directory that resolves the provider package: the project directory (the engine's cwd for the plugin). */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Deadline for each gRPC call (default 60 000 ms). */
  callTimeoutMs?: number;
  /** Project name for PULUMI_NODEJS_PROJECT (default: `name` from Pulumi.yaml in cwd, if any). */
  project?: string;
  /** How long to wait for the port line (default 30 000 ms). */
  startTimeoutMs?: number;
  /**
   * The Engine service the host is started with, as the engine starts every provider (its first argument): the
   * handlers send their warnings to its Log. Default: an address nothing listens on (the host never dials it itself).
   */
  engineAddress?: string;
}

export class DynamicProviderHost extends ProviderProcess {
  /**
   * Runs the launcher as the CLI runs a plugin (its own process group, the engine address as its argument) and reads
   * the port from its first stdout line. The launcher is a shell script: the host is its child process.
   */
  static async start(opts: HostOptions): Promise<DynamicProviderHost> {
    const launcher = dynamicProviderLauncher(opts.cwd);
    assertFile(launcher, "@pulumi/pulumi dynamic-provider launcher");
    const project = opts.project ?? projectNameIn(opts.cwd);
    // The argument is the engine address: the host refuses to start without one; the handlers log to it.
    const child = spawn(launcher, [opts.engineAddress ?? "127.0.0.1:0"], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env, ...(project ? { PULUMI_NODEJS_PROJECT: project } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const chunks: string[] = [];
    child.stderr?.setEncoding("utf8").on("data", (text: string) => chunks.push(text));
    const port = await readPort(child, chunks, opts.startTimeoutMs ?? 30_000, launcher);
    return new DynamicProviderHost(child, chunks, port, opts.callTimeoutMs ?? 60_000, "dynamic-provider host");
  }
}
