/**
 * The parts of a run that work from state rather than from the program: deleting what the program no longer
 * declares (and replaced objects), refresh and destroy. Always with the stored outputs, on the step executor's
 * workers; deletes wait for the deletes of their dependents, as the engine's delete chains do.
 */
import { DiagnosticError, type Deployment } from "./deployment";
import type { ResourceState } from "./stateStore";
import { changedKeys, isProviderType, nameOfUrn, reverseDependencyOrder, resourceEdges, shortType } from "./steps";
import { goTimestamp } from "./checkpointFormat";
import { receivedOutputs, sent } from "./providerValues";
import { deepEqual, markSecretKeys } from "./values";

function isManagedDynamic(resource: ResourceState): boolean {
  return resource.custom && !resource.external && !isProviderType(resource.type);
}

function protectedError(urn: string): DiagnosticError {
  return new DiagnosticError(
    `resource "${urn}" cannot be deleted\nbecause it is protected. To unprotect the resource, either remove the \`protect\` flag from the resource in your Pulumi program and run \`pulumi up\`, or use the command:\n\`pulumi state unprotect '${urn}'\``,
  );
}

/**
 * Deletes one entry: a Delete on its host for a managed object (not for `retainOnDelete`); providers, reads and
 * components just leave state. A protected resource is refused, in preview too; a replaced one never is.
 */
async function deleteEntry(deployment: Deployment, resource: ResourceState): Promise<void> {
  const name = nameOfUrn(resource.urn);
  const replaced = resource.delete === true;
  await deployment.guard(`${shortType(resource.type)} '${name}' (delete)`, async () => {
    if (!replaced && resource.protect) throw protectedError(resource.urn);
    if (isManagedDynamic(resource) && !resource.retainOnDelete && !deployment.dryRun) {
      await deployment.workers.run(async () => {
        await deployment.beginStep();
        const host = await deployment.hosts.get(deployment.providerOf(resource));
        await host.delete(resource.id ?? "", resource.urn, sent(host, resource.outputs), sent(host, resource.inputs));
      });
    }
  });
  // An object replaced in this run is part of its "replace" step; the default provider is hidden, as the CLI hides it.
  const earlierReplacement = deployment.pendingDeletes.has(resource);
  const hidden = (replaced && !earlierReplacement) || resource.urn === deployment.defaultProviderUrn;
  if (!hidden && resource.custom && !resource.external) {
    const op = earlierReplacement ? "delete-replaced" : "delete";
    deployment.record({ op, type: shortType(resource.type), name, urn: resource.urn, old: { inputs: resource.inputs, outputs: resource.outputs } });
  }
  if (!deployment.dryRun) {
    deployment.remove(resource);
    await deployment.endStep();
  }
}

/** Deletes in parallel, each resource only after every doomed resource that depends on it is gone. */
async function deleteAll(deployment: Deployment, doomed: readonly ResourceState[]): Promise<void> {
  const finished = new Map<ResourceState, Promise<void>>();
  for (const resource of reverseDependencyOrder(doomed)) {
    const dependents = doomed.filter((other) => other !== resource && resourceEdges(other).includes(resource.urn));
    const waits = dependents.map((dependent) => finished.get(dependent) ?? Promise.resolve());
    finished.set(
      resource,
      Promise.all(waits).then(() => deleteEntry(deployment, resource)),
    );
  }
  const outcomes = await Promise.allSettled(finished.values());
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failure) throw failure.reason;
}

/** After a successful program: replaced objects pending delete, then resources the program no longer declares. */
export function deleteRemoved(deployment: Deployment): Promise<void> {
  return deleteAll(
    deployment,
    deployment.snapshot.filter((resource) => resource.delete || !deployment.wasRegistered(resource.urn)),
  );
}

export function destroyAll(deployment: Deployment): Promise<void> {
  return deleteAll(deployment, [...deployment.snapshot]);
}

/**
 * The engine's RefreshStep: Read with the stored outputs and inputs; an empty id drops the resource; otherwise the
 * outputs are replaced, and the inputs too when the provider returns them. Whether it reports a change is the
 * provider's Diff of the refreshed state against the old inputs (inverted, 3.120+); for a resource read with
 * `.get`, a comparison of outputs. Uses the resource's stored provider unless a program run registered another.
 */
export async function refreshOne(deployment: Deployment, resource: ResourceState, provider = deployment.providerOf(resource)): Promise<ResourceState | undefined> {
  const name = nameOfUrn(resource.urn);
  const base = { type: shortType(resource.type), name, urn: resource.urn };
  const old = { inputs: resource.inputs, outputs: resource.outputs };
  return deployment.guard(`${base.type} '${name}' (refresh)`, () =>
    deployment.workers.run(async () => {
      const host = await deployment.hosts.get(provider);
      const id = resource.id ?? "";
      const result = await host.read(id, resource.urn, sent(host, resource.outputs), sent(host, resource.inputs));
      if (!result.id) {
        deployment.remove(resource);
        deployment.record({ op: "refresh-delete", ...base, old });
        deployment.persist();
        return undefined;
      }
      const outputs = markSecretKeys(receivedOutputs(host, result.properties, resource.outputs), resource.additionalSecretOutputs ?? []);
      const inputs = result.inputs ? receivedOutputs(host, result.inputs, resource.inputs) : resource.inputs;
      let changed: boolean;
      if (resource.external) {
        changed = !deepEqual(outputs, resource.outputs);
      } else {
        const diff = await host.diff(result.id, resource.urn, sent(host, outputs), sent(host, resource.inputs), sent(host, inputs));
        changed = diff.changes === "some" || (diff.changes === "unknown" && changedKeys(inputs, resource.inputs).length > 0);
      }
      // RefreshStep moves `modified` when the read changed inputs or outputs; for a resource read with `.get`, the
      // inputs compared are those the provider returned (none compares as empty).
      const comparedInputs = resource.external ? (result.inputs ? inputs : {}) : inputs;
      const stateChanged = !deepEqual(comparedInputs, resource.inputs) || !deepEqual(outputs, resource.outputs);
      const refreshed: ResourceState = { ...resource, id: result.id, outputs, inputs, ...(stateChanged ? { modified: goTimestamp() } : {}) };
      deployment.upsert(refreshed);
      deployment.record({ op: changed ? "refresh-update" : "refresh-same", ...base, old, new: { inputs, outputs } });
      deployment.persist();
      return refreshed;
    }),
  );
}

/** Refreshes every custom resource (not providers, not replaced objects awaiting delete), all on the workers. */
export async function refreshAll(deployment: Deployment, only?: (resource: ResourceState) => boolean): Promise<void> {
  const targets = deployment.snapshot.filter((resource) => resource.custom && !resource.delete && !isProviderType(resource.type) && (only?.(resource) ?? true));
  const outcomes = await Promise.allSettled(targets.map((resource) => refreshOne(deployment, resource)));
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failure) throw failure.reason;
}
