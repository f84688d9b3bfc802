/**
 * One engine run's shared state and the registrations that do not touch a dynamic provider: the snapshot, the
 * steps and errors so far, the scheduling (scheduler.ts), providers — explicit ones and the default
 * `pulumi-nodejs` provider, both resources in state (§8 rule 1) — and components. What a dynamic resource's
 * registration turns into is in register.ts; deletes, refresh and destroy in lifecycle.ts.
 */
import { randomUUID } from "node:crypto";
import { goTimestamp } from "./checkpointFormat";
import { checkFailureMessage, type CheckFailure } from "./diagnostics";
import { DEFAULT_PROVIDER_NAME, NODEJS_PROVIDER_TYPE, defaultProviderUrn, type HostPool } from "./hostPool";
import type { EngineLog } from "./engineLogService";
import { pluginProviderArgs, providerConfigArgs, type StackConfig } from "./project";
import { Limiter, serialQueue } from "./scheduler";
import { STACK_TYPE, type ResourceState } from "./stateStore";
import { changedKeys, cloneProps, isProviderType, makeUrn, registrationState, shortType, StepError, type RegisterRequest, type Step } from "./steps";
import { containsUnknowns, deepEqual, type PropertyMap } from "./values";

/** What the program's registrations do: an update (preview/up), or answer from state for `--run-program` refresh/destroy. */
export type ProgramMode = "update" | "refresh" | "destroy";

export interface DeploymentOptions {
  project: string;
  /** The folder of Pulumi.yaml: source positions are stored relative to it. */
  projectRoot: string;
  stack: string;
  dryRun: boolean;
  hosts: HostPool;
  /** Starting snapshot (the stored state). */
  resources: ResourceState[];
  /** Asks for the snapshot to be saved (never awaited by a step); not called during preview. */
  requestSave: (snapshot: () => readonly ResourceState[]) => void;
  /**
   * Set to write the whole checkpoint at the start and the end of every create, update and delete step, each write
   * awaited by the step, as the file and S3 backends do (pkg/backend/snapshot.go); unset, steps only request
   * folded saves.
   */
  saveStep?: (snapshot: readonly ResourceState[]) => Promise<void>;
  /** The current stack config: the default provider's inputs whenever the program runs. */
  config: StackConfig;
  /** Packages served by a native plugin (Pulumi.yaml `plugins.providers`): their resources get their own default provider. */
  pluginPackages: readonly string[];
  parallelism: number;
  parallelDiff: boolean;
}

/**
 * `created`/`modified` after a step (step.go): a create stamps both; a same step keeps the old ones (and an old
 * state without them stays without); an update of a custom resource keeps `created` and stamps `modified`.
 */
export function stepTimestamps(op: "create" | "same" | "update", old: ResourceState | undefined): Pick<ResourceState, "created" | "modified"> {
  if (op === "create" || !old) {
    const now = goTimestamp();
    return { created: now, modified: now };
  }
  const created = old.created ? { created: old.created } : {};
  if (op === "update") return { ...created, modified: goTimestamp() };
  return { ...created, ...(old.modified ? { modified: old.modified } : {}) };
}

/** A failure whose message is already the engine's diagnostic (no resource prefix added). */
export class DiagnosticError extends StepError {}

export class Deployment {
  readonly steps: Step[] = [];
  readonly errors: string[] = [];
  /** The engine's own warnings (e.g. a provider with unknown inputs). */
  readonly diagnostics: EngineLog[] = [];
  readonly snapshot: ResourceState[];
  readonly dryRun: boolean;
  readonly hosts: HostPool;
  readonly defaultProviderUrn: string;
  /** The step generator: Check (and Diff, unless parallel diff) one registration at a time, in arrival order. */
  readonly generator = serialQueue();
  /** The step executor's workers: Create, Update, Delete, Read. */
  readonly workers: Limiter;
  readonly parallelDiff: boolean;
  readonly projectRoot: string;
  programMode: ProgramMode = "update";
  /** `preview/up --refresh --run-program`: each registration refreshes its stored state first. */
  refreshOnRegister = false;
  stackOutputs: PropertyMap | undefined;
  /** Replaced objects an earlier update failed to delete; they are deleted after the program (rule 7). */
  readonly pendingDeletes: ReadonlySet<ResourceState>;
  private readonly registered = new Set<string>();
  private readonly defaultProvidersReady = new Map<string, Promise<string>>();

