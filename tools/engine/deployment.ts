/**
 * The step logic of one engine run, mirroring the Pulumi engine for dynamic providers:
 * what a registration turns into (create / same / update / replace) and which host calls it makes. Secrets
 * are stripped before any host sees a value and re-marked on results; state is persisted after every step except
 * during preview. Deletes, refresh and destroy live in lifecycle.ts.
 */
import { randomUUID } from "node:crypto";
import { HostCallError, type DynamicProviderHost } from "./host";
import type { HostPool } from "./hosts";
import { STACK_TYPE, type ResourceState } from "./state";
import {
  DYNAMIC_TYPE_PREFIX,
  applyIgnoreChanges,
  changedKeys,
  cloneProps,
  isProviderType,
  makeUrn,
  shortType,
  StepError,
  type ReadRequest,
  type RegisterRequest,
  type Step,
} from "./steps";
import { annotateSecrets, deepEqual, markSecretKeys, stripSecrets, type PropertyMap } from "./values";

export interface DeploymentOptions {
  project: string;
  stack: string;
  dryRun: boolean;
  hosts: HostPool;
  /** Starting snapshot (the stored state). */
  resources: ResourceState[];
  /** Saves the snapshot; not called during preview. */
  persist: (resources: ResourceState[]) => Promise<void>;
}

export class Deployment {
  readonly steps: Step[] = [];
  readonly errors: string[] = [];
  readonly snapshot: ResourceState[];
  readonly dryRun: boolean;
  readonly hosts: HostPool;
  stackOutputs: PropertyMap | undefined;
  private readonly registered = new Set<string>();

  constructor(private readonly opts: DeploymentOptions) {
    this.dryRun = opts.dryRun;
    this.hosts = opts.hosts;
    this.snapshot = structuredClone(opts.resources);
    for (const resource of this.snapshot) {
      if (isProviderType(resource.type) && !resource.delete) this.hosts.defineProvider(resource.urn, resource.inputs);
    }
  }

  wasRegistered(urn: string): boolean {
    return this.registered.has(urn);
  }

  async persist(): Promise<void> {
    if (!this.dryRun) await this.opts.persist(this.snapshot);
  }

  record(step: Step): void {
    this.steps.push(step);
  }

  /** Runs a step; a failure is recorded (and later registrations refused), then rethrown for the program. */
  async guard<T>(what: string, action: () => Promise<T>): Promise<T> {
    if (this.errors.length > 0) throw new StepError(`${what}: skipped because an earlier step failed`);
    try {
      return await action();
    } catch (error) {
      const message = `${what}: ${(error as Error).message}`;
      this.errors.push(message);
      throw new StepError(message);
    }
  }

  registerResource(req: RegisterRequest): Promise<{ urn: string; id: string; object: PropertyMap }> {
    return this.guard(`${shortType(req.type)} '${req.name}'`, async () => {
      const urn = this.claim(req.type, req.name, req.parent);
      if (!req.custom) return this.registerComponent(req, urn);
      if (isProviderType(req.type)) return this.registerProvider(req, urn);
      if (!req.type.startsWith(DYNAMIC_TYPE_PREFIX)) {
        throw new StepError(`the engine stand-in only runs dynamic-provider resources (${DYNAMIC_TYPE_PREFIX}*), not ${req.type}`);
      }
      if (req.importId) throw new StepError("the import option is not supported by dynamic providers; adopt the object instead");
      return this.registerDynamic(req, urn);
    });
  }

  /** Resource.get / opts.id: a Read on the host with properties = inputs = the request's properties. */
  readResource(req: ReadRequest): Promise<{ urn: string; properties: PropertyMap }> {
    return this.guard(`${shortType(req.type)} '${req.name}' (read)`, async () => {
      const urn = this.claim(req.type, req.name, req.parent);
      const host = await this.hosts.get(req.provider);
      const plain = stripSecrets(req.properties);
      const result = await host.read(req.id, urn, plain, plain);
      if (!result.id) throw new StepError(`resource with id '${req.id}' does not exist`);
      const outputs = markSecretKeys(annotateSecrets(result.properties, req.properties), req.additionalSecretOutputs);
      // Returned inputs are kept, as a refresh would, so a later refresh of the same object reports no change.
      const inputs = result.inputs ? annotateSecrets(result.inputs, req.properties) : req.properties;
      this.upsert({
        urn,
        type: req.type,
        custom: true,
        id: result.id,
        parent: req.parent,
        provider: req.provider,
        inputs,
        outputs,
        dependencies: req.dependencies,
        additionalSecretOutputs: req.additionalSecretOutputs,
        external: true,
      });
      this.record({ op: "read", type: shortType(req.type), name: req.name, urn });
      await this.persist();
      return { urn, properties: outputs };
    });
  }

