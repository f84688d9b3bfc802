/**
 * Host side of MfaPolicy. The policy is a tenant singleton without an id of its own, so the resource id is the
 * tenant's domain. Create remembers the policy before; delete puts it back. Every read is one GET.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { isReadForGet } from "../common/get";
import { assertSameTenant, singletonGetError } from "../common/tenantGuard";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { withoutProviderKey, type PropertyBag } from "../common/values";
import { isMfaPolicyName, type MfaPolicyName } from "../enums";
import { mfaPolicyDefinition as definition, type MfaPolicyOutputs } from "./definition";
import { POLICIES_PATH, expandPolicy, flattenPolicy, policiesResponse } from "./wire";

const WHAT = definition.name;

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(_olds: unknown, news: unknown): Promise<CheckResult> {
  return checkInputs(definition.inputs, news);
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news));
}

/** Stored outputs of any handler version. */
function storedPolicy(props: PropertyBag): MfaPolicyOutputs {
  return {
    policy: typeof props.policy === "string" ? props.policy : "",
    previousPolicy: typeof props.previousPolicy === "string" ? props.previousPolicy : null,
    schemaVersion: 1,
  };
}

async function currentPolicy({ client }: TenantConnection): Promise<string> {
  const response = await client.request("GET", POLICIES_PATH, { operation: "get MFA policy", schema: policiesResponse });
  return flattenPolicy(response);
}

async function setPolicy({ client }: TenantConnection, policy: MfaPolicyName): Promise<string> {
  const response = await client.request("PUT", POLICIES_PATH, {
    operation: "set MFA policy",
    schema: policiesResponse,
    body: expandPolicy(policy),
  });
  return flattenPolicy(response);
}

export async function create(inputs: unknown): Promise<CreateResult<MfaPolicyOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  const previousPolicy = await currentPolicy(connection);
  const policy = await setPolicy(connection, desired.policy);
  return { id: tenantDomain(connection.settings), outs: { policy, previousPolicy, schemaVersion: 1 } };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const connection = await tenantConnection();
  if (isReadForGet(props)) {
    const error = singletonGetError(WHAT, "policy", id, connection);
    if (error) throw error;
  }
  assertSameTenant(WHAT, id, id, connection);
  const stored = storedPolicy(withoutProviderKey(props));
  const policy = await currentPolicy(connection);
  const outputs: MfaPolicyOutputs = { ...stored, policy };
  return { id, props: outputs, inputs: { policy } };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<MfaPolicyOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, news, WHAT);
  const connection = await tenantConnection();
  assertSameTenant(WHAT, id, id, connection);
  const stored = storedPolicy(withoutProviderKey(olds));
  const policy = await setPolicy(connection, desired.policy);
  return { outs: { ...stored, policy } };
}

/** The API has no DELETE for the policy: destroying the resource restores what create found. */
async function deleteResource(id: string, props: unknown): Promise<void> {
  const stored = storedPolicy(withoutProviderKey(props));
  // Nothing recorded (after get or import), or nothing we could put back: leave the policy as it is.
  if (!isMfaPolicyName(stored.previousPolicy)) return;
  const connection = await tenantConnection();
  assertSameTenant(WHAT, id, id, connection);
  await setPolicy(connection, stored.previousPolicy);
}

export { deleteResource as delete };
