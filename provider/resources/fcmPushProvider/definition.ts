/** FcmPushProvider, declared once (see common/definition.ts for the shape). */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, type InputsOf } from "../common/definition";
import { strictShape } from "../common/validation";

/** Our own rule, stricter than the service (which took a plain string in a recording): a JSON object. */
function isJsonObjectText(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** A reason only: the value is a secret and never appears in a failure. */
const NOT_A_JSON_OBJECT =
  "must be the Firebase service account's key file as text: a JSON object such as the one Google Cloud downloads " +
  '(e.g. `fs.readFileSync("service-account.json", "utf8")`)';

const inputs = strictShape({
  serverCredentials: property(z.string().min(1).refine(isJsonObjectText, NOT_A_JSON_OBJECT), {
    description:
      "The FCM HTTP v1 service account's JSON key, as text (at least 4 characters); checked to be a JSON object before any call. Secret: " +
      "encrypted in state however it is passed, never shown in a diff, log or error. The service cannot read it " +
      "back, so it is compared with the program's previous value only: changing it (a rotation) is an update.",
    secret: true,
    writeOnly: true,
  }),
});

const outputs = z.object({
  serverCredentials: property(z.string(), {
    description: "The service account as the program gave it (the service cannot read it back); always secret.",
    secret: true,
    writeOnly: true,
  }),
});

export const fcmPushProviderDefinition = defineResource({
  name: "FcmPushProvider",
  module: "fcmPushProvider",
  description:
    "The Firebase Cloud Messaging (FCM HTTP v1) service account the tenant's push-notification factor uses for " +
    'Android devices when `PushProviderSelection` selects `"direct"`. The tenant has one, so the resource id is the ' +
    "tenant's domain and a stack should declare at most one per tenant. (The legacy FCM server key is not offered: " +
    "Google retired those keys, and FCM v1 replaces them.)\n\n" +
    "Create **overwrites** whatever service account the tenant holds. The service cannot read it back: refresh " +
    "makes no call and keeps the state as it is, so a change made outside Pulumi is not seen. `pulumi destroy` " +
    "makes no call: no API clears it, so it stays on the tenant (remove it in the service's dashboard).",
  getDescription:
    "Not supported: the service cannot read FCM v1 credentials back, so there is nothing to get or import; any " +
    "`get` fails with that explanation. Declare the resource to manage them.",
  argsDescription: "The FCM v1 service account to apply.",
  unreadable:
    "the service cannot read FCM v1 credentials back, so there is nothing to get or import. Declare the resource " +
    "with serverCredentials to manage them (create overwrites what the tenant holds).",
  inputs,
  outputs,
  identity: { kind: "tenant", noun: "FCM v1 service account" },
  // the service can neither read nor clear it: refresh and delete make no call
  scopes: {
    create: ["update:guardian_factors"],
    read: [],
    update: ["update:guardian_factors"],
    delete: [],
  },
  exported: { skipped: "the service cannot read FCM v1 credentials back; declare FcmPushProvider with the service account to manage them" },
  warnsOnDestroy: true,
});

export type FcmPushProviderInputs = InputsOf<typeof fcmPushProviderDefinition>;
