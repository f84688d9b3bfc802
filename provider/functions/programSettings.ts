// Connection settings for code that runs in the user's program (data functions), not in the provider host.
// The host gets its settings from Configure; here we read the same keys from the program's stack config,
// or from an explicit Provider passed as `opts.provider`, and fall back to the environment either way.
import * as pulumi from "@pulumi/pulumi";
import { CONFIG_KEYS, resolveSettings, type ConfigLookup, type ConnectionSettings } from "../config";
import { lookupForProvider } from "../provider";

const NAMESPACE = "tenant";
const SECRET_KEYS: ReadonlySet<string> = new Set([CONFIG_KEYS.clientSecret, CONFIG_KEYS.apiToken]);
/** Any token of the package explicit Providers are registered under, to find a parent's provider. */
const DYNAMIC_PACKAGE_TOKEN = "pulumi-nodejs:dynamic/tenant:getEventStreams";

/** Reads a secret Output's plaintext; config secrets are always known, also during preview. */
function plaintextOf(secret: pulumi.Output<string>): Promise<string> {
  return new Promise((resolve) => {
    secret.apply((value) => {
      resolve(value);
      return value;
    });
  });
}

/**
 * The program's `tenant:*` stack config as a lookup. Secret keys are read with `getSecret` (reading a secret
 * with `get` may warn) and unwrapped here, because settings resolution needs plain strings.
 * Outside a Pulumi program there is no config, so every key is undefined and the environment decides.
 */
export async function programConfigLookup(): Promise<ConfigLookup> {
  const config = new pulumi.Config(NAMESPACE);
  const values = new Map<string, string>();
  for (const key of Object.values(CONFIG_KEYS)) {
    if (!key.startsWith(`${NAMESPACE}:`)) continue;
    const name = key.slice(NAMESPACE.length + 1);
    const secret = SECRET_KEYS.has(key) ? config.getSecret(name) : undefined;
    const value = secret ? await plaintextOf(secret) : config.get(name);
    if (value !== undefined) values.set(key, value);
  }
  return (key) => values.get(key);
}

/**
 * Settings for a data function, following Pulumi's invoke conventions: `opts.provider`, else the provider the
 * parent resource carries for this package, else the program's stack config; the environment fills gaps.
 * Throws the config module's ConfigError when nothing usable is set.
 */
export async function settingsForInvoke(
  opts?: pulumi.InvokeOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ConnectionSettings> {
  const provider = opts?.provider ?? opts?.parent?.getProvider(DYNAMIC_PACKAGE_TOKEN);
  const providerLookup = provider ? await lookupForProvider(provider) : undefined;
  return resolveSettings(providerLookup ?? (await programConfigLookup()), env);
}
