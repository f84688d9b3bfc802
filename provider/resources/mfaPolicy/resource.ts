/**
 * Program side of MfaPolicy (type token `pulumi-nodejs:dynamic/tenant:MfaPolicy`). The class and its Args are
 * generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place in dist/.
 */
export { MfaPolicy, type MfaPolicyArgs } from "./resource.generated";
export type { MfaPolicyName } from "../enums";
