// The management-API route table.
import { enrollmentTicketRoutes } from "./enrollmentTickets";
import { eventStreamRoutes } from "./eventStreams";
import { factorSettingRoutes } from "./factorSettings";
import { mfaRoutes } from "./mfa";
import { phoneProviderRoutes } from "./phoneProviders";
import { phoneTemplateRoutes } from "./phoneTemplates";
import { pushCredentialRoutes } from "./pushCredentials";
import { pushProviderRoutes } from "./pushProvider";
import { riskAssessmentRoutes } from "./riskAssessment";
import type { Route } from "./route";
import { tenantSettingsRoutes } from "./tenantSettings";

export const apiRoutes: readonly Route[] = [
  ...pushProviderRoutes,
  ...pushCredentialRoutes,
  ...phoneProviderRoutes,
  ...phoneTemplateRoutes,
  ...enrollmentTicketRoutes,
  ...eventStreamRoutes,
  ...mfaRoutes,
  ...factorSettingRoutes,
  ...riskAssessmentRoutes,
  ...tenantSettingsRoutes,
];

export { Router, type Route, type RouteContext } from "./route";
