/**
 * Program side of EnrollmentTicket (type token `pulumi-nodejs:dynamic/tenant:EnrollmentTicket`). The class
 * and its Args are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps
 * their place in dist/.
 */
export { EnrollmentTicket, type EnrollmentTicketArgs } from "./resource.generated";
export type { EnrollmentFactor } from "../enums";
