/**
 * TEST TOOL — a native resource plugin started as the CLI starts one (pkg/resource/plugin/plugin.go and
 * provider_plugin.go in pulumi/pulumi): the executable `pulumi-resource-<name>` itself, the engine's address as its
 * only argument, stdin a pipe from the engine; the port from its first stdout line; Handshake (UNIMPLEMENTED
 * accepted). `load` configures it as the engine loads a provider; calls then go one at a time (providerProcess.ts).
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { stripSecrets, type PropertyMap } from "../pulumi-cli/driver/values";
import { assertFile, pulumiSdk } from "../pulumi-cli/sdk";
import { HostCallError, UNIMPLEMENTED } from "./callErrors";
import { readPort, waitUpTo } from "./processLifecycle";
import { ProviderProcess } from "./providerProcess";
import { toStruct } from "./structs";

/** The engine gives Cancel 5 s before it interrupts the plugin (pkg/host/host.go). */
const CANCEL_BUDGET_MS = 5_000;
/** How long a plugin may take to exit once the engine's end of its stdin is closed. */
const STDIN_EXIT_BUDGET_MS = 5_000;

export interface PluginOptions {
  /** The program directory: the plugin's working directory. */
  cwd: string;
  /** The engine's address, the plugin's argument (it dials it only to log). */
  engineAddress: string;
  env?: NodeJS.ProcessEnv;
  callTimeoutMs?: number;
  startTimeoutMs?: number;
}

export class NativePlugin extends ProviderProcess {
  static async launch(executable: string, opts: PluginOptions): Promise<NativePlugin> {
    assertFile(executable, "resource plugin executable");
    const label = `plugin ${path.basename(executable)}`;
    const child = spawn(executable, [opts.engineAddress], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["pipe", "pipe", "pipe"] });
    const chunks: string[] = [];
    child.stderr?.setEncoding("utf8").on("data", (text: string) => chunks.push(text));
    const port = await readPort(child, chunks, opts.startTimeoutMs ?? 30_000, executable, label);
    const plugin = new NativePlugin(child, chunks, port, opts.callTimeoutMs ?? 60_000, label);
    await plugin.handshake(opts.engineAddress, path.dirname(executable), opts.cwd);
    return plugin;
  }

  private async handshake(engineAddress: string, rootDirectory: string, programDirectory: string): Promise<void> {
    const request = new (pulumiSdk().providerPb.ProviderHandshakeRequest)();
    request.setEngineAddress(engineAddress).setRootDirectory(rootDirectory).setProgramDirectory(programDirectory);
    await this.call("Handshake", this.client.handshake.bind(this.client), request).catch((error: unknown) => {
      if (!(error instanceof HostCallError && error.code === UNIMPLEMENTED)) throw error;
    });
  }

  /**
   * The engine's provider load (registry.go, provider_plugin.go): GetPluginInfo, CheckConfig with the inputs
   * (`version` added, secrets stripped), then Configure with the checked inputs as `args` and as the legacy
   * `variables` map (`<pkg>:config:<key>`, plain text, without `version`).
   */
  async load(pkg: string, providerUrn: string, inputs: PropertyMap): Promise<void> {
    const { providerPb, emptyPb } = pulumiSdk();
    const info = await this.call("GetPluginInfo", this.client.getPluginInfo.bind(this.client), new emptyPb.Empty());
    const check = new providerPb.CheckRequest().setUrn(providerUrn).setOlds(toStruct({})).setNews(toStruct(stripSecrets({ version: info.getVersion(), ...inputs })));
    const checked = await this.call("CheckConfig", this.client.checkConfig.bind(this.client), check);
    const failures = checked.getFailuresList().map((failure) => `${failure.getProperty()}: ${failure.getReason()}`);
    if (failures.length > 0) throw new Error(`${pkg} provider: ${failures.join("; ")}`);
    const args = checked.getInputs()?.toJavaScript() ?? {};
    const configure = new providerPb.ConfigureRequest().setUrn(providerUrn).setArgs(toStruct(args)).setAcceptsecrets(true).setAcceptresources(true);
    for (const [key, value] of Object.entries(args)) {
      if (key !== "version") configure.getVariablesMap().set(`${pkg}:config:${key}`, typeof value === "string" ? value : JSON.stringify(value));
    }
    await this.call("Configure", this.client.configure.bind(this.client), configure);
  }

  /**
   * Cancel, as the engine sends it at the end of every run; then the engine's end of the stdin pipe is closed, as
   * when the CLI exits, and the plugin must exit by itself. Fails if it does not.
   */
  override async stop(): Promise<void> {
    const { emptyPb, grpc } = pulumiSdk();
    await new Promise<void>((resolve) => {
      this.client.cancel(new emptyPb.Empty(), new grpc.Metadata(), { deadline: Date.now() + CANCEL_BUDGET_MS }, () => resolve());
    });
    this.child.stdin?.end();
    await waitUpTo(this.exited, STDIN_EXIT_BUDGET_MS);
    const outlived = this.child.exitCode === null && this.child.signalCode === null;
    await super.stop();
    if (outlived) throw new Error(`${this.label} (pid ${this.pid}) was still running ${STDIN_EXIT_BUDGET_MS} ms after its stdin closed: it would outlive the CLI`);
  }
}
