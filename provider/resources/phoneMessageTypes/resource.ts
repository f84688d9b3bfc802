/**
 * Program side of PhoneMessageTypes (type token `pulumi-nodejs:dynamic/tenant:PhoneMessageTypes`). The class and
 * its Args are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place
 * in dist/.
 */
export { PhoneMessageTypes, type PhoneMessageTypesArgs } from "./resource.generated";
export type { PhoneMessageType } from "../enums";
