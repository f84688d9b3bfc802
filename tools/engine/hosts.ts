/**
 * One dynamic-provider host per provider instance, as the engine runs one plugin process per provider: the
 * default provider's host is configured with the whole stack config, an explicit `pulumi-nodejs` provider
 * resource's host with that resource's inputs. Hosts start on first use and stop when the run ends.
 */
import { DynamicProviderHost } from "./host";
import type { PropertyMap } from "./values";

export const DEFAULT_PROVIDER = "default";

/** The URN part of a provider reference `urn::id` (the id may be unknown during preview). */
export function providerKeyOf(reference: string | undefined): string {
  if (!reference) return DEFAULT_PROVIDER;
  const separator = reference.lastIndexOf("::");
  return separator > 0 ? reference.slice(0, separator) : reference;
}

export interface HostPoolOptions {
  cwd: string;
  project: string;
  env?: NodeJS.ProcessEnv;
  callTimeoutMs?: number;
  /** Configure args of the default provider. */
  defaultConfig: PropertyMap;
}

export class HostPool {
  private readonly hosts = new Map<string, Promise<DynamicProviderHost>>();
  private readonly providerConfigs = new Map<string, PropertyMap>();
  private readonly launches: Promise<DynamicProviderHost>[] = [];
  private readonly started: DynamicProviderHost[] = [];
  private readonly stoppedOutput: string[] = [];

  constructor(private readonly opts: HostPoolOptions) {}

  /** Records an explicit provider's inputs; its host is configured with them when first used. */
  defineProvider(providerUrn: string, inputs: PropertyMap): void {
    const known = this.providerConfigs.get(providerUrn);
    // New settings need a new host (a host is configured once); the old one is still stopped at the end.
    if (known && JSON.stringify(known) !== JSON.stringify(inputs)) this.hosts.delete(providerUrn);
    this.providerConfigs.set(providerUrn, inputs);
  }

  hasProvider(providerUrn: string): boolean {
    return this.providerConfigs.has(providerUrn);
  }

  /** Starts the default provider's host now, so it boots while the program does; errors surface at first use. */
  prestartDefault(): void {
    this.get(undefined).catch(() => undefined);
  }

  /** The configured host for a provider reference (or the default provider). */
  get(reference: string | undefined): Promise<DynamicProviderHost> {
    const key = providerKeyOf(reference);
    let host = this.hosts.get(key);
    if (!host) {
      const config = key === DEFAULT_PROVIDER ? this.opts.defaultConfig : this.providerConfigs.get(key);
      if (!config) return Promise.reject(new Error(`provider ${key} is not registered in this run or in the state`));
      host = this.start(config);
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
    await Promise.all(hosts.map((host) => host.stop()));
    this.stoppedOutput.push(...hosts.map((host) => host.output()));
  }

  private async start(config: PropertyMap): Promise<DynamicProviderHost> {
    const host = await DynamicProviderHost.start({ cwd: this.opts.cwd, env: this.opts.env, project: this.opts.project, callTimeoutMs: this.opts.callTimeoutMs });
    this.started.push(host);
    await host.configure(config, { acceptSecrets: true });
    return host;
  }
}
