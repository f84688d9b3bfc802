/**
 * Host side of MfaFactor. The id is the factor's name; the outputs name the tenant, so a moved `tenant:domain`
 * fails instead of switching another tenant's factor. Create remembers whether the factor was on; delete puts
 * that back and touches no other factor. Every read is one GET of the factor list.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { getNotFoundError, isReadForGet } from "../common/get";
import { assertSameTenant } from "../common/tenantGuard";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { differs, withoutProviderKey, type PropertyBag } from "../common/values";
import { MFA_FACTOR_NAMES, isMfaFactorName } from "../enums";
import { mfaFactorDefinition as definition, type MfaFactorOutputs } from "./definition";
import {
  FACTORS_PATH,
  expandFactor,
  factorListResponse,
  factorPath,
  factorResponse,
  flattenFactor,
  flattenFactorResponse,
  type FactorState,
} from "./wire";

const WHAT = definition.name;
const DEFAULT_ENABLED = true;
const KNOWN_FACTORS = MFA_FACTOR_NAMES.map((name) => `"${name}"`).join(", ");

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(_olds: unknown, news: unknown): Promise<CheckResult> {
  return checkInputs(definition.inputs, news);
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    // Left out means on: a program that drops `enabled: true` changes nothing.
    enabled: (recorded, desired) => differs(recorded, desired ?? DEFAULT_ENABLED),
  });
}

/** Stored outputs of any handler version; `tenantDomain` is null only when none was stored. */
function storedFactor(props: PropertyBag): Omit<MfaFactorOutputs, "tenantDomain"> & { tenantDomain: string | null } {
  return {
    factor: typeof props.factor === "string" ? props.factor : "",
    enabled: props.enabled === true,
    trialExpired: props.trialExpired === true,
    previousEnabled: typeof props.previousEnabled === "boolean" ? props.previousEnabled : null,
    tenantDomain: typeof props.tenantDomain === "string" ? props.tenantDomain : null,
    schemaVersion: 1,
  };
}

/** One GET of the list: the factor as the service reports it. */
async function currentFactor({ client }: TenantConnection, factor: string): Promise<FactorState> {
  const list = await client.request("GET", FACTORS_PATH, { operation: "list MFA factors", schema: factorListResponse });
  const found = flattenFactor(list, factor);
  if (found === undefined) {
    const listed = list.map((item) => `"${item.name}"`).join(", ") || "none";
    throw new Error(`${WHAT} "${factor}": the tenant's factor list has no such factor (it lists ${listed}).`);
  }
  return found;
}

async function switchFactor({ client }: TenantConnection, factor: string, enabled: boolean): Promise<boolean> {
  const response = await client.request("PUT", factorPath(factor), {
    operation: `${enabled ? "enable" : "disable"} MFA factor ${factor}`,
    schema: factorResponse,
    body: expandFactor(enabled),
  });
  return flattenFactorResponse(response, enabled);
}

export async function create(inputs: unknown): Promise<CreateResult<MfaFactorOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  const before = await currentFactor(connection, desired.factor);
  const enabled = await switchFactor(connection, desired.factor, desired.enabled ?? DEFAULT_ENABLED);
  return {
    id: desired.factor,
    outs: {
      factor: desired.factor,
      enabled,
      trialExpired: before.trialExpired,
      previousEnabled: before.enabled,
      tenantDomain: tenantDomain(connection.settings),
      schemaVersion: 1,
    },
  };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const forGet = isReadForGet(props);
  if (!isMfaFactorName(id)) {
    const detail = `no such factor; the known factors are ${KNOWN_FACTORS}.`;
    throw forGet ? getNotFoundError(WHAT, id, detail) : new Error(`${WHAT} "${id}": ${detail}`);
  }
  const connection = await tenantConnection();
  const stored = storedFactor(withoutProviderKey(props));
  const domain = stored.tenantDomain ?? tenantDomain(connection.settings);
  assertSameTenant(WHAT, id, domain, connection);
  const now = await currentFactor(connection, id);
  const outputs: MfaFactorOutputs = { ...stored, factor: id, ...now, tenantDomain: domain };
  return { id, props: outputs, inputs: { factor: id, enabled: now.enabled } };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<MfaFactorOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, news, WHAT);
  const connection = await tenantConnection();
  const stored = storedFactor(withoutProviderKey(olds));
  const domain = stored.tenantDomain ?? tenantDomain(connection.settings);
  assertSameTenant(WHAT, id, domain, connection);
  const enabled = await switchFactor(connection, desired.factor, desired.enabled ?? DEFAULT_ENABLED);
  return { outs: { ...stored, factor: desired.factor, enabled, tenantDomain: domain } };
}

/** The API has no DELETE for a factor: destroying the resource puts back what create found. */
async function deleteResource(id: string, props: unknown): Promise<void> {
  const stored = storedFactor(withoutProviderKey(props));
  // Nothing recorded (after get or import): leave the factor as it is.
  if (stored.previousEnabled === null) return;
  const connection = await tenantConnection();
  assertSameTenant(WHAT, id, stored.tenantDomain ?? tenantDomain(connection.settings), connection);
  await switchFactor(connection, stored.factor || id, stored.previousEnabled);
}

export { deleteResource as delete };
