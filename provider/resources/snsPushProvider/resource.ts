/**
 * Program side of SnsPushProvider (type token `pulumi-nodejs:dynamic/tenant:SnsPushProvider`). The class and its
 * Args are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place in dist/.
 */
export { SnsPushProvider, type SnsPushProviderArgs } from "./resource.generated";
