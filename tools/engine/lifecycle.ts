/**
 * The parts of a run that work from state rather than from the program: deleting what the program no longer
 * declares (and replaced objects), refresh and destroy. Always with the stored outputs, in reverse dependency
 * order, one persisted step at a time.
 */
import type { Deployment } from "./deployment";
import type { ResourceState } from "./state";
import { changedKeys, isProviderType, nameOfUrn, reverseDependencyOrder, shortType } from "./steps";
import { annotateSecrets, deepEqual, markSecretKeys, stripSecrets } from "./values";

function isManagedDynamic(resource: ResourceState): boolean {
  return resource.custom && !resource.external && !isProviderType(resource.type);
}

/** Deletes one entry: a Delete on its host for a managed object; providers, reads and components just leave state. */
async function deleteEntry(deployment: Deployment, resource: ResourceState, report: boolean): Promise<void> {
  const name = nameOfUrn(resource.urn);
  if (isManagedDynamic(resource) && !deployment.dryRun) {
    await deployment.guard(`${shortType(resource.type)} '${name}' (delete)`, async () => {
      const host = await deployment.hosts.get(resource.provider);
      await host.delete(resource.id ?? "", resource.urn, stripSecrets(resource.outputs), stripSecrets(resource.inputs));
    });
  }
  if (report && resource.custom && !resource.external) {
    deployment.record({ op: "delete", type: shortType(resource.type), name, urn: resource.urn });
  }
  if (!deployment.dryRun) {
    deployment.remove(resource);
    await deployment.persist();
  }
}

/** After a successful program: replaced objects pending delete, then resources the program no longer declares. */
export async function deleteRemoved(deployment: Deployment): Promise<void> {
  const doomed = deployment.snapshot.filter((resource) => resource.delete || !deployment.wasRegistered(resource.urn));
  for (const resource of reverseDependencyOrder(doomed)) await deleteEntry(deployment, resource, !resource.delete);
}

/** Before an update: objects a failed earlier update replaced but never deleted. */
export async function deletePendingReplacements(deployment: Deployment): Promise<void> {
  const pending = deployment.snapshot.filter((resource) => resource.delete);
  for (const resource of reverseDependencyOrder(pending)) await deleteEntry(deployment, resource, true);
}

export async function destroyAll(deployment: Deployment): Promise<void> {
  for (const resource of reverseDependencyOrder([...deployment.snapshot])) await deleteEntry(deployment, resource, true);
}

/**
 * Read every object with its stored outputs: an empty id drops it; otherwise the outputs are replaced, and the
 * inputs too when the provider returns them. Secrets are re-marked from what was stored.
 */
export async function refreshAll(deployment: Deployment): Promise<void> {
  for (const resource of [...deployment.snapshot]) {
    if (!resource.custom || resource.delete || isProviderType(resource.type)) continue;
    const name = nameOfUrn(resource.urn);
    const base = { type: shortType(resource.type), name, urn: resource.urn };
    const result = await deployment.guard(`${base.type} '${name}' (refresh)`, async () => {
      const host = await deployment.hosts.get(resource.provider);
      return host.read(resource.id ?? "", resource.urn, stripSecrets(resource.outputs), stripSecrets(resource.inputs));
    });
    if (!result.id) {
      deployment.remove(resource);
      deployment.record({ op: "refresh-delete", ...base });
      await deployment.persist();
      continue;
    }
    const outputs = markSecretKeys(annotateSecrets(result.properties, resource.outputs), resource.additionalSecretOutputs ?? []);
    const inputs = result.inputs ? annotateSecrets(result.inputs, resource.inputs) : resource.inputs;
    const diffs = [...new Set([...changedKeys(resource.outputs, outputs), ...changedKeys(resource.inputs, inputs)])].sort();
    const unchanged = deepEqual(outputs, resource.outputs) && deepEqual(inputs, resource.inputs) && result.id === resource.id;
    deployment.upsert({ ...resource, id: result.id, outputs, inputs });
    deployment.record(unchanged ? { op: "refresh-same", ...base } : { op: "refresh-update", ...base, diffs });
    await deployment.persist();
  }
}
