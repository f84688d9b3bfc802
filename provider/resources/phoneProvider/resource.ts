/**
 * Program side of PhoneProvider (type token `pulumi-nodejs:dynamic/tenant:PhoneProvider`). The class and
 * its types are generated from definition.ts (see provider/build/generateTypes.ts); this module keeps
 * their place in dist/.
 */
export {
  PhoneProvider,
  type PhoneProviderArgs,
  type PhoneProviderConfiguration,
  type PhoneProviderConfigurationArgs,
  type PhoneProviderCredentialsArgs,
} from "./resource.generated";
export type { DeliveryMethod, PhoneProviderName } from "../enums";
