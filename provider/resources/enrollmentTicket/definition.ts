/** EnrollmentTicket, declared once (see common/definition.ts for the shape). Every input replaces: tickets are immutable. */
import { z } from "zod";
import { property } from "../../shapes/property";
import { defineResource, type InputsOf } from "../common/definition";
import { HOST_NAME_EXPECTED, isHostName, strictShape } from "../common/validation";

const inputs = strictShape({
  userId: property(z.string().min(1), {
    description: "The user the ticket is for (non-empty user id).",
    onChange: "replace",
  }),
  email: property(z.email().optional(), {
    description: "Alternate address for the enrollment email; by default it goes to the user's own address.",
    onChange: "replace",
  }),
  sendMail: property(z.boolean().optional(), {
    description: "`true` emails the user a link to start enrollment.",
    onChange: "replace",
  }),
  emailLocale: property(z.string().min(1).optional(), {
    description: "Locale of the enrollment email, used together with `sendMail`.",
    onChange: "replace",
  }),
  factor: property(z.enum(["push-notification", "phone", "email", "otp", "webauthn-roaming", "webauthn-platform"]).optional(), {
    description:
      'The factor the user must enroll with: `"push-notification"`, `"phone"`, `"email"`, `"otp"`, ' +
      '`"webauthn-roaming"` or `"webauthn-platform"`. Universal Login only.',
    onChange: "replace",
    typeName: "EnrollmentFactor",
    exportedAs: "EnrollmentFactor",
  }),
  allowMultipleEnrollments: property(z.boolean().optional(), {
    description: "Lets a user who already enrolled in MFA enroll additional factors. Universal Login only.",
    onChange: "replace",
  }),
  customDomain: property(z.string().refine(isHostName, { message: HOST_NAME_EXPECTED }).optional(), {
    description:
      'Custom domain used in the ticket link, as a host name such as `"login.example.com"` (no scheme, path or port; ' +
      "an internationalised name in its `xn--` form); sent as a header on this request only.",
    onChange: "replace",
  }),
});

// ticketUrl first: the order of additionalSecretOutputs as registered.
const outputs = z.object({
  ticketUrl: property(z.string(), {
    description: "The enrollment link. Secret: anyone holding it can enroll a factor for the user. Absent after `get`.",
    secret: true,
  }),
  ticketId: property(z.string(), {
    description:
      "The ticket's id. Secret, like the URL it is part of; for the same reason the resource's own id is a digest " +
      "of it (`tkt_…`), not the ticket id.",
    secret: true,
  }),
});

export const enrollmentTicketDefinition = defineResource({
  name: "EnrollmentTicket",
  module: "enrollmentTicket",
  description:
    "A multi-factor enrollment ticket: a single-use link that lets the user start enrollment.\n\n" +
    "Every create mints a new ticket, so any input change replaces the resource. The API can neither read nor " +
    "revoke tickets: refresh keeps the stored state, and destroy only forgets the ticket (it stays usable until " +
    "used or until it expires, 5 days after creation).",
  getDescription:
    "Always fails with an error that says why: the service cannot read enrollment tickets back, so a ticket " +
    "cannot be looked up by id. Read a ticket's outputs from the stack that created it (a `pulumi.StackReference`).",
  argsDescription: "What the ticket is for.",
  inputs,
  outputs,
  identity: { kind: "minted" },
  // A ticket's outputs echo every input: the service cannot read a ticket back.
  echoedInputs: "all",
  unreadable:
    "the service cannot read enrollment tickets back, so a ticket cannot be looked up by id. Read the ticket's " +
    "outputs from the stack that created it instead (a pulumi.StackReference to its exported outputs).",
  // no API reads, changes or revokes a ticket
  scopes: {
    create: ["create:guardian_enrollment_tickets"],
    read: [],
    update: [],
    delete: [],
  },
  exported: { skipped: "enrollment tickets are not settings: each is a one-time link minted for one user" },
});

export type EnrollmentTicketInputs = InputsOf<typeof enrollmentTicketDefinition>;
