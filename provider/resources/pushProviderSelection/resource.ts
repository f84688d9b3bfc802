/** Program side of PushProviderSelection (type token `pulumi-nodejs:dynamic/tenant:PushProviderSelection`). */
import * as pulumi from "@pulumi/pulumi";
import { pushProviderSelectionShim } from "../shim";
import type { LiteralUnion } from "../common/types";
import type { PushProviderName } from "./wire";

export interface PushProviderSelectionArgs {
  /**
   * The push-notification provider the tenant's multi-factor authentication uses: `"guardian"`,
   * `"sns"` or `"direct"`.
   */
  provider: pulumi.Input<LiteralUnion<PushProviderName>>;
}

/**
 * Selects the tenant's push-notification provider for MFA. The tenant has exactly one selection, so the
 * resource id is the tenant's domain and a stack should declare at most one per tenant.
 *
 * Create records the current selection as `previousProvider` before setting `provider`; `pulumi destroy`
 * puts `previousProvider` back (the API cannot delete a selection). Refresh reads the live selection,
 * so a change made outside Pulumi shows up as drift.
 */
export class PushProviderSelection extends pulumi.dynamic.Resource {
  /** The selected provider as the service reports it (`"guardian"`, `"sns"` or `"direct"`). */
  declare public readonly provider: pulumi.Output<string>;
  /**
   * The provider that was selected when this resource was created, restored on delete; `null` when the
   * service did not report one (nothing is restored then).
   */
  declare public readonly previousProvider: pulumi.Output<string | null>;

  /**
   * Reads the tenant's current selection without managing it. `id` is the tenant's domain, e.g.
   * `"my-tenant.example.com"`. This (or declaring the resource) is the way in: `pulumi import` does not
   * work for dynamic resources (pulumi/pulumi#16175).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): PushProviderSelection {
    return new PushProviderSelection(name, undefined, { ...opts, id });
  }

  /**
   * @param name The unique name of the resource.
   * @param args The selection to apply.
   * @param opts Resource options; `provider` may be an explicit tenant `Provider`.
   */
  constructor(name: string, args: PushProviderSelectionArgs, opts?: pulumi.CustomResourceOptions);
  /** Used by `get`: no args, `opts.id` set. */
  constructor(name: string, args: PushProviderSelectionArgs | undefined, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: PushProviderSelectionArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(
      pushProviderSelectionShim,
      name,
      { provider: args?.provider, previousProvider: undefined, schemaVersion: undefined },
      opts,
      "tenant",
      "PushProviderSelection",
    );
  }
}
