/**
 * An explicit provider for this package's resources, so one program can manage several tenants:
 * `new PhoneProvider("sms", {...}, { provider: new Provider("eu", {...}) })`.
 *
 * Dynamic resources belong to the `pulumi-nodejs` package, so this is a `pulumi-nodejs` provider whose
 * inputs are the `tenant:*` settings; the engine hands them to the dynamic-provider host's Configure,
 * where every handler reads them exactly like stack config.
 */
import * as pulumi from "@pulumi/pulumi";
import { CONFIG_KEYS, PROVIDER_NAME_KEY, type ConfigLookup } from "./config";

/**
 * The arguments of {@link Provider}: one tenant's domain and credentials. Errors of the resources and data
 * functions that use the Provider point at these arguments, by the Provider's name.
 */
export interface ProviderArgs {
  /** The tenant's domain, e.g. `"my-tenant.example.com"` (or an `https://` origin). */
  domain: pulumi.Input<string>;
  /** Client id for the client-credentials grant; give it with `clientSecret`, or give `apiToken` instead. */
  clientId?: pulumi.Input<string>;
  /** Client secret for the client-credentials grant. Always wrapped in `pulumi.secret`. */
  clientSecret?: pulumi.Input<string>;
  /** A ready management API token, instead of client credentials. Always wrapped in `pulumi.secret`. */
  apiToken?: pulumi.Input<string>;
  /** Token audience; defaults to `https://<domain>/api/v2/`. */
  audience?: pulumi.Input<string>;
}

/** Name and args of each Provider this module created; read back by `lookupForProvider` (data functions). */
const registeredProviders = new WeakMap<pulumi.ProviderResource, { name: string; args: ProviderArgs }>();

function secretOrUndefined(value: pulumi.Input<string> | undefined): pulumi.Input<string> | undefined {
  return value === undefined ? undefined : pulumi.secret(value);
}

/** Connection settings for one tenant, usable as `{ provider }` on every resource of this package. */
export class Provider extends pulumi.ProviderResource {
  /**
   * @param name The unique name of the provider.
   * @param args The tenant's domain and credentials (client id + secret, or an API token).
   * @param opts Resource options.
   */
  constructor(name: string, args: ProviderArgs, opts?: pulumi.ResourceOptions) {
    super(
      "pulumi-nodejs",
      name,
      {
        [CONFIG_KEYS.domain]: args.domain,
        [CONFIG_KEYS.clientId]: args.clientId,
        [CONFIG_KEYS.clientSecret]: secretOrUndefined(args.clientSecret),
        [CONFIG_KEYS.apiToken]: secretOrUndefined(args.apiToken),
        [CONFIG_KEYS.audience]: args.audience,
        // Lets errors point at this Provider's arguments rather than at the stack config.
        [PROVIDER_NAME_KEY]: name,
      },
      opts,
    );
    registeredProviders.set(this, { name, args });
  }
}

/** The value of an Input, secrets unwrapped; `undefined` while unknown (preview). */
async function plainValue(value: pulumi.Input<string> | undefined): Promise<string | undefined> {
  if (value === undefined) return undefined;
  const output = pulumi.output(value);
  // `promise()` is the SDK's own await of an Output: it yields undefined for unknowns instead of hanging
  // the way a never-run `apply` would.
  const internals = output as unknown as { promise(withUnknowns?: boolean): Promise<string | undefined> };
  return internals.promise();
}

/**
 * For a `Provider` created by this package: its settings as a lookup by `tenant:*` key (Outputs awaited,
 * secrets unwrapped, unknown values undefined). `undefined` for any other provider.
 */
export async function lookupForProvider(
  provider: pulumi.ProviderResource | undefined,
): Promise<ConfigLookup | undefined> {
  const registered = provider === undefined ? undefined : registeredProviders.get(provider);
  if (!registered) return undefined;
  const { name, args } = registered;
  const entries: [string, pulumi.Input<string> | undefined][] = [
    [CONFIG_KEYS.domain, args.domain],
    [CONFIG_KEYS.clientId, args.clientId],
    [CONFIG_KEYS.clientSecret, args.clientSecret],
    [CONFIG_KEYS.apiToken, args.apiToken],
    [CONFIG_KEYS.audience, args.audience],
  ];
  const values = new Map<string, string>([[PROVIDER_NAME_KEY, name]]);
  for (const [key, input] of entries) {
    const value = await plainValue(input);
    if (value !== undefined) values.set(key, value);
  }
  return (key) => values.get(key);
}
