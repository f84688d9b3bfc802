/**
 * One dynamic-provider host per provider instance, as the engine runs one plugin process per provider. Every
 * provider is a resource with a URN — the default `pulumi-nodejs` provider too — and its host is configured with
 * that resource's inputs: the stack config for the default provider, the arguments for an explicit one. Which
 * inputs those are (the program's, or the ones stored at the last update) is the caller's business (§8 rule 1).
 * Hosts start on first use and stop when the run ends.
 */
import { DynamicProviderHost } from "./providerClient";
import { NativePlugin } from "./nativePlugin";
import { deepEqual, type PropertyMap } from "./values";

export const DEFAULT_PROVIDER_NAME = "default";
export const NODEJS_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";

export function defaultProviderUrn(stack: string, project: string): string {
  return `urn:pulumi:${stack}::${project}::${NODEJS_PROVIDER_TYPE}::${DEFAULT_PROVIDER_NAME}`;
}

/** The URN part of a provider reference `urn::id` (the id may be unknown during preview). */
export function providerKeyOf(reference: string): string {
  // A URN is urn:pulumi:<stack>::<project>::<type>::<name>; a reference adds "::<id>".
  return reference.split("::").length > 4 ? reference.slice(0, reference.lastIndexOf("::")) : reference;
}

/** A provider whose inputs are not known during preview: the engine does not configure it (rule 6 of §8). */
export class UnconfiguredProviderError extends Error {
  override name = "UnconfiguredProviderError";
}

export interface HostPoolOptions {
  cwd: string;
  project: string;
  env?: NodeJS.ProcessEnv;
  callTimeoutMs?: number;
  /** Native plugin executables by package name (Pulumi.yaml `plugins.providers`). */
  plugins?: Record<string, string>;
  /** The run's Engine service (pluginEngineServer.ts): every provider gets it as its argument and logs through it. */
  engineAddress?: string;
  /** PULUMI_CONFIG for a package's plugin: its decrypted stack config, keys without the namespace (JSON). */
  pluginConfigEnv?: (pkg: string) => string;
}

/** The package of a provider URN: `pulumi:providers:<package>` is its type. */
export function providerPackageOf(providerUrn: string): string {
  const type = providerUrn.split("::")[2] ?? "";
  return type.startsWith("pulumi:providers:") ? type.slice("pulumi:providers:".length) : "";
}

interface ProviderDefinition {
  inputs: PropertyMap;
  configured: boolean;
}

export class HostPool {
  private readonly hosts = new Map<string, Promise<DynamicProviderHost>>();
  private readonly providers = new Map<string, ProviderDefinition>();
  private readonly launches: Promise<DynamicProviderHost>[] = [];
  private readonly started: DynamicProviderHost[] = [];
  private readonly stoppedOutput: string[] = [];

  constructor(private readonly opts: HostPoolOptions) {}

  /** Records a provider's inputs; its host is configured with them when first used. `configured: false` = unknowns. */
  defineProvider(providerUrn: string, inputs: PropertyMap, { configured = true } = {}): void {
    const known = this.providers.get(providerUrn);
    // New settings need a new host (a host is configured once); the old one is still stopped at the end. Compared
    // as values: the same settings in another key order (stored state has its map keys sorted) are the same.
    if (known && (!deepEqual(known.inputs, inputs) || known.configured !== configured)) this.hosts.delete(providerUrn);
    this.providers.set(providerUrn, { inputs, configured });
  }

  hasProvider(providerUrn: string): boolean {
    return this.providers.has(providerUrn);
  }

  isConfigured(reference: string): boolean {
    return this.providers.get(providerKeyOf(reference))?.configured ?? false;
  }

  /** Starts a provider's host now, so it boots while the program does; errors surface at first use. */
  prestart(providerUrn: string): void {
    this.get(providerUrn).catch(() => undefined);
  }

  /** The configured host for a provider reference (`urn::id` or a provider URN). */
  get(reference: string): Promise<DynamicProviderHost> {
    const key = providerKeyOf(reference);
    let host = this.hosts.get(key);
    if (!host) {
      const definition = this.providers.get(key);
      if (!definition) return Promise.reject(new Error(`provider ${key} is not registered in this run or in the state`));
      if (!definition.configured) return Promise.reject(new UnconfiguredProviderError(`provider ${key} has inputs that are not known during preview`));
      host = this.start(key, definition.inputs);
      this.hosts.set(key, host);
      this.launches.push(host);
    }
    return host;
  }

  /** Everything every host of this run printed. */
  output(): string {
    return [...this.stoppedOutput, ...this.started.map((host) => host.output())].join("");
  }

  async stopAll(): Promise<void> {
    await Promise.allSettled(this.launches.splice(0)); // a host still booting must not outlive the run
    const hosts = this.started.splice(0);
    this.hosts.clear();
    const stopped = await Promise.allSettled(hosts.map((host) => host.stop()));
    this.stoppedOutput.push(...hosts.map((host) => host.output()));
    const failed = stopped.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
  }

  private async start(providerUrn: string, config: PropertyMap): Promise<DynamicProviderHost> {
    const pkg = providerPackageOf(providerUrn);
    if (pkg !== "pulumi-nodejs") return this.startPlugin(pkg, providerUrn, config);
    const host = await DynamicProviderHost.start({
      cwd: this.opts.cwd,
      env: this.opts.env,
      project: this.opts.project,
      callTimeoutMs: this.opts.callTimeoutMs,
      engineAddress: this.opts.engineAddress,
    });
    this.started.push(host);
    await host.configure(config, { acceptSecrets: true });
    return host;
  }

  /** A native plugin as the engine loads a provider: one process per provider resource (nativePlugin.ts). */
  private async startPlugin(pkg: string, providerUrn: string, inputs: PropertyMap): Promise<NativePlugin> {
    if (!this.opts.engineAddress) throw new Error(`the plugin for package "${pkg}" needs the run's Engine service address`);
    const attachPort = debugProviderPort(pkg, this.opts.env?.PULUMI_DEBUG_PROVIDERS ?? process.env.PULUMI_DEBUG_PROVIDERS);
    const executable = this.opts.plugins?.[pkg];
    if (attachPort === undefined && !executable) {
      throw new Error(`no plugin for package "${pkg}": add it to Pulumi.yaml's plugins.providers (the stand-in cannot download or install plugins)`);
    }
    const env = { ...this.opts.env, PULUMI_CONFIG: this.opts.pluginConfigEnv?.(pkg) ?? "{}" };
    const plugin =
      attachPort === undefined
        ? await NativePlugin.launch(executable!, { cwd: this.opts.cwd, engineAddress: this.opts.engineAddress, env, callTimeoutMs: this.opts.callTimeoutMs })
        : await NativePlugin.attach(attachPort, { engineAddress: this.opts.engineAddress, label: `plugin ${pkg} attached on port ${attachPort}`, callTimeoutMs: this.opts.callTimeoutMs });
    this.started.push(plugin);
    await plugin.load(pkg, providerUrn, inputs);
    return plugin;
  }
}

/** The port PULUMI_DEBUG_PROVIDERS (`aws:12345,tenant:678`) names for `pkg`, as GetProviderAttachPort reads it. */
export function debugProviderPort(pkg: string, setting: string | undefined): number | undefined {
  for (const entry of (setting ?? "").split(",")) {
    const [name, port] = entry.split(":", 2);
    if (name !== pkg || port === undefined) continue;
    if (!/^\d+$/.test(port)) throw new Error(`Expected a numeric port, got ${port} in PULUMI_DEBUG_PROVIDERS`);
    return Number(port);
  }
  return undefined;
}
