/**
 * Program side of ApnsPushProvider (type token `pulumi-nodejs:dynamic/tenant:ApnsPushProvider`). The class and its
 * Args are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place in dist/.
 */
export { ApnsPushProvider, type ApnsPushProviderArgs } from "./resource.generated";
