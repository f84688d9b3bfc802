/**
 * The rules that refuse an MFA setup that cannot work (mandatory unless set otherwise), judged on what the stack
 * declares for each tenant: what the stack leaves out may be anything on the tenant, so only what it declares is held
 * against it.
 */
import type { DeclaredResource } from "./declared";
import { KINDS } from "./definitions";
import { flagAt, named, textAt, textsAt, type Finding, type StackRule, type Tenant } from "./rule";

/** The phone provider's delivery method each message type of the phone factor needs. */
const DELIVERY_METHOD_OF: Readonly<Record<string, string>> = { sms: "text", voice: "voice" };

/** An enrollment ticket names the phone factor `phone`; MfaFactor names it `sms`. */
const FACTOR_OF_TICKET: Readonly<Record<string, string>> = { phone: "sms" };

/** The MfaFactor that declares `factor` off (`enabled: false`, both known), if one does. */
function declaredOff(tenant: Tenant, factor: string): DeclaredResource | undefined {
  return tenant.of(KINDS.factor).find((resource) => textAt(resource, "factor") === factor && flagAt(resource, "enabled") === false);
}

const names = (resources: readonly DeclaredResource[]): string => resources.map(named).join(", ");

export const phoneMessagesDeliverable: StackRule<"phone-messages-deliverable"> = {
  name: "phone-messages-deliverable",
  scope: "stack",
  level: "mandatory",
  reads: [KINDS.messageTypes, KINDS.phoneProvider, KINDS.factor],
  description:
    "The phone factor offers only message types the declared phone provider delivers: SMS needs its " +
    "`configuration.deliveryMethods` to hold `text`, voice `voice`, and a disabled provider delivers none.",
  check(tenant) {
    const findings: Finding[] = [];
    const messageTypes = tenant.of(KINDS.messageTypes);
    for (const provider of tenant.of(KINDS.phoneProvider)) {
      const disabled = flagAt(provider, "disabled");
      if (disabled === true) {
        // On the message types the factor offers; with none declared, on the phone factor the stack turns on.
        const offering = messageTypes.length > 0 ? messageTypes : tenant.of(KINDS.factor).filter((factor) => textAt(factor, "factor") === "sms" && flagAt(factor, "enabled") === true);
        for (const resource of offering) {
          findings.push({ urn: resource.urn, message: `${named(resource)} offers the phone factor's messages, but ${named(provider)} is declared with \`disabled: true\`: it delivers none.` });
        }
        continue;
      }
      const methods = textsAt(provider, "configuration", "deliveryMethods");
      // Not declared (the tenant's stays) or not known yet: nothing to hold against the message types.
      if (disabled !== false || !Array.isArray(methods)) continue;
      for (const resource of messageTypes) {
        const offered = textsAt(resource, "messageTypes");
        if (!Array.isArray(offered) || offered.every((type) => methods.includes(DELIVERY_METHOD_OF[type] ?? type))) continue;
        findings.push({
          urn: resource.urn,
          message:
            `${named(resource)} offers a message type that ${named(provider)} does not deliver: each of its \`messageTypes\` ` +
            'needs its method in the provider\'s `configuration.deliveryMethods` ("sms" needs "text", "voice" needs "voice").',
        });
      }
    }
    return findings;
  },
};

export const pushProviderHasCredentials: StackRule<"push-provider-has-credentials"> = {
  name: "push-provider-has-credentials",
  scope: "stack",
  level: "mandatory",
  reads: [KINDS.pushSelection, KINDS.sns, KINDS.apns, KINDS.fcm],
  description:
    'A push-notification provider is selected only with its credentials declared for the same tenant: `"sns"` with an ' +
    '`SnsPushProvider`, `"direct"` with an `ApnsPushProvider` or an `FcmPushProvider` (declared without its secret, each ' +
    "adopts the configuration the tenant holds).",
  check(tenant) {
    const needed: Readonly<Record<string, readonly DeclaredResource[]>> = {
      sns: tenant.of(KINDS.sns),
      direct: [...tenant.of(KINDS.apns), ...tenant.of(KINDS.fcm)],
    };
    return tenant.of(KINDS.pushSelection).flatMap((selection) => {
      const provider = textAt(selection, "provider");
      const credentials = typeof provider === "string" ? needed[provider] : undefined;
      if (credentials === undefined || credentials.length > 0) return [];
      return [
        {
          urn: selection.urn,
          message:
            `${named(selection)} selects a push provider whose credentials the stack does not declare for its tenant, so ` +
            'no push notification can be sent: "sns" needs an SnsPushProvider, "direct" an ApnsPushProvider or an FcmPushProvider.',
        },
      ];
    });
  },
};

