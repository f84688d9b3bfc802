// Points the program-side settings at a local server through the TENANT_* variables, the way a CI job
// without stack config would, and blanks the others so the machine's own environment cannot interfere.
import { vi } from "vitest";

export function useTenantEnv(url: string, clientId: string, clientSecret: string): void {
  vi.stubEnv("TENANT_DOMAIN", url);
  vi.stubEnv("TENANT_CLIENT_ID", clientId);
  vi.stubEnv("TENANT_CLIENT_SECRET", clientSecret);
  vi.stubEnv("TENANT_API_TOKEN", "");
  vi.stubEnv("TENANT_AUDIENCE", "");
}
