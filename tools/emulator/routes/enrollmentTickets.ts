// Operation 3: POST an enrollment ticket (200, not 201). Each call mints a new ticket.
//
// Which users exist (the emulator has no user store): a user id of the form `<connection>|<id>` exists
// unless its id part starts with "unknown"; any other id does not exist. So "email|123" exists while
// "email|unknown-1" and "no-pipe" get 404 inexistent_user.
import { apiError, ok } from "../http";
import { describeIssue, validate, type ObjectSchema } from "../schema";
import type { Route } from "./route";

export const CUSTOM_DOMAIN_HEADER = "service-custom-domain";

const ticketSchema: ObjectSchema = {
  type: "object",
  required: ["user_id"],
  properties: {
    user_id: { type: "string", minLength: 1, description: "user_id for the enrollment ticket" },
    email: { type: "string", format: "email", description: "alternate email to which the enrollment email will be sent" },
    send_mail: { type: "boolean", description: "Send an email to the user to start the enrollment" },
    email_locale: { type: "string", description: "Optional. Specify the locale of the enrollment email" },
    factor: {
      type: "string",
      enum: ["push-notification", "phone", "email", "otp", "webauthn-roaming", "webauthn-platform"],
      description: "Optional. Specify the factor the user must enroll with",
    },
    allow_multiple_enrollments: {
      type: "boolean",
      description: "Optional. Allows a user who has previously enrolled in MFA to enroll with additional factors",
    },
  },
};

export function userExists(userId: string): boolean {
  const match = /^[^|\s]+\|(\S+)$/.exec(userId);
  return match !== null && !match[1].startsWith("unknown");
}

export const enrollmentTicketRoutes: Route[] = [
  {
    method: "POST",
    path: "/guardian/enrollments/ticket",
    scope: "create:guardian_enrollment_tickets",
    body: "json",
    handle: ({ state, body, headers, baseUrl }) => {
      const header = headers[CUSTOM_DOMAIN_HEADER];
      const customDomain = Array.isArray(header) ? header.join(",") : header;
      if (customDomain !== undefined && (customDomain.length < 3 || customDomain.length > 255)) {
        return apiError(400, `The \`${CUSTOM_DOMAIN_HEADER}\` HTTP header has an invalid format.`);
      }
      const issue = validate(body, ticketSchema);
      if (issue) return apiError(400, describeIssue("Payload", issue), "invalid_body");
      const request = body as Record<string, unknown>;
      if (!userExists(request.user_id as string)) {
        return apiError(404, "The user does not exist.", "inexistent_user");
      }
      const ticketId = state.ids.ticketId();
      const origin = customDomain === undefined ? baseUrl : `https://${customDomain}`;
      const ticketUrl = `${origin}/mfa/enrollment?ticket=${ticketId}`;
      state.enrollmentTickets.push({
        ticket_id: ticketId,
        ticket_url: ticketUrl,
        request: structuredClone(request),
        customDomain,
        created_at: state.timestamp(),
      });
      return ok({ ticket_id: ticketId, ticket_url: ticketUrl });
    },
  },
];
