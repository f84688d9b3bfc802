/**
 * Enrollment ticket on the wire (snake_case) and the two translations: `expand` (checked inputs →
 * request body and header) and `flatten` (response → outputs).
 */
import { z } from "zod";
import { compact } from "../common/values";

export const TICKET_PATH = "/guardian/enrollments/ticket";
/** Sent only on the ticket POST; the real service prefixes its brand. */
export const CUSTOM_DOMAIN_HEADER = "service-custom-domain";

export const ENROLLMENT_FACTORS = [
  "push-notification",
  "phone",
  "email",
  "otp",
  "webauthn-roaming",
  "webauthn-platform",
] as const;

export const ticketResponse = z.object({
  ticket_id: z.string().min(1),
  ticket_url: z.string().min(1),
});
export type TicketResponse = z.infer<typeof ticketResponse>;

export interface TicketArgs {
  userId: string;
  email?: string;
  sendMail?: boolean;
  emailLocale?: string;
  factor?: string;
  allowMultipleEnrollments?: boolean;
  customDomain?: string;
}

export interface TicketRequest {
  body: {
    user_id: string;
    email?: string;
    send_mail?: boolean;
    email_locale?: string;
    factor?: string;
    allow_multiple_enrollments?: boolean;
  };
  headers: Record<string, string>;
}

/** Only the fields the user set; `customDomain` travels as a header, not in the body. */
export function expandTicket(args: TicketArgs): TicketRequest {
  return {
    body: compact({
      user_id: args.userId,
      email: args.email,
      send_mail: args.sendMail,
      email_locale: args.emailLocale,
      factor: args.factor,
      allow_multiple_enrollments: args.allowMultipleEnrollments,
    }),
    headers: args.customDomain === undefined ? {} : { [CUSTOM_DOMAIN_HEADER]: args.customDomain },
  };
}

export function flattenTicket(response: TicketResponse): { ticketId: string; ticketUrl: string } {
  return { ticketId: response.ticket_id, ticketUrl: response.ticket_url };
}
