/**
 * Host side of ApnsPushProvider: the tenant's one APNs configuration, id the tenant's domain. The service's PUT
 * replaces the whole configuration, so create and every update given the certificate PUT it; an update without it
 * (an imported one, say) PATCHes the bundle id and sandbox flag, keeping the tenant's; refresh is one GET; delete
 * makes no call (no API clears the certificate).
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { showNotice } from "../../client/log";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { checkKeepingSecret, parseCheckedInputs } from "../common/validation";
import { connectionForId } from "../common/tenantCredentials";
import { compact, differs, withoutProviderKey, type PropertyBag } from "../common/values";
import { apnsPushProviderDefinition as definition, type ApnsPushProviderInputs, type ApnsPushProviderOutputs } from "./definition";
import { APNS_PATH, apnsResponse, expandApns, expandApnsKeepingCertificate, flattenApns, type FlattenedApns } from "./wire";

const WHAT = definition.name;
const NOUN = "APNs configuration";

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(olds: unknown, news: unknown): Promise<CheckResult> {
  // An existing configuration may leave the certificate out or give "" (as imported code does): the tenant keeps its own.
  return checkKeepingSecret(definition.inputs, olds, news, "p12");
}

/** Inputs of an update, where the certificate may be left out (kept as the tenant holds it). */
const updateInputs = definition.inputs.extend({ p12: definition.inputs.shape.p12.optional() });
type UpdateInputs = Omit<ApnsPushProviderInputs, "p12"> & { p12?: string };

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  // The certificate is compared with what the program gave last time (kept in state): the service never returns it.
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    sandbox: (recorded, desired) => differs(recorded ?? false, desired ?? false),
  });
}

/** The certificate stored by any handler version, if any (none after `get` or an import). */
function storedCertificate(props: PropertyBag): string | undefined {
  return typeof props.p12 === "string" ? props.p12 : undefined;
}

/** PUT (the whole configuration) when the certificate is given, else PATCH without it (the tenant keeps its own). */
async function writeApns(
  { client }: TenantConnection,
  desired: UpdateInputs,
  operation: string,
  previous?: string,
): Promise<FlattenedApns> {
  const { p12 } = desired;
  const response = await client.request(p12 === undefined ? "PATCH" : "PUT", APNS_PATH, {
    operation,
    schema: apnsResponse,
    body: p12 === undefined ? expandApnsKeepingCertificate(desired) : expandApns({ ...desired, p12 }),
    secrets: [p12, previous],
  });
  return flattenApns(response);
}

function outputsOf(live: FlattenedApns, p12: string | undefined): ApnsPushProviderOutputs {
  return compact({ ...live, p12, schemaVersion: 1 });
}

export async function create(inputs: unknown): Promise<CreateResult<ApnsPushProviderOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  const live = await writeApns(connection, desired, "set APNs push credentials");
  return { id: tenantDomain(connection.settings), outs: outputsOf(live, desired.p12) };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const connection = await connectionForId(WHAT, NOUN, id, props);
  const p12 = storedCertificate(withoutProviderKey(props));
  const response = await connection.client.request("GET", APNS_PATH, {
    operation: "get APNs push credentials",
    schema: apnsResponse,
    secrets: [p12],
  });
  const live = flattenApns(response);
  const inputs = compact({ bundleId: live.bundleId ?? undefined, sandbox: live.sandbox, p12 });
  return { id, props: outputsOf(live, p12), inputs };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<ApnsPushProviderOutputs>> {
  const desired = parseCheckedInputs(updateInputs, news, WHAT);
  const connection = await connectionForId(WHAT, NOUN, id, olds);
  const live = await writeApns(connection, desired, "update APNs push credentials", storedCertificate(withoutProviderKey(olds)));
  return { outs: outputsOf(live, desired.p12) };
}

/** No API clears the certificate: the resource leaves the stack, the certificate stays on the tenant. */
async function deleteResource(id: string, props: unknown): Promise<void> {
  await connectionForId(WHAT, NOUN, id, props);
  showNotice(
    `${WHAT} "${id}" was removed from the stack; the APNs certificate stays on the tenant (no API removes it). ` +
      "Remove it in the service's dashboard (the push-notification factor's Apple settings) if it is no longer wanted.",
  );
}

export { deleteResource as delete };