export const mfaRequiredHasFactor: StackRule<"mfa-required-has-factor"> = {
  name: "mfa-required-has-factor",
  scope: "stack",
  level: "mandatory",
  reads: [KINDS.policy, KINDS.factor],
  description: "An MFA policy that requires MFA (`all-applications`, `confidence-score`) is not declared beside factors that are all off.",
  check(tenant) {
    const factors = tenant.of(KINDS.factor);
    if (factors.length === 0 || !factors.every((factor) => flagAt(factor, "enabled") === false)) return [];
    return tenant.of(KINDS.policy).flatMap((policy) => {
      const value = textAt(policy, "policy");
      if (value !== "all-applications" && value !== "confidence-score") return [];
      return [{ urn: policy.urn, message: `${named(policy)} requires MFA, but every factor the stack declares for its tenant is off (${names(factors)}): no user could complete it.` }];
    });
  },
};

export const factorSettingsNeedFactor: StackRule<"factor-settings-need-factor"> = {
  name: "factor-settings-need-factor",
  scope: "stack",
  level: "mandatory",
  reads: [KINDS.duo, KINDS.webAuthn, KINDS.factor],
  description: "Duo and WebAuthn settings are not declared for a factor the stack declares off: they would configure a factor no user can use.",
  check(tenant) {
    const settings = [
      ...tenant.of(KINDS.duo).map((resource) => ({ resource, factor: "duo" as string | undefined })),
      ...tenant.of(KINDS.webAuthn).map((resource) => {
        const factor = textAt(resource, "factor");
        return { resource, factor: typeof factor === "string" ? factor : undefined };
      }),
    ];
    return settings.flatMap(({ resource, factor }) => {
      const off = factor === undefined ? undefined : declaredOff(tenant, factor);
      return off ? [{ urn: resource.urn, message: `${named(resource)} configures a factor that ${named(off)} declares off (\`enabled: false\`).` }] : [];
    });
  },
};

export const pushCustomAppNeedsDirect: StackRule<"push-custom-app-needs-direct"> = {
  name: "push-custom-app-needs-direct",
  scope: "stack",
  level: "mandatory",
  reads: [KINDS.customApp, KINDS.pushSelection],
  description: 'A custom authenticator app (`PushCustomApp`) is declared only with the `"direct"` push provider, the one that sends users to it.',
  check(tenant) {
    const selections = tenant.of(KINDS.pushSelection).filter((selection) => {
      const provider = textAt(selection, "provider");
      return typeof provider === "string" && provider !== "direct";
    });
    return tenant.of(KINDS.customApp).flatMap((app) =>
      selections.map((selection) => ({
        urn: app.urn,
        message: `${named(app)} is an app users are never sent to: ${named(selection)} selects a push provider other than "direct".`,
      })),
    );
  },
};

export const enrollmentTicketFactorOn: StackRule<"enrollment-ticket-factor-on"> = {
  name: "enrollment-ticket-factor-on",
  scope: "stack",
  level: "mandatory",
  reads: [KINDS.enrollmentTicket, KINDS.factor],
  description: 'An enrollment ticket names no factor the stack declares off (a ticket\'s `"phone"` is the factor `"sms"`).',
  check(tenant) {
    return tenant.of(KINDS.enrollmentTicket).flatMap((ticket) => {
      const factor = textAt(ticket, "factor");
      const off = typeof factor === "string" ? declaredOff(tenant, FACTOR_OF_TICKET[factor] ?? factor) : undefined;
      return off ? [{ urn: ticket.urn, message: `${named(ticket)} asks the user to enroll a factor that ${named(off)} declares off: the enrollment cannot succeed.` }] : [];
    });
  },
};

export const CANNOT_WORK_RULES = [
  phoneMessagesDeliverable,
  pushProviderHasCredentials,
  mfaRequiredHasFactor,
  factorSettingsNeedFactor,
  pushCustomAppNeedsDirect,
  enrollmentTicketFactorOn,
] as const;