  constructor(private readonly opts: DeploymentOptions) {
    this.dryRun = opts.dryRun;
    this.hosts = opts.hosts;
    this.workers = new Limiter(opts.parallelism);
    this.parallelDiff = opts.parallelDiff;
    this.projectRoot = opts.projectRoot;
    this.defaultProviderUrn = defaultProviderUrn(opts.stack, opts.project);
    this.snapshot = structuredClone(opts.resources);
    this.pendingDeletes = new Set(this.snapshot.filter((resource) => resource.delete));
    // Until the program registers them again, providers are configured from their stored inputs (§8 rule 1).
    for (const resource of this.snapshot) {
      if (isProviderType(resource.type) && !resource.delete) this.hosts.defineProvider(resource.urn, resource.inputs);
    }
  }

  wasRegistered(urn: string): boolean {
    return this.registered.has(urn);
  }

  persist(): void {
    if (!this.dryRun) this.opts.requestSave(() => this.snapshot);
  }

  /** The start of a create, update or delete step: with per-step checkpoints, the whole snapshot is written first. */
  async beginStep(): Promise<void> {
    if (!this.dryRun && this.opts.saveStep) await this.opts.saveStep(this.snapshot);
  }

  /** The end of such a step: written again and awaited with per-step checkpoints, else a folded save request. */
  async endStep(): Promise<void> {
    if (this.dryRun) return;
    if (this.opts.saveStep) await this.opts.saveStep(this.snapshot);
    else this.persist();
  }

  record(step: Step): void {
    this.steps.push(step);
  }

  warn(urn: string, message: string): void {
    this.diagnostics.push({ severity: "warning", message, urn });
  }

  /** Runs a step; a failure is recorded (and later registrations refused), then rethrown for the program. */
  async guard<T>(what: string, action: () => Promise<T>): Promise<T> {
    if (this.errors.length > 0) throw new StepError(`${what}: skipped because an earlier step failed`);
    try {
      return await action();
    } catch (error) {
      const message = error instanceof DiagnosticError ? error.message : `${what}: ${(error as Error).message}`;
      this.errors.push(message);
      throw new StepError(message);
    }
  }

  /** Check failures as the engine prints them: the program's top-level input value, `%v`-formatted. */
  checkFailed(req: RegisterRequest, failures: CheckFailure[]): never {
    throw new DiagnosticError(failures.map((failure) => checkFailureMessage(req.type, req.name, req.object, failure)).join("\n"));
  }

  /** The live (not pending-delete) snapshot entry for a URN. */
  live(urn: string): ResourceState | undefined {
    return this.snapshot.find((resource) => resource.urn === urn && !resource.delete);
  }

  upsert(entry: ResourceState): void {
    const index = this.snapshot.findIndex((resource) => resource.urn === entry.urn && !resource.delete);
    if (index >= 0) this.snapshot[index] = entry;
    else this.snapshot.push(entry);
  }

  remove(entry: ResourceState): void {
    const index = this.snapshot.indexOf(entry);
    if (index >= 0) this.snapshot.splice(index, 1);
  }

  claim(type: string, name: string, parent: string | undefined): string {
    const urn = makeUrn(this.opts.stack, this.opts.project, type, name, parent);
    if (this.registered.has(urn)) throw new StepError(`duplicate resource URN '${urn}'; give it a unique name`);
    this.registered.add(urn);
    return urn;
  }

  /** The provider reference a stored resource uses: its own, or the default provider (older state had none). */
  providerOf(resource: ResourceState): string {
    return resource.provider ?? this.defaultProviderUrn;
  }

  /** The package a resource type belongs to: a plugin's (`tenant:index:X` → `tenant`), else pulumi-nodejs. */
  packageOf(type: string): string {
    const pkg = type.slice(0, type.indexOf(":"));
    return this.opts.pluginPackages.includes(pkg) ? pkg : "pulumi-nodejs";
  }

  /**
   * The provider reference for a registration. No explicit provider means the package's default provider
   * (`pulumi-nodejs` for dynamic resources), registered once per run with the current stack config as its inputs
   * and stored in state like any resource.
   */
  providerFor(req: { provider?: string; type: string }): Promise<string> {
    if (req.provider) return Promise.resolve(req.provider);
    const pkg = this.packageOf(req.type);
    let ready = this.defaultProvidersReady.get(pkg);
    if (!ready) {
      ready = this.registerDefaultProvider(pkg);
      this.defaultProvidersReady.set(pkg, ready);
    }
    return ready;
  }

