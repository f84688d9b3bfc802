/**
 * Enrollment ticket on the wire (snake_case) and the two translations: `expand` (checked inputs →
 * request body and header) and `flatten` (response → outputs).
 */
import { z } from "zod";
import { compact } from "../common/jsonValues";
import type { EnrollmentTicketInputs } from "./definition";

export const TICKET_PATH = "/guardian/enrollments/ticket";
/** Sent only on the ticket POST; the real service prefixes its brand. */
export const CUSTOM_DOMAIN_HEADER = "service-custom-domain";

export const ticketResponse = z.object({
  ticket_id: z.string().min(1),
  ticket_url: z.string().min(1),
});
export type TicketResponse = z.infer<typeof ticketResponse>;


/** The body of the POST. */
export const ticketRequestBody = z.object({
  user_id: z.string(),
  email: z.string().optional(),
  send_mail: z.boolean().optional(),
  email_locale: z.string().optional(),
  factor: z.string().optional(),
  allow_multiple_enrollments: z.boolean().optional(),
});

export interface TicketRequest {
  body: z.infer<typeof ticketRequestBody>;
  headers: Record<string, string>;
}

/** Only the fields the user set; `customDomain` travels as a header, not in the body. */
export function expandTicket(inputs: EnrollmentTicketInputs): TicketRequest {
  return {
    body: compact({
      user_id: inputs.userId,
      email: inputs.email,
      send_mail: inputs.sendMail,
      email_locale: inputs.emailLocale,
      factor: inputs.factor,
      allow_multiple_enrollments: inputs.allowMultipleEnrollments,
    }),
    headers: inputs.customDomain === undefined ? {} : { [CUSTOM_DOMAIN_HEADER]: inputs.customDomain },
  };
}

export function flattenTicket(response: TicketResponse): { ticketId: string; ticketUrl: string } {
  return { ticketId: response.ticket_id, ticketUrl: response.ticket_url };
}
