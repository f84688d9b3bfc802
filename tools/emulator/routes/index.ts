// The management-API route table.
import { enrollmentTicketRoutes } from "./enrollmentTickets";
import { eventStreamRoutes } from "./eventStreams";
import { mfaRoutes } from "./mfa";
import { phoneProviderRoutes } from "./phoneProviders";
import { pushCredentialRoutes } from "./pushCredentials";
import { pushProviderRoutes } from "./pushProvider";
import type { Route } from "./route";

export const apiRoutes: readonly Route[] = [
  ...pushProviderRoutes,
  ...pushCredentialRoutes,
  ...phoneProviderRoutes,
  ...enrollmentTicketRoutes,
  ...eventStreamRoutes,
  ...mfaRoutes,
];

export { Router, type Route, type RouteContext } from "./route";
