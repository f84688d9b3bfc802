/** Program side of EnrollmentTicket (type token `pulumi-nodejs:dynamic/tenant:EnrollmentTicket`). */
import * as pulumi from "@pulumi/pulumi";
import { enrollmentTicketShim } from "../shim";
import type { LiteralUnion } from "../common/types";

export type EnrollmentFactor =
  | "push-notification"
  | "phone"
  | "email"
  | "otp"
  | "webauthn-roaming"
  | "webauthn-platform";

export interface EnrollmentTicketArgs {
  /** The user the ticket is for (non-empty user id). */
  userId: pulumi.Input<string>;
  /** Alternate address for the enrollment email; by default it goes to the user's own address. */
  email?: pulumi.Input<string>;
  /** `true` emails the user a link to start enrollment. */
  sendMail?: pulumi.Input<boolean>;
  /** Locale of the enrollment email, used together with `sendMail`. */
  emailLocale?: pulumi.Input<string>;
  /**
   * The factor the user must enroll with: `"push-notification"`, `"phone"`, `"email"`, `"otp"`,
   * `"webauthn-roaming"` or `"webauthn-platform"`. Universal Login only.
   */
  factor?: pulumi.Input<LiteralUnion<EnrollmentFactor>>;
  /** Lets a user who already enrolled in MFA enroll additional factors. Universal Login only. */
  allowMultipleEnrollments?: pulumi.Input<boolean>;
  /** Custom domain (3–255 characters) used in the ticket link; sent as a header on this request only. */
  customDomain?: pulumi.Input<string>;
}

/**
 * A multi-factor enrollment ticket: a single-use link that lets the user start enrollment.
 *
 * Every create mints a new ticket, so any input change replaces the resource. The API can neither read
 * nor revoke tickets: refresh keeps the stored state, and destroy only forgets the ticket (it stays
 * usable until used or until it expires, 5 days after creation).
 */
export class EnrollmentTicket extends pulumi.dynamic.Resource {
  /**
   * The ticket's id. Secret, like the URL it is part of; for the same reason the resource's own id is a
   * digest of it (`tkt_…`), not the ticket id.
   */
  declare public readonly ticketId: pulumi.Output<string>;
  /** The enrollment link. Secret: anyone holding it can enroll a factor for the user. Absent after `get`. */
  declare public readonly ticketUrl: pulumi.Output<string>;

  /**
   * Refers to a ticket by its resource id (`tkt_…`, from a stack's state). The API cannot read tickets, so
   * nothing else is known.
   * `pulumi import` does not work for dynamic resources (pulumi/pulumi#16175).
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): EnrollmentTicket {
    return new EnrollmentTicket(name, undefined, { ...opts, id });
  }

  /**
   * @param name The unique name of the resource.
   * @param args What the ticket is for.
   * @param opts Resource options; `provider` may be an explicit tenant `Provider`.
   */
  constructor(name: string, args: EnrollmentTicketArgs, opts?: pulumi.CustomResourceOptions);
  /** Used by `get`: no args, `opts.id` set. */
  constructor(name: string, args: EnrollmentTicketArgs | undefined, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: EnrollmentTicketArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(
      enrollmentTicketShim,
      name,
      {
        userId: args?.userId,
        email: args?.email,
        sendMail: args?.sendMail,
        emailLocale: args?.emailLocale,
        factor: args?.factor,
        allowMultipleEnrollments: args?.allowMultipleEnrollments,
        customDomain: args?.customDomain,
        ticketId: undefined,
        ticketUrl: undefined,
        schemaVersion: undefined,
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["ticketUrl", "ticketId"] }),
      "tenant",
      "EnrollmentTicket",
    );
  }
}
