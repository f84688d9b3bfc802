/** PushCustomApp, declared once (see common/definition.ts for the shape): the tenant's own push authenticator app. */
import { z } from "zod";
import { optionalProperties, property } from "../../shapes/property";
import { defineResource, fieldsSettingScopes, tenantSetting, type InputsOf } from "../common/definition";
import { isHttpsUrl, strictShape } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: never compared, and a write sends the tenant's value.";

/** A reason only (no value in it): a store link users open. */
const NOT_HTTPS = 'must be an https URL such as "https://apps.apple.com/app/id123456789" (an empty one is refused: no known call clears a link)';

const storeLink = (store: string, example: string) =>
  property(
    z
      .string()
      .max(2048)
      .refine((value) => isHttpsUrl(value), NOT_HTTPS)
      .optional(),
    { description: `The app's page on ${store}, an https URL such as \`"${example}"\`. ${NOT_MANAGED}`, unmanagedWhenOmitted: true },
  );

const inputs = strictShape({
  appName: property(z.string().min(1).max(255).optional(), {
    description: `The app's name, shown to users who enroll in push (1 to 255 characters). ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  appleAppLink: storeLink("the Apple App Store", "https://apps.apple.com/app/id123456789"),
  googleAppLink: storeLink("Google Play", "https://play.google.com/store/apps/details?id=com.example.app"),
});

const appOutputs = {
  appName: property(z.string().nullable(), { description: "The app's name as the service reports it; `null` when unset." }),
  appleAppLink: property(z.string().nullable(), { description: "The App Store link as the service reports it; `null` when unset." }),
  googleAppLink: property(z.string().nullable(), { description: "The Google Play link as the service reports it; `null` when unset." }),
};

const outputs = z.object({
  ...appOutputs,
  previousApp: property(z.object(optionalProperties(appOutputs)).nullable(), {
    description:
      "Each field of the app the program manages as the tenant had it before the stack first managed it (`null` when " +
      "unset), put back on delete (a field the program leaves out is not recorded, and destroy leaves it as the tenant " +
      "holds it); `null` after `get` or an import, and delete then leaves the app as it is.",
    typeName: "PushCustomAppPreviousApp",
  }),
});

export const pushCustomAppDefinition = defineResource({
  name: "PushCustomApp",
  module: "pushCustomApp",
  description:
    "The tenant's own authenticator app for push MFA: its name and its App Store and Google Play links, which users " +
    'enrolling in push are sent to (the dashboard\'s custom app, used with `PushProviderSelection` `"direct"`). The ' +
    "tenant has one, so the resource id is the tenant's domain and a stack should declare at most one per tenant.\n\n" +
    "Each input may be left out, and is then not managed. Create reads the app, records the fields it manages as " +
    "`previousApp`, and writes " +
    "only when a given field differs, sending all three (those left out as the tenant holds them). Refresh is one read, " +
    "so a change made outside Pulumi shows up as drift; `pulumi destroy` reads the app and puts `previousApp` back (a " +
    "change made by hand undone too, a field left out not touched), with no write when the tenant holds it. No known call clears a field: one the tenant did not have stays as the stack set it, and destroy " +
    "says so.",
  getDescription:
    "Reads the tenant's custom push app without managing it. `id` is the tenant's domain, e.g. " +
    "`\"my-tenant.example.com\"`; any other id fails, naming the configured tenant's domain. `pulumi import` works " +
    "only with the native `tenant` plugin, not with the TypeScript dynamic resources (pulumi/pulumi#16175).",
  argsDescription: "The app to set; each field left out keeps the tenant's.",
  inputs,
  outputs,
  ...tenantSetting({ noun: "custom push app", record: { output: "previousApp", heldWhen: ["appName"] }, scopes: fieldsSettingScopes("prompts") }),
  unpublishedScopes: {
    scopes: ["read:prompts", "update:prompts"],
    basis: "the package's choice (the endpoint, `/prompts/mfa-push`, is a prompts path the service documents nowhere)",
  },
  warnsOnDestroy: true,
  exported: {
    name: { fixed: "push-custom-app" },
    order: 650,
    dependsOn: [{ on: "PushProviderSelection" }],
    skippedWithoutScope: true,
    note: "Only when the tenant holds an app name",
  },
});

export type PushCustomAppInputs = InputsOf<typeof pushCustomAppDefinition>;
