/**
 * The one list of resources: adding a resource is one line here. The type generator emits each one's public
 * class from its definition, the native plugin serves each one (loading its handler on first use), the package
 * schema lists each one, and the tests check the package index and the stored provider texts against it.
 * Each handler module is held to the ResourceHandler contract by the compiler.
 */
import type { ResourceDefinition } from "./common/definition";
import type { ResourceHandler } from "./common/handler";
import { apnsPushProviderDefinition } from "./apnsPushProvider/definition";
import { duoSettingsDefinition } from "./duoSettings/definition";
import { enrollmentTicketDefinition } from "./enrollmentTicket/definition";
import { eventStreamDefinition } from "./eventStream/definition";
import { fcmPushProviderDefinition } from "./fcmPushProvider/definition";
import { mfaFactorDefinition } from "./mfaFactor/definition";
import { mfaPolicyDefinition } from "./mfaPolicy/definition";
import { mfaSettingsDefinition } from "./mfaSettings/definition";
import { otpSettingsDefinition } from "./otpSettings/definition";
import { phoneMessageTypesDefinition } from "./phoneMessageTypes/definition";
import { phoneProviderDefinition } from "./phoneProvider/definition";
import { phoneTemplateDefinition } from "./phoneTemplate/definition";
import { pushCustomAppDefinition } from "./pushCustomApp/definition";
import { pushProviderSelectionDefinition } from "./pushProviderSelection/definition";
import { riskAssessmentNewDeviceDefinition } from "./riskAssessmentNewDevice/definition";
import { riskAssessmentSettingsDefinition } from "./riskAssessmentSettings/definition";
import { snsPushProviderDefinition } from "./snsPushProvider/definition";
import { tenantMfaFlagsDefinition } from "./tenantMfaFlags/definition";
import { webAuthnSettingsDefinition } from "./webAuthnSettings/definition";

export interface RegisteredResource<Definition extends ResourceDefinition = ResourceDefinition> {
  definition: Definition;
  /** Loads the handler (`dist/resources/<module>/handler`) when the type is first used. */
  handler: () => Promise<ResourceHandler>;
}

function entry<Definition extends ResourceDefinition>(
  definition: Definition,
  load: () => Promise<ResourceHandler>,
): RegisteredResource<Definition> {
  return { definition, handler: () => load().then(commonJsModule) };
}

/**
 * In dist/ (CommonJS), `import()` gives a namespace whose `default` is the module object itself: the one
 * instance `require` returns, which the host's provider texts reach too. Elsewhere (tests on the sources) the
 * namespace is the module.
 */
function commonJsModule(namespace: ResourceHandler): ResourceHandler {
  const module = (namespace as { default?: unknown }).default;
  return typeof module === "object" && module !== null ? (module as ResourceHandler) : namespace;
}

export const REGISTRY = [
  entry(pushProviderSelectionDefinition, () => import("./pushProviderSelection/handler.js")),
  entry(phoneProviderDefinition, () => import("./phoneProvider/handler.js")),
  entry(enrollmentTicketDefinition, () => import("./enrollmentTicket/handler.js")),
  entry(mfaFactorDefinition, () => import("./mfaFactor/handler.js")),
  entry(mfaPolicyDefinition, () => import("./mfaPolicy/handler.js")),
  entry(phoneMessageTypesDefinition, () => import("./phoneMessageTypes/handler.js")),
  entry(snsPushProviderDefinition, () => import("./snsPushProvider/handler.js")),
  entry(apnsPushProviderDefinition, () => import("./apnsPushProvider/handler.js")),
  entry(fcmPushProviderDefinition, () => import("./fcmPushProvider/handler.js")),
  entry(eventStreamDefinition, () => import("./eventStream/handler.js")),
  entry(phoneTemplateDefinition, () => import("./phoneTemplate/handler.js")),
  entry(duoSettingsDefinition, () => import("./duoSettings/handler.js")),
  entry(webAuthnSettingsDefinition, () => import("./webAuthnSettings/handler.js")),
  entry(pushCustomAppDefinition, () => import("./pushCustomApp/handler.js")),
  entry(mfaSettingsDefinition, () => import("./mfaSettings/handler.js")),
  entry(otpSettingsDefinition, () => import("./otpSettings/handler.js")),
  entry(tenantMfaFlagsDefinition, () => import("./tenantMfaFlags/handler.js")),
  entry(riskAssessmentSettingsDefinition, () => import("./riskAssessmentSettings/handler.js")),
  entry(riskAssessmentNewDeviceDefinition, () => import("./riskAssessmentNewDevice/handler.js")),
] as const;

/** The registered definitions, in registry order. */
export const RESOURCES = REGISTRY.map((registered) => registered.definition);

/** A registered resource's folder under resources/ (and dist/resources/), e.g. "phoneProvider". */
export type ResourceModule = (typeof REGISTRY)[number]["definition"]["module"];
