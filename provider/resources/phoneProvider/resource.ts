/** Program side of PhoneProvider (type token `pulumi-nodejs:dynamic/tenant:PhoneProvider`). */
import * as pulumi from "@pulumi/pulumi";
import { phoneProviderShim } from "../shim";
import type { LiteralUnion } from "../common/types";

export interface PhoneProviderCredentialsArgs {
  /** The vendor's auth token; required for `"vendor_a"`. Never returned by the API; secret in state. */
  authToken?: pulumi.Input<string>;
}

export interface PhoneProviderConfigurationArgs {
  /** The vendor account SID; required for `"vendor_a"`, not accepted for `"custom"`. */
  sid?: pulumi.Input<string>;
  /** How messages are delivered: `"text"` and/or `"voice"`, at least one; required for `"vendor_a"`. */
  deliveryMethods?: pulumi.Input<pulumi.Input<LiteralUnion<"text" | "voice">>[]>;
  /** The sender phone number (`"vendor_a"` only); give exactly one of `defaultFrom` and `mssid`. */
  defaultFrom?: pulumi.Input<string>;
  /** The messaging service SID (`"vendor_a"` only); give exactly one of `defaultFrom` and `mssid`. */
  mssid?: pulumi.Input<string>;
}

export interface PhoneProviderArgs {
  /** The provider kind: `"vendor_a"` (the SMS vendor) or `"custom"` (a custom-phone-provider Action). */
  name: pulumi.Input<LiteralUnion<"vendor_a" | "custom">>;
  /**
   * Provider credentials. Always wrapped in `pulumi.secret`, so they are encrypted in state even when
   * passed as plain strings. Use `{}` for `"custom"`.
   */
  credentials: pulumi.Input<PhoneProviderCredentialsArgs>;
  /** `true` disables the provider; omitted or `false` means enabled. */
  disabled?: pulumi.Input<boolean>;
  /**
   * Provider settings. The API replaces the whole object on every update, so keys left out are removed.
   * When omitted, the service's configuration is left as it is.
   */
  configuration?: pulumi.Input<PhoneProviderConfigurationArgs>;
  /**
   * The tenant may have only one phone provider. When one already exists, create fails unless this is
   * `true`; then the existing provider is updated to these inputs and managed (and deleted on destroy)
   * by this resource. Use this or `PhoneProvider.get` instead of `pulumi import`, which does not work for
   * dynamic resources (pulumi/pulumi#16175). Changing only this flag changes nothing.
   */
  adoptExisting?: pulumi.Input<boolean>;
}

/** Configuration as the service reports it. */
export interface PhoneProviderConfiguration {
  sid?: string;
  deliveryMethods?: string[];
  defaultFrom?: string;
  mssid?: string;
}

/**
 * The tenant's phone (SMS/voice) notification provider. Read refreshes everything the API returns;
 * `credentials` are write-only, so the value in state is kept as given.
 */
export class PhoneProvider extends pulumi.dynamic.Resource {
  /** `"vendor_a"` or `"custom"`. */
  declare public readonly name: pulumi.Output<string>;
  /** Whether the provider is disabled. */
  declare public readonly disabled: pulumi.Output<boolean>;
  /** The provider's configuration as the service reports it. */
  declare public readonly configuration: pulumi.Output<PhoneProviderConfiguration | undefined>;
  /** The tenant's name. */
  declare public readonly tenant: pulumi.Output<string>;
  /** Always `"phone"`. */
  declare public readonly channel: pulumi.Output<string>;
  /** When the provider was created (ISO 8601). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the provider was last updated (ISO 8601). */
  declare public readonly updatedAt: pulumi.Output<string>;
  /** The credentials as given (the API never returns them); always secret. Absent after `get`. */
  declare public readonly credentials: pulumi.Output<{ authToken?: string } | undefined>;

  /**
   * Reads an existing phone provider by id (e.g. `"pro_3UzyS4veHQLMTCt3EzXgTt"`) without managing it.
   * To manage an existing provider, declare it with `adoptExisting: true`; `pulumi import` does not work
   * for dynamic resources (pulumi/pulumi#16175).
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): PhoneProvider {
    return new PhoneProvider(name, undefined, { ...opts, id });
  }

  /**
   * @param name The unique name of the resource.
   * @param args The desired phone provider.
   * @param opts Resource options; `provider` may be an explicit tenant `Provider`.
   */
  constructor(name: string, args: PhoneProviderArgs, opts?: pulumi.CustomResourceOptions);
  /** Used by `get`: no args, `opts.id` set. */
  constructor(name: string, args: PhoneProviderArgs | undefined, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: PhoneProviderArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(
      phoneProviderShim,
      name,
      {
        name: args?.name,
        // Secret even when passed as plain strings; the engine keeps it secret in outputs by key.
        credentials: args === undefined ? undefined : pulumi.secret(args.credentials),
        disabled: args?.disabled,
        configuration: args?.configuration,
        adoptExisting: args?.adoptExisting,
        tenant: undefined,
        channel: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        schemaVersion: undefined,
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["credentials"] }),
      "tenant",
      "PhoneProvider",
    );
  }
}
