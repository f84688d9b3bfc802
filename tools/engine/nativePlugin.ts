/**
 * TEST TOOL — a native resource plugin run the way the CLI runs one (pkg/resource/plugin/plugin.go and
 * provider_plugin.go in pulumi/pulumi): the executable `pulumi-resource-<name>` itself, the engine's address as its
 * only argument, the program directory as working directory, PULUMI_CONFIG (the package's decrypted stack config)
 * in its environment; the port from its first stdout line; Handshake (UNIMPLEMENTED accepted), GetPluginInfo, then
 * CheckConfig with the inputs' secrets stripped and Configure with `args` (secrets as envelopes, `version` among
 * them) and the legacy `variables` map (without `version`, which the engine skips there). Such a plugin accepts
 * secrets: it gets and returns envelopes (providerValues.ts). Its stdin is a pipe from the engine, as under the
 * CLI. At the end of a run it gets Cancel, then its stdin is closed and it must exit: a plugin that would outlive
 * a killed CLI fails the run. Its stderr is kept for leak scans but never shown.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import * as path from "node:path";
import { DynamicProviderHost, HostCallError } from "./providerClient";
import type { PackageSchema } from "./importCode";
import { readPort, waitUpTo } from "./providerProcess";
import { fromStruct, toStruct } from "./structs";
import { assertFile, pulumiSdk } from "./sdk";
import { isSecretEnvelope, stripSecrets, type PropertyMap } from "./values";

const UNIMPLEMENTED = 12;
/** The engine gives Cancel 5 s before it interrupts the plugin (pkg/host/host.go). */
const CANCEL_BUDGET_MS = 5_000;
/** How long a plugin may take to exit once the engine's end of its stdin is closed. */
const STDIN_EXIT_BUDGET_MS = 5_000;

export interface PluginOptions {
  /** The program directory: the plugin's working directory. */
  cwd: string;
  /** The address of the run's Engine service (pluginEngineServer.ts), the plugin's argument. */
  engineAddress: string;
  env?: NodeJS.ProcessEnv;
  callTimeoutMs?: number;
  startTimeoutMs?: number;
}

