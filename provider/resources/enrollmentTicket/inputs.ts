/** Inputs of EnrollmentTicket as `check` validates them, and its stored outputs. */
import { z } from "zod";
import { strictShape } from "../common/validation";
import { compact, type PropertyBag } from "../common/values";
import { ENROLLMENT_FACTORS, type TicketArgs } from "./wire";

export const enrollmentTicketInputs = strictShape({
  userId: z.string().min(1),
  email: z.email().optional(),
  sendMail: z.boolean().optional(),
  emailLocale: z.string().min(1).optional(),
  factor: z.enum(ENROLLMENT_FACTORS).optional(),
  allowMultipleEnrollments: z.boolean().optional(),
  customDomain: z.string().min(3).max(255).optional(),
});
export type EnrollmentTicketInputs = z.infer<typeof enrollmentTicketInputs>;

/** Every input; a change to any of them mints a new ticket (replace). */
export const TICKET_INPUT_KEYS = Object.keys(enrollmentTicketInputs.shape) as (keyof EnrollmentTicketInputs)[];

/** Outputs as written by this version; `schemaVersion` lets later handlers read them. */
export interface EnrollmentTicketOutputs extends TicketArgs {
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
