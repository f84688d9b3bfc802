/**
 * PhoneTemplate, declared once (see common/definition.ts for the shape): the text of one phone notification type.
 * Its id is the service's `tem_…`; the tenant has at most one custom template per type, so create lists first and
 * adopts only when asked. `adopted` records what an adopted template held, which destroy puts back.
 */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, type InputsOf, type StoredOutputs } from "../common/definition";
import { strictShape } from "../common/validation";

const NOT_MANAGED = "Left out, it is not managed: neither compared nor changed (an update sends the value the service holds).";

const messageBody = (description: string) =>
  property(z.string().min(1).max(20_000).optional(), { description: `${description} ${NOT_MANAGED}`, unmanagedWhenOmitted: true });

const bodyInput = strictShape({
  text: messageBody("The SMS text: 1 to 20,000 characters of Liquid, such as `{{ code | escape }}`."),
  voice: messageBody("The script a voice call reads: 1 to 20,000 characters of Liquid (`{{ pause }}` pauses)."),
}).refine((body) => body.text !== undefined || body.voice !== undefined, { message: "must have text, voice or both" });

const contentInput = strictShape({
  from: property(z.string().min(1).max(16).optional(), {
    description: `The sender's phone number (1 to 16 characters), in place of the phone provider's default sender. ${NOT_MANAGED}`,
    unmanagedWhenOmitted: true,
  }),
  body: property(bodyInput, { description: "The message: its SMS text, its voice script, or both.", typeName: "PhoneTemplateBodyArgs" }),
});

const inputs = strictShape({
  type: property(z.enum(["otp_verify", "otp_enroll", "change_password", "blocked_account", "password_breach"]), {
    description:
      'The notification type: `"otp_verify"` (a verification code), `"otp_enroll"` (an enrollment code), ' +
      '`"change_password"`, `"blocked_account"` or `"password_breach"`. Changing it replaces the resource.',
    onChange: "replace",
    exportedAs: "PhoneTemplateType",
  }),
  disabled: property(z.boolean().default(false), { description: "`true` stops messages of this type; default `false`." }),
  content: property(contentInput, {
    description: "What the message says and who sends it. The syntax is always Liquid.",
    typeName: "PhoneTemplateContentArgs",
  }),
  adoptExisting: property(z.boolean().default(false), {
    description:
      "A tenant has at most one custom template per type. When the type is customized already, create fails naming " +
      "the template's id unless this is `true`; the template is then managed by this resource, changed only where " +
      "these inputs differ, and put back as it was on destroy. Changing only this flag changes nothing.",
    onChange: "ignore",
  }),
});

/** Outputs: the content as the service holds it (a fresh schema per use, each with its own description). */
const contentOutput = (description: string) =>
  property(
    z.object({
      from: property(z.string().optional(), { description: "The sender's phone number; absent when the template has none." }),
      body: property(
        z.object({
          text: property(z.string().optional(), { description: "The SMS text." }),
          voice: property(z.string().optional(), { description: "The voice script." }),
        }),
        { description: "The message's SMS text and voice script.", typeName: "PhoneTemplateBody" },
      ),
    }),
    { description, typeName: "PhoneTemplateContent" },
  );

const outputs = z.object({
  type: property(z.string(), { description: "The notification type." }),
  disabled: property(z.boolean(), { description: "Whether messages of this type are stopped." }),
  content: contentOutput("What the message says and who sends it, as the service holds it."),
  createdAt: property(z.string().optional(), { description: "When the template was customized (ISO 8601)." }),
  updatedAt: property(z.string().optional(), { description: "When the template was last changed (ISO 8601)." }),
  adopted: property(
    z
      .object({
        disabled: property(z.boolean(), { description: "Whether messages of this type were stopped." }),
        content: contentOutput("The content the template had."),
      })
      .nullable(),
    {
      description:
        "What the template held when this resource adopted it (`adoptExisting`, or `pulumi import`), which destroy " +
        "puts back; `null` for a template this resource created, which destroy deletes.",
      typeName: "PhoneTemplateAdoption",
    },
  ),
});

export const phoneTemplateDefinition = defineResource({
  name: "PhoneTemplate",
  module: "phoneTemplate",
  description:
    "The text of one type of the tenant's phone notifications (SMS and voice): the verification and enrollment " +
    "codes, the password-change and blocked-account messages. Create lists the templates first and customizes the " +
    "type with one POST; a type already customized is adopted only with `adoptExisting: true`. Refresh reads it " +
    "back (a text, sender or disabled flag changed by hand is drift). Destroy deletes a template this resource " +
    "created, so the type falls back to the service's default, and puts an adopted one back as it was.",
  getDescription:
    'Reads an existing custom template by the service\'s id (e.g. `"tem_unfGwbzq8aykhGPih5QLs1"`) without managing ' +
    "it. To manage one, declare it with `adoptExisting: true` (or, with the native `tenant` plugin, use " +
    "`pulumi import`, which the TypeScript dynamic resources do not support: pulumi/pulumi#16175).",
  argsDescription: "The desired template.",
  inputs,
  outputs,
  identity: { kind: "service", noun: "phone template", prefix: "tem_" },
  adopts: "whenAsked",
  adoptionRecord: { output: "adopted" },
  echoedInputs: ["adoptExisting"],
  scopes: {
    // create lists first, and adopts (a PATCH where the inputs differ) a type already customized
    create: ["create:phone_templates", "read:phone_templates", "update:phone_templates"],
    read: ["read:phone_templates"],
    update: ["update:phone_templates"],
    // an adopted template is read, and put back (PATCH) instead of deleted
    delete: ["delete:phone_templates", "read:phone_templates", "update:phone_templates"],
  },
  // Adopted as it is; destroy puts an adopted template back as it was, so nothing needs retaining.
  exported: { name: { input: "type", identifierSuffix: "Template" }, order: 300, adoptExisting: true, dependsOn: [{ on: "PhoneProvider" }] },
  warnsOnDestroy: true,
});

export type PhoneTemplateInputs = InputsOf<typeof phoneTemplateDefinition>;
export type PhoneTemplateContentInputs = PhoneTemplateInputs["content"];
export type PhoneTemplateOutputs = StoredOutputs<typeof phoneTemplateDefinition>;
export type PhoneTemplateContent = PhoneTemplateOutputs["content"];
/** What adoption found: the disabled flag and content destroy puts back. */
export type PhoneTemplateRecord = NonNullable<PhoneTemplateOutputs["adopted"]>;
