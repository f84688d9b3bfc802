/**
 * Host side of EnrollmentTicket. Each POST mints a new single-use ticket and the API can neither read
 * nor revoke one, so: any input change replaces, read returns the stored state, delete does nothing,
 * and a POST whose outcome is unknown is never sent again.
 */
import { createHash } from "node:crypto";
import { AmbiguousRequestError } from "../../client/errors";
import { defineHandler } from "../common/defineHandler";
import { enrollmentTicketDefinition as definition } from "./definition";
import { TICKET_PATH, expandTicket, flattenTicket, ticketResponse, type TicketResponse } from "./wire";

/**
 * The resource id: a digest of the ticket id, not the ticket id itself. The ticket id is the secret part
 * of the ticket URL, and Pulumi cannot keep a resource id secret.
 */
function resourceIdOf(ticketId: string): string {
  return `tkt_${createHash("sha256").update(ticketId).digest("hex").slice(0, 32)}`;
}

export const { configure, check, diff, create, read, update, remove, list } = defineHandler(definition, {
  async create(desired, context) {
    const request = expandTicket(desired);
    let response: TicketResponse;
    try {
      response = await context.request("POST", TICKET_PATH, {
        operation: "create enrollment ticket",
        schema: ticketResponse,
        body: request.body,
        headers: request.headers,
      });
    } catch (error) {
      if (!(error instanceof AmbiguousRequestError)) throw error;
      throw new Error(
        `Creating the ${context.what} failed without a clear answer (${error.message}). A ticket may have been minted ` +
          `for the user anyway; it was not retried, because every request mints a new one. Running "pulumi up" ` +
          `again mints another ticket; an unused one expires after 5 days.`,
      );
    }
    const ticket = flattenTicket(response);
    return { id: resourceIdOf(ticket.ticketId), outputs: { ...desired, ...ticket } };
  },

  /** Never reached: diff replaces on every input change. Refuses rather than pretend a ticket changed. */
  async update(id, _stored, _desired, context) {
    throw new Error(`${context.what} "${id}" cannot be updated in place: tickets are immutable, so any input change replaces it.`);
  },

  /** Tickets cannot be revoked through the API; they are single-use and expire after 5 days. Nothing to call. */
  async delete() {},
});
export { remove as delete };
