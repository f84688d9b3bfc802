/**
 * What a registration from the program turns into, mirroring the Pulumi engine for dynamic providers:
 * Check → Create, or Check → Diff → same / update / replace, and `.get` as a ReadStep.
 * Check and Diff run in the step generator (one registration at a time), the operations on the workers.
 * Secrets are stripped before any host sees a value and re-marked on results.
 */
import type { Deployment } from "./deployment";
import { HostCallError, type DiffAnswer, type DynamicProviderHost } from "./providerClient";
import { refreshOne } from "./lifecycle";
import type { ResourceState } from "./stateStore";
import { goTimestamp } from "./checkpointFormat";
import {
  DYNAMIC_TYPE_PREFIX,
  applyIgnoreChanges,
  changedKeys,
  cloneProps,
  isProviderType,
  registrationState,
  sameStepMustWrite,
  shortType,
  StepError,
  type ReadRequest,
  type RegisterRequest,
} from "./steps";
import { checkedInputs, receivedOutputs, sent } from "./providerValues";
import { UNKNOWN_VALUE, deepEqual, markSecretKeys, type PropertyMap } from "./values";

type Registered = { urn: string; id: string; object: PropertyMap };

const UNKNOWN_PROVIDER_WARNING =
  "The provider for this resource has inputs that are not known during preview.\n" +
  "This preview may not correctly represent the changes that will be applied during an update.";

export function registerResource(deployment: Deployment, req: RegisterRequest): Promise<Registered> {
  return deployment.guard(deployment.shortName(req), async () => {
    const urn = deployment.claim(req.type, req.name, req.parent);
    if (!req.custom) return deployment.registerComponent(req, urn);
    if (isProviderType(req.type)) return deployment.registerProvider(req, urn);
    const native = deployment.packageOf(req.type) !== "pulumi-nodejs";
    if (!native && !req.type.startsWith(DYNAMIC_TYPE_PREFIX)) {
      throw new StepError(`the engine stand-in runs dynamic-provider resources (${DYNAMIC_TYPE_PREFIX}*) and the packages of Pulumi.yaml's plugins.providers, not ${req.type}`);
    }
    if (req.importId) {
      throw new StepError(
        native
          ? "the engine stand-in does not mirror the import resource option; use its import command"
          : "the import option is not supported by dynamic providers; adopt the object instead",
      );
    }
    const provider = await deployment.providerFor(req);
    if (deployment.programMode === "destroy") {
      const old = deployment.live(urn);
      return { urn, id: old?.id ?? "", object: old?.outputs ?? req.object };
    }
    if (deployment.programMode === "refresh") {
      const old = deployment.live(urn);
      const refreshed = old && !old.delete ? await refreshOne(deployment, old, provider) : undefined;
      return { urn, id: refreshed?.id ?? "", object: refreshed?.outputs ?? req.object };
    }
    return registerDynamic(deployment, req, urn, provider);
  });
}

