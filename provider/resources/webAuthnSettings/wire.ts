/**
 * A WebAuthn factor's options on the wire. Unlike every other body of the MFA settings the keys are camelCase, so
 * expand and flatten keep the names; they map absence (an option never set, the platform factor's user
 * verification) to `null` and back. The only place that maps them.
 */
import { z } from "zod";

/** `/guardian/factors/webauthn-roaming/settings` or `…/webauthn-platform/settings`. */
export function webAuthnSettingsPath(factor: string): string {
  return `/guardian/factors/${encodeURIComponent(factor)}/settings`;
}

/** The GET's answer, and the PUT's, which holds only the keys sent. */
export const webAuthnResponse = z.object({
  userVerification: z.string().nullish(),
  overrideRelyingParty: z.boolean().nullish(),
  relyingPartyIdentifier: z.string().nullish(),
});
export type WebAuthnResponse = z.infer<typeof webAuthnResponse>;

/** The PUT's body: the options given, and only those. */
export interface WebAuthnRequest {
  userVerification?: string;
  overrideRelyingParty?: boolean;
  relyingPartyIdentifier?: string;
}

export interface WebAuthnValues {
  userVerification: string | null;
  overrideRelyingParty: boolean;
  relyingPartyIdentifier: string | null;
}

export function expandWebAuthn(options: Partial<WebAuthnValues>): WebAuthnRequest {
  const request: WebAuthnRequest = {};
  if (options.userVerification != null) request.userVerification = options.userVerification;
  if (options.overrideRelyingParty != null) request.overrideRelyingParty = options.overrideRelyingParty;
  if (options.relyingPartyIdentifier != null) request.relyingPartyIdentifier = options.relyingPartyIdentifier;
  return request;
}

/** An answer as outputs: an override the answer leaves out reads as off (the service's default). */
export function flattenWebAuthn(response: WebAuthnResponse): WebAuthnValues {
  return {
    userVerification: response.userVerification ?? null,
    overrideRelyingParty: response.overrideRelyingParty ?? false,
    relyingPartyIdentifier: response.relyingPartyIdentifier ?? null,
  };
}