export class NativePlugin extends DynamicProviderHost {
  /** Spawns the executable and reads its port; then Handshake, which a plugin may leave unimplemented. */
  static async launch(executable: string, opts: PluginOptions): Promise<NativePlugin> {
    assertFile(executable, "resource plugin executable");
    const label = `plugin ${path.basename(executable)}`;
    const child = spawn(executable, [opts.engineAddress], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["pipe", "pipe", "pipe"] });
    const chunks: string[] = [];
    child.stderr?.setEncoding("utf8").on("data", (text: string) => chunks.push(text));
    const port = await readPort(child, chunks, opts.startTimeoutMs ?? 30_000, executable, label);
    const plugin = new NativePlugin(child, chunks, port, opts.callTimeoutMs ?? 60_000, label, true);
    await plugin.handshake(opts.engineAddress, path.dirname(executable), opts.cwd);
    return plugin;
  }

  /**
   * A plugin the user started by hand (e.g. under a debugger) on `port`, as the engine attaches to one named in
   * PULUMI_DEBUG_PROVIDERS (`<pkg>:<port>`, pkg/resource/plugin/provider_plugin.go): dial it, Handshake, then
   * Attach with the engine's address. No process of the engine's: at the end of a run it gets Cancel, and is left
   * running.
   */
  static async attach(port: number, opts: { engineAddress: string; label: string; callTimeoutMs?: number }): Promise<NativePlugin> {
    // Nothing to spawn or stop: a process handle that never exits stands in for the user's process.
    const userProcess = Object.assign(new EventEmitter(), { exitCode: null, signalCode: null, pid: undefined, stdin: null, kill: () => false });
    const plugin = new NativePlugin(userProcess as unknown as ChildProcess, [], port, opts.callTimeoutMs ?? 60_000, opts.label, true);
    plugin.attached = true;
    await plugin.handshake(opts.engineAddress, undefined, undefined);
    const request = new (pulumiSdk().pluginPb.PluginAttach)().setAddress(opts.engineAddress);
    await plugin.call("Attach", plugin.client.attach.bind(plugin.client), request);
    return plugin;
  }

  private attached = false;

  /** When attaching, the engine knows neither directory and sends none. */
  private async handshake(engineAddress: string, rootDirectory: string | undefined, programDirectory: string | undefined): Promise<void> {
    const request = new (pulumiSdk().providerPb.ProviderHandshakeRequest)();
    request.setEngineAddress(engineAddress);
    if (rootDirectory !== undefined) request.setRootDirectory(rootDirectory);
    if (programDirectory !== undefined) request.setProgramDirectory(programDirectory);
    const answered = await this.call("Handshake", this.client.handshake.bind(this.client), request).then(
      () => true,
      (error: unknown) => {
        if (error instanceof HostCallError && error.code === UNIMPLEMENTED) return false;
        throw error;
      },
    );
    // A plugin that answers Handshake gets the newer protocol (preview invokes, URN-configured providers, preview
    // creates), which the stand-in does not mirror.
    if (answered) throw new Error(`${this.label} implements Handshake; the engine stand-in only mirrors plugins that leave it unimplemented`);
  }

  /** The package schema, as the engine loads it for `pulumi import`'s code generator (GetSchema, version 0). */
  async packageSchema(): Promise<PackageSchema> {
    const request = new (pulumiSdk().providerPb.GetSchemaRequest)().setVersion(0);
    const response = await this.call("GetSchema", this.client.getSchema.bind(this.client), request);
    return JSON.parse(response.getSchema()) as PackageSchema;
  }

  async pluginVersion(): Promise<string> {
    const response = await this.call("GetPluginInfo", this.client.getPluginInfo.bind(this.client), new (pulumiSdk().emptyPb.Empty)());
    return response.getVersion();
  }

  /**
   * The engine's provider load for one provider resource of package `pkg` (registry.go, provider_plugin.go):
   * `version` added to the inputs, CheckConfig with secrets stripped, the checked inputs marked secret again by
   * key, then Configure with them as `args` and as the legacy `variables` map (`<pkg>:config:<key>`, plain text).
   */
  async load(pkg: string, providerUrn: string, inputs: PropertyMap): Promise<void> {
    const version = typeof inputs.version === "string" ? inputs.version : await this.pluginVersion();
    const checked = await this.checkConfig(providerUrn, stripSecrets({ ...inputs, version }));
    if (checked.failures.length > 0) {
      throw new Error(checked.failures.map((failure) => `${pkg} provider: ${failure.property ? `${failure.property}: ` : ""}${failure.reason}`).join("\n"));
    }
    const args = Object.fromEntries(Object.entries(checked.inputs).map(([key, value]) => [key, isSecretEnvelope(inputs[key]) ? inputs[key] : value]));
    const { version: _skipped, ...settings } = args;
    void _skipped;
    const variables = Object.fromEntries(
      Object.entries(stripSecrets(settings)).map(([key, value]) => [`${pkg}:config:${key}`, typeof value === "string" ? value : JSON.stringify(value)]),
    );
    await this.configurePlugin(providerUrn, args, variables).catch((error: unknown) => {
      const missing = error instanceof HostCallError ? error.missingKeys : undefined;
      if (!missing?.length) throw error;
      // The engine's words for it (createConfigureError in pkg/resource/plugin/provider_plugin.go).
      throw new Error(
        missing
          .map((key) => `missing required configuration key "${key.name}": ${key.description}\nSet a value using the command \`pulumi config set ${key.name} <value>\`.`)
          .join("\n"),
      );
    });
  }

  private async checkConfig(urn: string, news: PropertyMap): Promise<{ inputs: PropertyMap; failures: { property: string; reason: string }[] }> {
    const request = new (pulumiSdk().providerPb.CheckRequest)();
    request.setUrn(urn).setOlds(toStruct({})).setNews(toStruct(news));
    const response = await this.call("CheckConfig", this.client.checkConfig.bind(this.client), request);
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() })),
    };
  }

  /** Configure carries the provider's URN, so the plugin can name an explicit provider in its errors. */
  private async configurePlugin(providerUrn: string, args: PropertyMap, variables: Record<string, string>): Promise<void> {
    const request = new (pulumiSdk().providerPb.ConfigureRequest)();
    request.setUrn(providerUrn).setArgs(toStruct(args)).setAcceptsecrets(true).setAcceptresources(true).setSendsOldInputs(true).setSendsOldInputsToDelete(true);
    for (const [key, value] of Object.entries(variables)) request.getVariablesMap().set(key, value);
    const response = await this.call("Configure", this.client.configure.bind(this.client), request);
    // What the engine would do differently for these answers (strip secrets, call Create/Update in preview) is not mirrored.
    if (!response.getAcceptsecrets()) throw new Error(`${this.label} answered Configure without acceptSecrets; the engine stand-in only mirrors plugins that accept secrets`);
    if (response.getSupportspreview()) throw new Error(`${this.label} answered Configure with supportsPreview; the engine stand-in does not mirror previews of Create and Update`);
  }

  /**
   * Cancel, as the engine sends it at the end of every run; then the engine's end of the stdin pipe is closed, as
   * when the CLI exits (or is killed), and the plugin must exit by itself. Fails if it does not.
   */
  override async stop(): Promise<void> {
    const { emptyPb, grpc } = pulumiSdk();
    await new Promise<void>((resolve) => {
      this.client.cancel(new emptyPb.Empty(), new grpc.Metadata(), { deadline: Date.now() + CANCEL_BUDGET_MS }, () => resolve());
    });
    if (this.attached) return this.client.close(); // the user's process: theirs to stop
    this.child.stdin?.end();
    await waitUpTo(this.exited, STDIN_EXIT_BUDGET_MS);
    const outlived = this.child.exitCode === null && this.child.signalCode === null;
    await super.stop();
    if (outlived) throw new Error(`${this.label} (pid ${this.pid}) was still running ${STDIN_EXIT_BUDGET_MS} ms after its stdin closed: it would outlive the CLI`);
  }
}
