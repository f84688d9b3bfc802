// The getPhoneTemplates data function: the tenant's phone notification templates as the service lists them, in one
// call. It runs in the user's program (dynamic providers cannot serve invokes) and shares the HTTP client, its auth
// and its retries with everything else.
import * as pulumi from "@pulumi/pulumi";
import { getClient } from "../client";
import { packageClientOptions } from "../resources/clientOptions";
import { functionToken } from "./definition";
import { dependenciesReady } from "./invokeDependencies";
import { invokeThroughMocks, mocksInUse } from "./mocks";
import { listPhoneTemplates } from "./phoneTemplatesListing";
import { asRunError } from "../resources/common/programErrors";
import { settingsForInvoke } from "./programSettings";
import type { GetPhoneTemplatesResult } from "./getPhoneTemplates.generated";
import { getPhoneTemplatesDefinition } from "./getPhoneTemplatesDefinition";

export type { GetPhoneTemplatesResult, PhoneTemplateInfo, PhoneTemplateInfoBody, PhoneTemplateInfoContent } from "./getPhoneTemplates.generated";

/** The token a unit test's mocks see in `call` for both forms of the function. */
const GET_PHONE_TEMPLATES_TOKEN = functionToken(getPhoneTemplatesDefinition);

/**
 * Reads the tenant's phone notification templates with one GET: each customized type's template with its id, and
 * every other type's default without one (its `from` is `""`). Connection settings come from `opts.provider` (an
 * explicit `Provider`), else the `tenant:*` stack config, else the `TENANT_*` environment variables.
 *
 * Under `pulumi.runtime.setMocks` it calls nothing: the mocks' `call` gets token `tenant:index:getPhoneTemplates`
 * with no args, and its return value is the result.
 */
export async function getPhoneTemplates(opts?: pulumi.InvokeOptions): Promise<GetPhoneTemplatesResult> {
  try {
    if (mocksInUse()) return await invokeThroughMocks<GetPhoneTemplatesResult>(GET_PHONE_TEMPLATES_TOKEN, {}, opts);
    return await listPhoneTemplates(getClient(await settingsForInvoke(opts), packageClientOptions()));
  } catch (error) {
    throw asRunError(error);
  }
}

/**
 * The Output form of {@link getPhoneTemplates}: waits for `opts.dependsOn` (a `PhoneTemplate`, say, to read the
 * listing after it), and stays unknown during preview while any of them is unknown.
 */
export function getPhoneTemplatesOutput(opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetPhoneTemplatesResult> {
  const { dependsOn, ...invokeOpts } = opts ?? {};
  return dependenciesReady(dependsOn).apply(() => getPhoneTemplates(invokeOpts));
}
