/**
 * Program side of PushProviderSelection (type token `pulumi-nodejs:dynamic/tenant:PushProviderSelection`).
 * The class and its Args are generated from definition.ts (see provider/build/generateTypes.ts); this
 * module keeps their place in dist/.
 */
export { PushProviderSelection, type PushProviderSelectionArgs } from "./resource.generated";
export type { PushProviderName } from "../enums";
