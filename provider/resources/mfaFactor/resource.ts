/**
 * Program side of MfaFactor (type token `pulumi-nodejs:dynamic/tenant:MfaFactor`). The class and its Args are
 * generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place in dist/.
 */
export { MfaFactor, type MfaFactorArgs } from "./resource.generated";
export type { MfaFactorName } from "../enums";
