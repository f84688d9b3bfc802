/** A reader of the inputs half of EnrollmentTicket's outputs as any version stored them. */
import { compact, type PropertyBag } from "../common/values";
import { enrollmentTicketDefinition, type EnrollmentTicketInputs } from "./definition";

/** Every input, in declaration order. */
const TICKET_INPUT_KEYS = Object.keys(enrollmentTicketDefinition.inputs.shape) as (keyof EnrollmentTicketInputs)[];

/** The input half of stored outputs (any handler version), as the inputs a refresh reports. */
export function storedTicketInputs(props: PropertyBag): PropertyBag {
  const inputs: PropertyBag = {};
  for (const key of TICKET_INPUT_KEYS) inputs[key] = props[key];
  return compact(inputs);
}
