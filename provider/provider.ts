/**
 * An explicit provider for this package's resources, so one program can manage several tenants:
 * `new PhoneProvider("sms", {...}, { provider: new Provider("eu", {...}) })`.
 *
 * Dynamic resources belong to the `pulumi-nodejs` package, so this is a `pulumi-nodejs` provider whose
 * inputs are the `tenant:*` settings; the engine hands them to the dynamic-provider host's Configure,
 * where every handler reads them exactly like stack config.
 */
import * as pulumi from "@pulumi/pulumi";
import { CONFIG_KEYS, PROVIDER_NAME_KEY, SETTINGS, SETTING_NAMES, type ConfigLookup } from "./config";
import type { ProviderArgs } from "./providerArgs.generated";
import { requireProviderSettings } from "./resources/common/settingsGuard";

/** The arguments of {@link Provider}, generated from the settings table (provider/settings.ts). */
export type { ProviderArgs };

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
    requireProviderSettings(new Map<string, unknown>([[PROVIDER_NAME_KEY, name], ...SETTING_NAMES.map((setting) => [CONFIG_KEYS[setting], args[setting]] as const)]));
    super(
      "pulumi-nodejs",
      name,
      {
        ...Object.fromEntries(
          SETTING_NAMES.map((setting) => [CONFIG_KEYS[setting], SETTINGS[setting].secret ? secretOrUndefined(args[setting]) : args[setting]]),
        ),
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
  const values = new Map<string, string>([[PROVIDER_NAME_KEY, name]]);
  for (const setting of SETTING_NAMES) {
    const value = await plainValue(args[setting]);
    if (value !== undefined) values.set(CONFIG_KEYS[setting], value);
  }
  return (key) => values.get(key);
}