  private async registerDefaultProvider(pkg: string): Promise<string> {
    const native = pkg !== "pulumi-nodejs";
    const type = native ? `pulumi:providers:${pkg}` : NODEJS_PROVIDER_TYPE;
    const urn = native ? makeUrn(this.opts.stack, this.opts.project, type, DEFAULT_PROVIDER_NAME, undefined) : this.defaultProviderUrn;
    // A plugin's provider gets the package's keys without the namespace; the dynamic host gets the whole config.
    const inputs = native ? pluginProviderArgs(this.opts.config, pkg) : providerConfigArgs(this.opts.config);
    this.hosts.defineProvider(urn, inputs);
    this.registered.add(urn);
    const old = this.live(urn);
    // refresh/destroy with --run-program configure from the program but leave the stored provider as it is.
    if (this.programMode !== "update") return `${urn}::${old?.id ?? ""}`;
    const id = old?.id ?? (this.dryRun ? "" : randomUUID());
    const op = !old ? "create" : deepEqual(old.inputs, inputs) ? "same" : "update";
    // No property dependencies, source position or stack trace: the engine registers it itself.
    this.upsert({ urn, type, custom: true, id, inputs, outputs: cloneProps(inputs), dependencies: [], ...stepTimestamps(op, old) });
    this.persist();
    return `${urn}::${id}`;
  }

  /** An explicit provider: its inputs configure its own host. No DiffConfig, so changes are updates. */
  async registerProvider(req: RegisterRequest, urn: string): Promise<{ urn: string; id: string; object: PropertyMap }> {
    const pkg = req.type.slice("pulumi:providers:".length);
    if (req.type !== NODEJS_PROVIDER_TYPE && !this.opts.pluginPackages.includes(pkg)) {
      throw new StepError(`no plugin for provider ${req.type}: list it in Pulumi.yaml's plugins.providers (the stand-in cannot install plugins)`);
    }
    const old = this.live(urn);
    // In preview, a provider whose inputs are not all known is not configured (§8 rule 6).
    const configured = !(this.dryRun && containsUnknowns(req.object));
    this.hosts.defineProvider(urn, req.object, { configured });
    // The engine loads and configures a provider's plugin when the provider is registered.
    if (configured) this.hosts.prestart(urn);
    if (this.programMode !== "update") return { urn, id: old?.id ?? "", object: old?.outputs ?? req.object };
    const op = !old ? "create" : deepEqual(old.inputs, req.object) ? "same" : "update";
    const id = old?.id ?? (this.dryRun ? "" : randomUUID());
    const entry: ResourceState = {
      urn,
      type: req.type,
      custom: true,
      id,
      parent: req.parent,
      inputs: req.object,
      outputs: cloneProps(req.object),
      dependencies: req.dependencies,
      ...(req.protect ? { protect: true } : {}),
      ...registrationState(req),
      ...stepTimestamps(op, old),
    };
    this.upsert(entry);
    this.record({
      op,
      type: req.type,
      name: req.name,
      urn,
      ...(op === "update" ? { diffs: changedKeys(old?.inputs ?? {}, req.object) } : {}),
      ...(old ? { old: { inputs: old.inputs, outputs: old.outputs } } : {}),
      new: { inputs: entry.inputs, outputs: entry.outputs },
    });
    this.persist();
    return { urn, id, object: entry.outputs };
  }

  async registerComponent(req: RegisterRequest, urn: string): Promise<{ urn: string; id: string; object: PropertyMap }> {
    if (this.programMode !== "update") return { urn, id: "", object: {} };
    const old = this.live(urn);
    this.upsert({
      urn,
      type: req.type,
      custom: false,
      parent: req.parent,
      inputs: req.object,
      outputs: old?.outputs ?? {},
      dependencies: req.dependencies,
      ...registrationState(req),
      // A component's update changes no timestamp: only a custom resource's does (UpdateStep.Apply).
      ...stepTimestamps(old ? "same" : "create", old),
    });
    this.persist();
    return { urn, id: "", object: {} };
  }

  /** registerResourceOutputs: the stack's outputs become the stack outputs; a component's are stored. */
  registerOutputs(urn: string, outputs: PropertyMap): void {
    const entry = this.live(urn);
    if (!entry || this.programMode !== "update") return;
    entry.outputs = outputs;
    if (entry.type === STACK_TYPE) this.stackOutputs = outputs;
    this.persist();
  }

  shortName(req: { type: string; name: string }): string {
    return `${shortType(req.type)} '${req.name}'`;
  }
}