async function registerDynamic(deployment: Deployment, req: RegisterRequest, urn: string, provider: string): Promise<Registered> {
  let previous = deployment.live(urn);
  if (previous && !previous.external && deployment.refreshOnRegister) previous = await refreshOne(deployment, previous, provider);
  const old = previous && !previous.external ? previous : undefined;
  const base = { type: shortType(req.type), name: req.name, urn };
  const news = old && req.ignoreChanges.length > 0 ? applyIgnoreChanges(req.object, old.inputs, req.ignoreChanges) : req.object;
  const configured = deployment.hosts.isConfigured(provider);

  // The step generator: Check, then Diff, for one registration at a time.
  const planned = await deployment.generator.run(async () => {
    if (!configured) return { inputs: news, diff: undefined }; // an unconfigured provider's Check echoes the news
    const host = await deployment.hosts.get(provider);
    const checked = await host.check(urn, sent(host, old?.inputs ?? {}), sent(host, news));
    if (checked.failures.length > 0) deployment.checkFailed(req, checked.failures);
    const inputs = checkedInputs(host, checked.inputs, news);
    const diff = old && !deployment.parallelDiff ? await diffOf(host, old, urn, inputs) : undefined;
    return { inputs, diff };
  });
  const inputs = planned.inputs;
  const entry = (): ResourceState => ({
    urn,
    type: req.type,
    custom: true,
    parent: req.parent,
    provider,
    inputs,
    outputs: {},
    dependencies: req.dependencies,
    additionalSecretOutputs: req.additionalSecretOutputs,
    ...(req.protect ? { protect: true } : {}),
    ...(req.retainOnDelete ? { retainOnDelete: true } : {}),
    ...registrationState(req),
  });

  if (!old) {
    if (previous) deployment.remove(previous); // a resource read before is now managed
    const created = await create(deployment, req, entry(), provider);
    deployment.record({ op: "create", ...base, new: { inputs, outputs: created.outputs } });
    await deployment.endStep();
    return { urn, id: created.id ?? "", object: created.outputs };
  }

  let diff = planned.diff;
  if (!configured) {
    // Diff is unavailable, not unknown: an update without comparing inputs, and the engine's warning (rule 6).
    deployment.warn(urn, UNKNOWN_PROVIDER_WARNING);
    diff = { changes: "some", replaces: [], deleteBeforeReplace: false, diffs: [] };
  } else if (!diff) {
    const host = await deployment.hosts.get(provider);
    diff = await diffOf(host, old, urn, inputs);
  }
  const replaceOnChanges = req.replaceOnChanges;
  const replaces = [...new Set([...diff.replaces, ...diff.diffs.filter((key) => replaceOnChanges.includes(key) || replaceOnChanges.includes("*"))])];
  // DiffResult.Replace(): replace keys, or a detailed diff path of a *_REPLACE kind.
  const replace = replaces.length > 0 || Object.values(diff.detailedDiff ?? {}).some((entry) => entry.kind.endsWith("-replace"));
  const before = { inputs: old.inputs, outputs: old.outputs };
  // The step's changed keys: the provider's `diffs` (a native plugin's), or the engine's own comparison.
  const engineKeys = { ...(diff.diffs.length > 0 ? { diffs: diff.diffs } : {}), ...(diff.detailedDiff ? { detailedDiff: diff.detailedDiff } : {}) };

  if (diff.changes === "none") {
    const outputs = markSecretKeys(cloneProps(old.outputs), req.additionalSecretOutputs);
    const same: ResourceState = { ...entry(), id: old.id, outputs, created: old.created, modified: old.modified };
    deployment.upsert(same);
    deployment.record({ op: "same", ...base, old: before, new: { inputs, outputs: same.outputs } });
    // The engine elides the checkpoint write of a same step that changed nothing meaningful (mustWrite).
    if (sameStepMustWrite(old, same)) deployment.persist();
    return { urn, id: same.id ?? "", object: same.outputs };
  }

  if (!replace) {
    const updated = await deployment.workers.run(async () => {
      await deployment.beginStep();
      return update(deployment, req, { ...entry(), id: old.id }, old, provider);
    });
    deployment.record({ op: "update", ...base, ...engineKeys, old: before, new: { inputs, outputs: updated.outputs } });
    await deployment.endStep();
    return { urn, id: updated.id ?? "", object: updated.outputs };
  }

  if (req.protect && old.protect) {
    throw new StepError(
      `unable to replace resource "${urn}"\nas it is currently marked for protection. To unprotect the resource, remove the \`protect\` flag from the resource in your Pulumi program and run \`pulumi up\``,
    );
  }
  // The resource option, when given, overrides the provider's answer (rule 7).
  const deleteFirst = req.deleteBeforeReplace ?? diff.deleteBeforeReplace;
  if (!deployment.dryRun && deleteFirst) {
    await deployment.workers.run(async () => {
      await deployment.beginStep();
      if (!old.retainOnDelete) {
        const host = await deployment.hosts.get(deployment.providerOf(old));
        await host.delete(old.id ?? "", urn, sent(host, old.outputs), sent(host, old.inputs));
      }
    });
    deployment.remove(old);
    await deployment.endStep();
  } else if (!deployment.dryRun) {
    old.delete = true; // deleted after the program, like the engine's delete-replaced steps
  }
  const created = await create(deployment, req, entry(), provider).catch((error: unknown) => {
    // A plain failure left no replacement, so the old object stays live; after a partial failure the
    // replacement exists and the old object is still deleted later.
    if (!(error instanceof HostCallError && error.initFailure)) delete old.delete;
    throw error;
  });
  deployment.record({ op: "replace", ...base, ...engineKeys, replaces, old: before, new: { inputs, outputs: created.outputs } });
  await deployment.endStep();
  return { urn, id: created.id ?? "", object: created.outputs };
}

interface DiffOutcome extends Omit<DiffAnswer, "changes"> {
  changes: "none" | "some";
  /** The provider had no opinion, so the engine compared old and new inputs itself. */
  engineComputed?: boolean;
}

async function diffOf(host: DynamicProviderHost, old: ResourceState, urn: string, inputs: PropertyMap): Promise<DiffOutcome> {
  const diff = await host.diff(old.id ?? "", urn, sent(host, old.outputs), sent(host, inputs), sent(host, old.inputs));
  if (diff.changes !== "unknown") return { ...diff, changes: diff.changes };
  const diffs = changedKeys(old.inputs, inputs);
  return { ...diff, changes: diffs.length > 0 ? "some" : "none", diffs, engineComputed: true };
}

