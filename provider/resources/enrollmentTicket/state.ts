/** EnrollmentTicket's outputs as this version writes them, and a reader of what any version stored. */
import { compact, type PropertyBag } from "../common/values";
import { enrollmentTicketDefinition, type EnrollmentTicketInputs } from "./definition";

/** Every input, in declaration order. */
const TICKET_INPUT_KEYS = Object.keys(enrollmentTicketDefinition.inputs.shape) as (keyof EnrollmentTicketInputs)[];

/** Outputs as written by this version; `schemaVersion` lets later handlers read them. */
export interface EnrollmentTicketOutputs extends EnrollmentTicketInputs {
  ticketId: string;
  /** Secret in state (additionalSecretOutputs): anyone holding it can enroll a factor for the user. */
  ticketUrl?: string;
  schemaVersion: 1;
}

/** The input half of stored outputs (any handler version), as the inputs a refresh reports. */
export function storedTicketInputs(props: PropertyBag): PropertyBag {
  const inputs: PropertyBag = {};
  for (const key of TICKET_INPUT_KEYS) inputs[key] = props[key];
  return compact(inputs);
}
