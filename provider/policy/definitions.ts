/** The definitions the policy rules read: each names a kind of resource, its two type tokens and its inputs. */
import type { ResourceDefinition } from "../resources/common/definition";
import { apnsPushProviderDefinition } from "../resources/apnsPushProvider/definition";
import { duoSettingsDefinition } from "../resources/duoSettings/definition";
import { enrollmentTicketDefinition } from "../resources/enrollmentTicket/definition";
import { fcmPushProviderDefinition } from "../resources/fcmPushProvider/definition";
import { mfaFactorDefinition } from "../resources/mfaFactor/definition";
import { mfaPolicyDefinition } from "../resources/mfaPolicy/definition";
import { mfaSettingsDefinition } from "../resources/mfaSettings/definition";
import { otpSettingsDefinition } from "../resources/otpSettings/definition";
import { phoneMessageTypesDefinition } from "../resources/phoneMessageTypes/definition";
import { phoneProviderDefinition } from "../resources/phoneProvider/definition";
import { pushCustomAppDefinition } from "../resources/pushCustomApp/definition";
import { pushProviderSelectionDefinition } from "../resources/pushProviderSelection/definition";
import { snsPushProviderDefinition } from "../resources/snsPushProvider/definition";
import { webAuthnSettingsDefinition } from "../resources/webAuthnSettings/definition";

export type PolicyDefinition = Pick<ResourceDefinition, "name" | "inputs" | "outputs">;

/** Each kind by the name the rules call it. */
export const KINDS = {
  apns: apnsPushProviderDefinition,
  duo: duoSettingsDefinition,
  enrollmentTicket: enrollmentTicketDefinition,
  fcm: fcmPushProviderDefinition,
  factor: mfaFactorDefinition,
  policy: mfaPolicyDefinition,
  mfaSettings: mfaSettingsDefinition,
  otpSettings: otpSettingsDefinition,
  messageTypes: phoneMessageTypesDefinition,
  phoneProvider: phoneProviderDefinition,
  customApp: pushCustomAppDefinition,
  pushSelection: pushProviderSelectionDefinition,
  sns: snsPushProviderDefinition,
  webAuthn: webAuthnSettingsDefinition,
} as const satisfies Record<string, PolicyDefinition>;

export const POLICY_DEFINITIONS: readonly PolicyDefinition[] = Object.values(KINDS);
