/**
 * Phone provider on the wire (snake_case) and the two translations: `expand` (checked inputs → request
 * body) and `flatten` (response → outputs). The only place that maps camelCase ↔ snake_case.
 */
import { z } from "zod";
import { compact } from "../common/jsonValues";
import type { PhoneConfiguration, PhoneProviderInputs, PhoneProviderOutputs } from "./definition";

export const PROVIDERS_PATH = "/branding/phone/providers";

/**
 * Ids are opaque (recorded ones are `pro_` and 22 letters and digits, but the format may change); all
 * that is required is one path segment that stays one: unreserved URL characters, and not "." or "..",
 * which a server or proxy would resolve as a relative path.
 */
export function isPhoneProviderId(id: unknown): id is string {
  return typeof id === "string" && /^[A-Za-z0-9._~-]+$/.test(id) && id !== "." && id !== "..";
}

/** The path of one provider; refuses, before any call, an id that cannot be one (e.g. from `get` or hand-edited state). */
export function providerPath(id: string): string {
  if (!isPhoneProviderId(id)) {
    throw new Error(
      `PhoneProvider id ${JSON.stringify(String(id).slice(0, 80))} is not a phone provider id: an id is a non-empty run of letters, digits ` +
        `and . _ ~ - (other than "." and ".."), such as "pro_3UzyS4veHQLMTCt3EzXgTt". Nothing was sent.`,
    );
  }
  return `${PROVIDERS_PATH}/${encodeURIComponent(id)}`;
}

const configurationWire = z.object({
  sid: z.string().optional(),
  delivery_methods: z.array(z.string()).optional(),
  default_from: z.string().optional(),
  mssid: z.string().optional(),
});

/**
 * Response fields the contract lists; others (e.g. `credentials: null` in old list items) are dropped. The
 * contract says `tenant`, `channel` and the two dates are always present, so an answer without them is refused.
 */
export const phoneProviderResponse = z.object({
  id: z.string().min(1),
  name: z.string(),
  tenant: z.string(),
  channel: z.string(),
  disabled: z.boolean().optional(),
  configuration: configurationWire.nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PhoneProviderResponse = z.infer<typeof phoneProviderResponse>;

export const phoneProviderList = z.object({ providers: z.array(phoneProviderResponse) });

/** The body of POST and PATCH. */
export const phoneProviderRequest = z.object({
  name: z.string(),
  credentials: z.object({ auth_token: z.string().optional() }).optional(),
  disabled: z.boolean(),
  configuration: configurationWire.optional(),
});
export type PhoneProviderRequest = z.infer<typeof phoneProviderRequest>;

/** What expand needs of the checked inputs (`adoptExisting` is not sent; an update may leave `credentials` out). */
export type DesiredPhoneProvider = Omit<PhoneProviderInputs, "adoptExisting" | "credentials"> & { credentials?: PhoneProviderInputs["credentials"] };

/**
 * The full desired state, for POST and PATCH alike: PATCH replaces `configuration` whole, so it is
 * always sent complete. An omitted `disabled` means enabled; an omitted `configuration` is left as is.
 */
export function expandPhoneProvider(desired: DesiredPhoneProvider): PhoneProviderRequest {
  const configuration = desired.configuration;
  return compact({
    name: desired.name,
    credentials: desired.credentials && compact({ auth_token: desired.credentials.authToken }),
    disabled: desired.disabled,
    configuration:
      configuration &&
      compact({
        sid: configuration.sid,
        delivery_methods: configuration.deliveryMethods,
        default_from: configuration.defaultFrom,
        mssid: configuration.mssid,
      }),
  });
}

/** A PATCH of an adopted provider: only the inputs named (those that differ), and the credentials when given. */
export function expandPhoneProviderChanges(desired: DesiredPhoneProvider, changed: readonly string[]): Partial<PhoneProviderRequest> {
  const { name, credentials, disabled, configuration } = expandPhoneProvider(desired);
  const whole: Partial<PhoneProviderRequest> = { name, disabled, configuration };
  const body: Partial<PhoneProviderRequest> = Object.fromEntries(Object.entries(whole).filter(([key]) => changed.includes(key)));
  return credentials === undefined ? body : { ...body, credentials };
}

/** Outputs derived from the service's answer; `credentials` never comes back and is added by the handler. */
export type FlattenedPhoneProvider = Omit<PhoneProviderOutputs, "credentials" | "adoptExisting" | "schemaVersion">;

function flattenConfiguration(wire: PhoneProviderResponse["configuration"]): PhoneConfiguration | undefined {
  if (!wire) return undefined;
  return compact({
    sid: wire.sid,
    deliveryMethods: wire.delivery_methods,
    defaultFrom: wire.default_from,
    mssid: wire.mssid,
  });
}

export function flattenPhoneProvider(response: PhoneProviderResponse): FlattenedPhoneProvider {
  return compact({
    name: response.name,
    disabled: response.disabled ?? false,
    configuration: flattenConfiguration(response.configuration),
    tenant: response.tenant,
    channel: response.channel,
    createdAt: response.created_at,
    updatedAt: response.updated_at,
  });
}
