/**
 * Host side of SnsPushProvider: the tenant's one SNS configuration, id the tenant's domain. Create and update PUT
 * all five fields; an update without the secret key (an imported one, say) PATCHes the other four, keeping the key
 * the tenant holds; refresh is one GET; delete PUTs them as null (the API has no DELETE). The write's answer echoes
 * the AWS secret key: the response schema drops it and the call names it for redaction, so it reaches nothing.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { recordConfiguration, tenantConnection, tenantDomain, type TenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { checkKeepingSecret, parseCheckedInputs } from "../common/validation";
import { connectionForId, reportRefusedClear } from "../common/tenantCredentials";
import { compact, differs, withoutProviderKey, type PropertyBag } from "../common/values";
import { snsPushProviderDefinition as definition, type SnsPushProviderOutputs } from "./definition";
import {
  CLEARED_SNS,
  SNS_ECHOED_SECRET_FIELDS,
  SNS_PATH,
  expandSns,
  expandSnsKeepingSecret,
  flattenSns,
  snsResponse,
  type FlattenedSns,
  type SnsPatchRequest,
  type SnsRequest,
} from "./wire";

const WHAT = definition.name;
const NOUN = "SNS configuration";

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(olds: unknown, news: unknown): Promise<CheckResult> {
  // An existing configuration may leave the secret key out or give "" (as imported code does): the tenant keeps its own.
  return checkKeepingSecret(definition.inputs, olds, news, "awsSecretAccessKey");
}

/** Inputs of an update, where the secret key may be left out (kept as the tenant holds it). */
const updateInputs = definition.inputs.extend({ awsSecretAccessKey: definition.inputs.shape.awsSecretAccessKey.optional() });

/** An ARN the service reports as null and one the program leaves out are the same: unset. */
const unsetIsNull = (recorded: unknown, desired: unknown): boolean => differs(recorded ?? null, desired ?? null);

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  // The secret key is compared with what the program gave last time (kept in state): the service never returns it.
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news), {
    snsApnsPlatformApplicationArn: unsetIsNull,
    snsGcmPlatformApplicationArn: unsetIsNull,
  });
}

/** The secret stored by any handler version, if any (none after `get` or an import). */
function storedSecret(props: PropertyBag): string | undefined {
  return typeof props.awsSecretAccessKey === "string" ? props.awsSecretAccessKey : undefined;
}

/** PUT replaces all five fields; PATCH writes the fields given (the secret key is then kept). */
async function writeSns(
  { client }: TenantConnection,
  method: "PUT" | "PATCH",
  body: SnsRequest | SnsPatchRequest,
  operation: string,
  secrets: (string | undefined)[],
): Promise<FlattenedSns> {
  const response = await client.request(method, SNS_PATH, {
    operation,
    schema: snsResponse,
    body,
    secrets,
    secretResponseFields: SNS_ECHOED_SECRET_FIELDS,
  });
  return flattenSns(response);
}

function outputsOf(live: FlattenedSns, awsSecretAccessKey: string | undefined): SnsPushProviderOutputs {
  return compact({ ...live, awsSecretAccessKey, schemaVersion: 1 });
}

export async function create(inputs: unknown): Promise<CreateResult<SnsPushProviderOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const connection = await tenantConnection();
  const live = await writeSns(connection, "PUT", expandSns(desired), "set SNS push credentials", [desired.awsSecretAccessKey]);
  return { id: tenantDomain(connection.settings), outs: outputsOf(live, desired.awsSecretAccessKey) };
}

export async function read(id: string, props: unknown): Promise<ReadResult> {
  const stored = withoutProviderKey(props);
  const connection = await connectionForId(WHAT, NOUN, id, props);
  const secret = storedSecret(stored);
  const response = await connection.client.request("GET", SNS_PATH, {
    operation: "get SNS push credentials",
    schema: snsResponse,
    secrets: [secret],
    secretResponseFields: SNS_ECHOED_SECRET_FIELDS,
  });
  const live = flattenSns(response);
  const inputs = compact({
    awsAccessKeyId: live.awsAccessKeyId ?? undefined,
    awsSecretAccessKey: secret,
    awsRegion: live.awsRegion ?? undefined,
    snsApnsPlatformApplicationArn: live.snsApnsPlatformApplicationArn ?? undefined,
    snsGcmPlatformApplicationArn: live.snsGcmPlatformApplicationArn ?? undefined,
  });
  return { id, props: outputsOf(live, secret), inputs };
}

export async function update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<SnsPushProviderOutputs>> {
  const desired = parseCheckedInputs(updateInputs, news, WHAT);
  const connection = await connectionForId(WHAT, NOUN, id, olds);
  const { awsSecretAccessKey } = desired;
  const secrets = [awsSecretAccessKey, storedSecret(withoutProviderKey(olds))];
  const live =
    awsSecretAccessKey === undefined
      ? await writeSns(connection, "PATCH", expandSnsKeepingSecret(desired), "update SNS push credentials", secrets)
      : await writeSns(connection, "PUT", expandSns({ ...desired, awsSecretAccessKey }), "update SNS push credentials", secrets);
  return { outs: outputsOf(live, awsSecretAccessKey) };
}

async function deleteResource(id: string, props: unknown): Promise<void> {
  const connection = await connectionForId(WHAT, NOUN, id, props);
  try {
    await writeSns(connection, "PUT", CLEARED_SNS, "clear SNS push credentials", [storedSecret(withoutProviderKey(props))]);
  } catch (error) {
    reportRefusedClear(
      error,
      `${WHAT} "${id}" was removed from the stack, but the tenant keeps its SNS credentials: clear them in the ` +
        "service's dashboard (the push-notification factor's Amazon SNS settings) or replace them.",
    );
  }
}

export { deleteResource as delete };