  /** registerResourceOutputs: the stack's outputs become the stack outputs; a component's are stored. */
  async registerOutputs(urn: string, outputs: PropertyMap): Promise<void> {
    const entry = this.live(urn);
    if (!entry) return;
    entry.outputs = outputs;
    if (entry.type === STACK_TYPE) this.stackOutputs = outputs;
    await this.persist();
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

  private claim(type: string, name: string, parent: string | undefined): string {
    const urn = makeUrn(this.opts.stack, this.opts.project, type, name, parent);
    if (this.registered.has(urn)) throw new StepError(`duplicate resource URN '${urn}'; give it a unique name`);
    this.registered.add(urn);
    return urn;
  }

  private async registerComponent(req: RegisterRequest, urn: string) {
    const old = this.live(urn);
    this.upsert({ urn, type: req.type, custom: false, parent: req.parent, inputs: req.object, outputs: old?.outputs ?? {}, dependencies: req.dependencies });
    await this.persist();
    return { urn, id: "", object: {} };
  }

  /** An explicit provider: its inputs configure its own host. No DiffConfig, so changes are updates. */
  private async registerProvider(req: RegisterRequest, urn: string) {
    if (req.type !== "pulumi:providers:pulumi-nodejs") throw new StepError(`only pulumi-nodejs providers can run here, not ${req.type}`);
    const old = this.live(urn);
    const op = !old ? "create" : deepEqual(old.inputs, req.object) ? "same" : "update";
    const id = old?.id ?? (this.dryRun ? "" : randomUUID());
    this.hosts.defineProvider(urn, req.object);
    const entry: ResourceState = {
      urn,
      type: req.type,
      custom: true,
      id,
      parent: req.parent,
      inputs: req.object,
      outputs: cloneProps(req.object),
      dependencies: req.dependencies,
    };
    this.upsert(entry);
    this.record({ op, type: req.type, name: req.name, urn, ...(op === "update" ? { diffs: changedKeys(old?.inputs ?? {}, req.object) } : {}) });
    await this.persist();
    return { urn, id, object: entry.outputs };
  }

  private async registerDynamic(req: RegisterRequest, urn: string) {
    const previous = this.live(urn);
    const old = previous && !previous.external ? previous : undefined;
    const host = await this.hosts.get(req.provider);
    const news = old && req.ignoreChanges.length > 0 ? applyIgnoreChanges(req.object, old.inputs, req.ignoreChanges) : req.object;
    const checked = await host.check(urn, stripSecrets(old?.inputs ?? {}), stripSecrets(news));
    if (checked.failures.length > 0) {
      const reasons = checked.failures.map((failure) => (failure.property ? `property ${failure.property}: ${failure.reason}` : failure.reason));
      throw new StepError(`check failed: ${reasons.join("; ")}`);
    }
    const inputs = annotateSecrets(checked.inputs, news);
    if (!old) {
      if (previous) this.remove(previous); // a resource read before is now managed
      const entry = await this.create(req, urn, host, inputs);
      this.record({ op: "create", type: shortType(req.type), name: req.name, urn });
      await this.persist();
      return { urn, id: entry.id ?? "", object: entry.outputs };
    }

    const diff = await host.diff(old.id ?? "", urn, stripSecrets(old.outputs), stripSecrets(inputs), stripSecrets(old.inputs));
    let changes = diff.changes;
    let diffs = diff.diffs;
    if (changes === "unknown") {
      // The provider has no opinion: the engine compares old and new inputs itself.
      diffs = changedKeys(old.inputs, inputs);
      changes = diffs.length > 0 ? "some" : "none";
    }
    const replaceOnChanges = req.replaceOnChanges;
    const replaces = [...new Set([...diff.replaces, ...diffs.filter((key) => replaceOnChanges.includes(key) || replaceOnChanges.includes("*"))])];
    const base = { type: shortType(req.type), name: req.name, urn };

    if (changes === "none") {
      const entry = { ...this.entryFor(req, urn, inputs), id: old.id, outputs: markSecretKeys(cloneProps(old.outputs), req.additionalSecretOutputs) };
      this.upsert(entry);
      this.record({ op: "same", ...base });
      await this.persist();
      return { urn, id: entry.id ?? "", object: entry.outputs };
    }

    const reported = diffs.length > 0 ? diffs : [...new Set([...changedKeys(old.inputs, inputs), ...changedKeys(old.outputs, inputs, inputs)])].sort();
    if (replaces.length === 0) {
      const entry = await this.update(req, urn, host, old, inputs);
      this.record({ op: "update", ...base, diffs: reported });
      await this.persist();
      return { urn, id: entry.id ?? "", object: entry.outputs };
    }

    const deleteFirst = diff.deleteBeforeReplace || req.deleteBeforeReplace;
    if (!this.dryRun && deleteFirst) {
      await host.delete(old.id ?? "", urn, stripSecrets(old.outputs), stripSecrets(old.inputs));
      this.remove(old);
      await this.persist();
    } else if (!this.dryRun) {
      old.delete = true; // deleted after the program, like the engine's delete-replaced steps
    }
    const entry = await this.create(req, urn, host, inputs).catch((error: unknown) => {
      // A plain failure left no replacement, so the old object stays live; after a partial failure the
      // replacement exists and the old object is still deleted later.
      if (!(error instanceof HostCallError && error.initFailure)) delete old.delete;
      throw error;
    });
    this.record({ op: "replace", ...base, diffs: reported, replaces });
    await this.persist();
    return { urn, id: entry.id ?? "", object: entry.outputs };
  }

  private entryFor(req: RegisterRequest, urn: string, inputs: PropertyMap): ResourceState {
    return {
      urn,
      type: req.type,
      custom: true,
      parent: req.parent,
      provider: req.provider,
      inputs,
      outputs: {},
      dependencies: req.dependencies,
      additionalSecretOutputs: req.additionalSecretOutputs,
    };
  }

  /** Create (preview: the engine echoes the inputs, id unknown). A partial failure is recorded as created. */
  private async create(req: RegisterRequest, urn: string, host: DynamicProviderHost, inputs: PropertyMap): Promise<ResourceState> {
    const entry = this.entryFor(req, urn, inputs);
    if (this.dryRun) {
      entry.id = "";
      entry.outputs = markSecretKeys(cloneProps(inputs), req.additionalSecretOutputs);
      this.upsert(entry);
      return entry;
    }
    try {
      const created = await host.create(urn, stripSecrets(inputs));
      entry.id = created.id;
      entry.outputs = markSecretKeys(annotateSecrets(created.properties, inputs), req.additionalSecretOutputs);
    } catch (error) {
      const failure = error instanceof HostCallError ? error.initFailure : undefined;
      if (failure) {
        entry.id = failure.id;
        entry.outputs = markSecretKeys(annotateSecrets(failure.properties, inputs), req.additionalSecretOutputs);
        this.upsert(entry);
        await this.persist();
      }
      throw error;
    }
    this.upsert(entry);
    return entry;
  }

  private async update(req: RegisterRequest, urn: string, host: DynamicProviderHost, old: ResourceState, inputs: PropertyMap): Promise<ResourceState> {
    const entry = { ...this.entryFor(req, urn, inputs), id: old.id };
    if (this.dryRun) {
      entry.outputs = markSecretKeys(cloneProps(inputs), req.additionalSecretOutputs);
      this.upsert(entry);
      return entry;
    }
    const updated = await host.update(old.id ?? "", urn, stripSecrets(old.outputs), stripSecrets(inputs), stripSecrets(old.inputs));
    entry.outputs = markSecretKeys(annotateSecrets(updated.properties, inputs), req.additionalSecretOutputs);
    this.upsert(entry);
    return entry;
  }
}
