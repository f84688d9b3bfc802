/**
 * Program side of FcmPushProvider (type token `pulumi-nodejs:dynamic/tenant:FcmPushProvider`). The class and its
 * Args are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps their place in dist/.
 */
export { FcmPushProvider, type FcmPushProviderArgs } from "./resource.generated";
