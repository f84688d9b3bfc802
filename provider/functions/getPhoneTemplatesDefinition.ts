// getPhoneTemplates declared once: no arguments, and its result, the listing as the service returns it.
import { z } from "zod";
import { property } from "../shapes/property";
import type { FunctionDefinition } from "./definition";

const messageBody = property(
  z.object({
    text: property(z.string().optional(), { description: "The SMS text (Liquid)." }),
    voice: property(z.string().optional(), { description: "The script a voice call reads (Liquid)." }),
  }),
  { description: "The message's SMS text and voice script.", typeName: "PhoneTemplateInfoBody" },
);

const content = property(
  z.object({
    from: property(z.string().optional(), {
      description: 'The sender\'s phone number: `""` in a default, absent when a custom template has none.',
    }),
    body: messageBody,
  }),
  { description: "What the message says and who sends it.", typeName: "PhoneTemplateInfoContent" },
);

const phoneTemplateInfo = property(
  z.object({
    id: property(z.string().optional(), {
      description: "The id (`tem_…`) of a custom template; absent for a default, which has none until the type is customized.",
    }),
    type: property(z.string(), {
      description:
        "The notification type: `otp_verify`, `otp_enroll`, `change_password`, `blocked_account` or `password_breach` " +
        "(a type the service adds later passes through as it is).",
    }),
    disabled: property(z.boolean(), { description: "Whether messages of this type are stopped (a default never is)." }),
    content,
    createdAt: property(z.string().optional(), { description: "Creation time, ISO 8601 UTC; a default's is the time of the listing." }),
    updatedAt: property(z.string().optional(), { description: "Time of the last change, ISO 8601 UTC; a default's is the time of the listing." }),
  }),
  {
    description: "A phone notification template as the service lists it: a custom one with its id, or a type's default without one.",
    typeName: "PhoneTemplateInfo",
  },
);

export const getPhoneTemplatesDefinition = {
  name: "getPhoneTemplates",
  description:
    "Reads the tenant's phone notification templates in one call, as the service lists them: each customized type's " +
    "template with its id, and every other type's default without one, so a program can read a default text before " +
    "customizing it with `PhoneTemplate`.",
  args: z.object({}),
  result: z.object({
    templates: property(z.array(phoneTemplateInfo), { description: "The templates in the service's order: custom ones first, then the defaults." }),
  }),
  scopes: ["read:phone_templates"],
} satisfies FunctionDefinition;
