/**
 * The provider's own configuration RPCs. The engine sends a provider's settings (the `tenant:*` stack config for
 * the default provider, the arguments of an explicit one) as `args` without the namespace, secrets as envelopes,
 * plus a `version` key; older engines send only the legacy `variables` map (`tenant:config:domain`, secrets in
 * plain text: it is never logged). Settings resolve as in the dynamic provider: these values first, then the
 * TENANT_* variables of the plugin's environment.
 */
import { CONFIG_KEYS, ENV_VARS, PROVIDER_NAME_KEY, SETTING_NAMES, isSettingName, missingSettingKeys, missingSettingsError } from "../config";
import { recordConfiguration } from "../resources/tenantConnection";
import type { PropertyBag } from "../resources/common/jsonValues";
import { provider as proto, anyProto, grpc, status } from "./protocol";
import { checkSettings } from "./configCheck";
import { requestName, type NamedRequest } from "./urn";
import { fromStruct, toStruct } from "./values";

const LEGACY_PREFIX = "tenant:config:";

/**
 * An explicit provider's name, as the engine sends it with Configure (or from its URN): errors then point at that
 * provider's arguments rather than the stack config. The default provider is named "default" or
 * "default_<version>"; a name such as "x::default" is an explicit provider's.
 */
function explicitProviderName(req: NamedRequest): string | undefined {
  const name = requestName(req);
  return name && !/^default(_|$)/.test(name) ? name : undefined;
}

/** The settings the request carries, by full key (`tenant:domain`), as plain strings. */
function settingsOf(req: InstanceType<typeof proto.ConfigureRequest>): Map<string, string> {
  const settings = new Map<string, string>();
  const providerName = explicitProviderName(req);
  if (providerName) settings.set(PROVIDER_NAME_KEY, providerName);
  const args = req.getArgs();
  if (args) {
    const { plain } = fromStruct(args);
    for (const name of SETTING_NAMES) {
      const value = plain[name];
      if (typeof value === "string") settings.set(CONFIG_KEYS[name], value);
    }
    return settings;
  }
  for (const [key, value] of req.getVariablesMap().entries()) {
    const name = key.startsWith(LEGACY_PREFIX) ? key.slice(LEGACY_PREFIX.length) : undefined;
    if (name !== undefined && isSettingName(name)) settings.set(CONFIG_KEYS[name], value);
  }
  return settings;
}

/** A gRPC error carrying ConfigureErrorMissingKeys: the engine prints "missing required configuration key …". */
function missingKeysError(keys: string[]): Error {
  const detail = new proto.ConfigureErrorMissingKeys().setMissingkeysList(
    keys.map((key) => new proto.ConfigureErrorMissingKeys.MissingKey().setName(key).setDescription(describeKey(key))),
  );
  const packed = new anyProto.Any();
  packed.pack(detail.serializeBinary(), "pulumirpc.ConfigureErrorMissingKeys");
  const message = `missing required configuration keys: ${keys.join(", ")}`;
  const rpcStatus = new status.Status().setCode(grpc.status.INVALID_ARGUMENT).setMessage(message).setDetailsList([packed]);
  const metadata = new grpc.Metadata();
  metadata.set("grpc-status-details-bin", Buffer.from(rpcStatus.serializeBinary()));
  return Object.assign(new Error(message), { code: grpc.status.INVALID_ARGUMENT, details: message, metadata });
}

function describeKey(key: string): string {
  const name = key.slice(key.indexOf(":") + 1);
  const variable = isSettingName(name) ? ` (or the ${ENV_VARS[name]} environment variable)` : "";
  return `the tenant's ${name}${variable}`;
}

export function configure(req: InstanceType<typeof proto.ConfigureRequest>): InstanceType<typeof proto.ConfigureResponse> {
  const settings = settingsOf(req);
  const missing = missingSettingKeys((key) => settings.get(key), process.env);
  if (missing.length > 0) throw missingKeysError(missing);
  recordConfiguration({ config: { get: (key: string) => settings.get(key) } } as unknown as Parameters<typeof recordConfiguration>[0]);
  return new proto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(false).setAcceptresources(false).setAcceptoutputs(false);
}

/**
 * The settings as given, judged before any call (configCheck.ts): property-named failures the engine shows next to
 * the setting; `version` passes as it is. A setting missing here and from the environment fails too, naming the key:
 * the engine stores a provider's settings once they pass Check, before Configure could refuse them, and a refresh
 * or destroy would then run with them (Configure still reports missing keys, for an engine that skips Check).
 */
export function checkConfig(req: InstanceType<typeof proto.CheckRequest>): InstanceType<typeof proto.CheckResponse> {
  const news = fromStruct(req.getNews());
  const providerName = explicitProviderName(req);
  const given = (key: string): string | undefined => {
    if (key === PROVIDER_NAME_KEY) return providerName;
    const value = news.plain[key.slice(key.indexOf(":") + 1)];
    return typeof value === "string" ? value : undefined;
  };
  const missing = missingSettingsError(given, process.env);
  const failures = [...checkSettings(news.plain, providerName), ...(missing ? [{ property: "", reason: missing.message }] : [])];
  return new proto.CheckResponse()
    .setInputs(toStruct(news.plain, news.secretMarks))
    .setFailuresList(failures.map((failure) => new proto.CheckFailure().setProperty(failure.property).setReason(failure.reason)));
}

/** No setting replaces the provider: rotated credentials and a moved domain are updates of the same provider. */
export function diffConfig(req: InstanceType<typeof proto.DiffRequest>): InstanceType<typeof proto.DiffResponse> {
  const olds: PropertyBag = fromStruct(req.getOldInputs() ?? req.getOlds()).plain;
  const news: PropertyBag = fromStruct(req.getNews()).plain;
  const changed = SETTING_NAMES.filter((name) => olds[name] !== news[name]);
  const { DiffChanges } = proto.DiffResponse;
  return new proto.DiffResponse()
    .setChanges(changed.length > 0 ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE)
    .setDiffsList(changed)
    .setReplacesList([]);
}