/** Create on a worker (preview: the engine echoes the inputs, id unknown). A partial failure is recorded as created. */
async function create(deployment: Deployment, req: RegisterRequest, entry: ResourceState, provider: string): Promise<ResourceState> {
  if (deployment.dryRun) {
    entry.id = "";
    entry.outputs = markSecretKeys(cloneProps(entry.inputs), req.additionalSecretOutputs);
    stampCreated(entry);
    deployment.upsert(entry);
    return entry;
  }
  try {
    const host = await deployment.hosts.get(provider);
    const created = await deployment.workers.run(async () => {
      await deployment.beginStep();
      return host.create(entry.urn, sent(host, entry.inputs));
    });
    entry.id = created.id;
    entry.outputs = markSecretKeys(receivedOutputs(host, created.properties, entry.inputs), req.additionalSecretOutputs);
    stampCreated(entry);
  } catch (error) {
    const failure = error instanceof HostCallError ? error.initFailure : undefined;
    if (failure) {
      entry.id = failure.id;
      entry.outputs = markSecretKeys(receivedOutputs(await deployment.hosts.get(provider), failure.properties, entry.inputs), req.additionalSecretOutputs);
      stampCreated(entry);
      deployment.upsert(entry);
      deployment.persist();
    }
    throw error;
  }
  deployment.upsert(entry);
  return entry;
}

/** CreateStep: the state is new, so both timestamps are now (a replacement's too). */
function stampCreated(entry: ResourceState): void {
  entry.created = entry.modified = goTimestamp();
}

/** UpdateStep keeps the creation time; a custom resource's update changes `modified`. */
async function update(deployment: Deployment, req: RegisterRequest, entry: ResourceState, old: ResourceState, provider: string): Promise<ResourceState> {
  entry.created = old.created;
  if (deployment.dryRun) {
    entry.outputs = markSecretKeys(cloneProps(entry.inputs), req.additionalSecretOutputs);
  } else {
    const host = await deployment.hosts.get(provider);
    const updated = await host.update(old.id ?? "", entry.urn, sent(host, old.outputs), sent(host, entry.inputs), sent(host, old.inputs));
    entry.outputs = markSecretKeys(receivedOutputs(host, updated.properties, entry.inputs), req.additionalSecretOutputs);
  }
  entry.modified = goTimestamp();
  deployment.upsert(entry);
  return entry;
}

/**
 * Resource.get / opts.id, the engine's ReadStep: Read with properties = inputs = the request's properties. It fails
 * only when the answer has no outputs at all; the inputs Read returns are ignored (rule 2).
 */
export function readResource(deployment: Deployment, req: ReadRequest): Promise<{ urn: string; properties: PropertyMap }> {
  return deployment.guard(`${deployment.shortName(req)} (read)`, async () => {
    const urn = deployment.claim(req.type, req.name, req.parent);
    const provider = await deployment.providerFor(req);
    let outputs: PropertyMap = {};
    let id = req.id;
    if (req.id !== UNKNOWN_VALUE) {
      const host = await deployment.hosts.get(provider);
      const props = sent(host, req.properties);
      const result = await deployment.workers.run(() => host.read(req.id, urn, props, props));
      if (result.noOutputs) throw new StepError(`resource '${req.id}' does not exist`);
      outputs = markSecretKeys(receivedOutputs(host, result.properties, req.properties), req.additionalSecretOutputs);
      if (result.id) id = result.id;
    }
    const old = deployment.live(urn);
    // ReadStep: timestamps only come from an earlier state (a first read has none); `modified` moves on a change.
    const changed = old !== undefined && (!deepEqual(old.inputs, req.properties) || !deepEqual(old.outputs, outputs));
    const entry: ResourceState = {
      urn,
      type: req.type,
      custom: true,
      id,
      parent: req.parent,
      provider,
      inputs: req.properties,
      outputs,
      dependencies: req.dependencies,
      additionalSecretOutputs: req.additionalSecretOutputs,
      external: true,
      ...(old?.created ? { created: old.created } : {}),
      ...(changed ? { modified: goTimestamp() } : old?.modified ? { modified: old.modified } : {}),
      ...(req.sourcePosition ? { sourcePosition: req.sourcePosition } : {}),
      ...(req.stackTrace ? { stackTrace: req.stackTrace } : {}),
    };
    if (deployment.programMode === "update") {
      deployment.upsert(entry);
      deployment.persist();
    }
    deployment.record({ op: "read", type: shortType(req.type), name: req.name, urn, new: { inputs: entry.inputs, outputs } });
    return { urn, properties: outputs };
  });
}

/**
 * An invoke of a plugin's function (`tenant:index:getEventStreams`), on the default or the given provider. The
 * dynamic-provider host serves no invokes, so only plugin packages get here.
 */
export async function invokeFunction(
  deployment: Deployment,
  token: string,
  args: PropertyMap,
  provider: string | undefined,
): Promise<{ result: PropertyMap; failures: { property: string; reason: string }[] }> {
  if (deployment.packageOf(token) === "pulumi-nodejs") throw new StepError(`no provider serves the function ${token}`);
  const host = await deployment.hosts.get(await deployment.providerFor({ provider, type: token }));
  const answer = await host.invoke(token, sent(host, args));
  return { result: receivedOutputs(host, answer.result, {}), failures: answer.failures };
}
