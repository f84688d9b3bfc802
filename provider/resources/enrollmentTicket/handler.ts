/**
 * Host side of EnrollmentTicket. Each POST mints a new single-use ticket and the API can neither read
 * nor revoke one, so: any input change replaces, read returns the stored state, delete does nothing,
 * and a POST whose outcome is unknown is never sent again.
 */
import { createHash } from "node:crypto";
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { AmbiguousRequestError } from "../../client";
import { recordConfiguration, tenantConnection } from "../tenantConnection";
import { diffByDefinition, type DefinitionDiff } from "../common/diff";
import { getNotFoundError, isReadForGet } from "../common/get";
import { checkInputs, parseCheckedInputs } from "../common/validation";
import { compact, withoutProviderKey } from "../common/values";
import { enrollmentTicketDefinition as definition, type EnrollmentTicketOutputs } from "./definition";
import { storedTicketInputs } from "./state";
import { TICKET_PATH, TICKET_SECRET_FIELDS, expandTicket, flattenTicket, ticketResponse, type TicketResponse } from "./wire";

const WHAT = definition.name;

/**
 * The resource id: a digest of the ticket id, not the ticket id itself. The ticket id is the secret part
 * of the ticket URL, and Pulumi cannot keep a resource id secret.
 */
function resourceIdOf(ticketId: string): string {
  return `tkt_${createHash("sha256").update(ticketId).digest("hex").slice(0, 32)}`;
}

export async function configure(req: ConfigureRequest): Promise<void> {
  recordConfiguration(req);
}

export async function check(_olds: unknown, news: unknown): Promise<CheckResult> {
  return checkInputs(definition.inputs, news);
}

export async function diff(_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> {
  // Every input replaces (a ticket cannot be edited); deleting the old one is a no-op, so the order does not matter.
  return diffByDefinition(definition, withoutProviderKey(olds), withoutProviderKey(news));
}

export async function create(inputs: unknown): Promise<CreateResult<EnrollmentTicketOutputs>> {
  const desired = parseCheckedInputs(definition.inputs, inputs, WHAT);
  const { client } = await tenantConnection();
  const request = expandTicket(desired);
  let response: TicketResponse;
  try {
    response = await client.request("POST", TICKET_PATH, {
      operation: "create enrollment ticket",
      schema: ticketResponse,
      body: request.body,
      headers: request.headers,
      // The ticket id and link are the secret: a shape error must not quote them.
      secretResponseFields: TICKET_SECRET_FIELDS,
    });
  } catch (error) {
    if (!(error instanceof AmbiguousRequestError)) throw error;
    throw new Error(
      `Creating the ${WHAT} failed without a clear answer (${error.message}). A ticket may have been minted ` +
        `for the user anyway; it was not retried, because every request mints a new one. Running "pulumi up" ` +
        `again mints another ticket; an unused one expires after 5 days.`,
    );
  }
  const ticket = flattenTicket(response);
  return { id: resourceIdOf(ticket.ticketId), outs: compact({ ...desired, ...ticket, schemaVersion: 1 as const }) };
}

/** The API has no read for tickets: the stored state is the truth. */
export async function read(id: string, props: unknown): Promise<ReadResult> {
  // `.get` has no stored state to read, and the service cannot say whether a ticket exists: refuse, never
  // answer with empty outputs (the engine would take that as found).
  if (isReadForGet(props)) {
    throw getNotFoundError(
      WHAT,
      id,
      "the service cannot read enrollment tickets back, so a ticket cannot be looked up by id. Read the ticket's " +
        "outputs from the stack that created it instead (a pulumi.StackReference to its exported outputs).",
    );
  }
  const stored = withoutProviderKey(props);
  const outputs = compact({ ...stored, schemaVersion: 1 });
  return { id, props: outputs, inputs: storedTicketInputs(stored) };
}

/** Never reached: diff replaces on every input change. Refuses rather than pretend a ticket changed. */
export async function update(id: string, _olds: unknown, _news: unknown): Promise<UpdateResult> {
  throw new Error(
    `${WHAT} "${id}" cannot be updated in place: tickets are immutable, so any input change replaces it.`,
  );
}

/** Tickets cannot be revoked through the API; they are single-use and expire after 5 days. */
async function deleteResource(_id: string, _props: unknown): Promise<void> {
  // Nothing to call: forgetting the ticket is all a delete can do.
}

export { deleteResource as delete };
