// PushCustomApp against the emulator over real HTTP: `{}` until set (every field null), a PATCH of all three fields
// (those left out as the tenant holds them), destroy putting back what create found and warning about what it cannot
// clear, https store links checked before any call.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/pushCustomApp/handler";
import { apiRequests, createChecked, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const PATH = "/api/v2/prompts/mfa-push";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const NONE = { appName: null, appleAppLink: null, googleAppLink: null };
const APP = {
  appName: "Example Authenticator",
  appleAppLink: "https://apps.apple.com/app/id123456789",
  googleAppLink: "https://play.google.com/store/apps/details?id=com.example.auth",
};

afterEach(() => void vi.restoreAllMocks());

const created = (inputs: Record<string, unknown>) => createChecked(handler, inputs);

describe("PushCustomApp lifecycle", () => {
  it("on a tenant without an app: GET, PATCH of all three; destroy cannot clear them and says so", async () => {
    const made = await created(APP);
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PATCH ${PATH}`]);
    expect(made).toEqual({ id: tenantHostOf(tenant()), outs: { ...APP, previousApp: NONE, schemaVersion: 1 } });
    const notices: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => notices.push(String(chunk)) > 0);
    await handler.delete(made.id, made.outs);
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PATCH ${PATH}`, `GET ${PATH}`]);
    expect(notices.join("")).toContain("its appName, appleAppLink, googleAppLink stay as the stack set them: the tenant had none");
  });

  it("an app the tenant had is put back on destroy; a field left out is sent as the tenant holds it", async () => {
    tenant().state.factorSettings.customApp = { app_name: "Old", apple_app_link: "https://apps.apple.com/app/id1", google_app_link: "https://play.google.com/store/apps/details?id=old" };
    const made = await created({ appName: "New" });
    expect(tenant().state.factorSettings.customApp).toEqual({ app_name: "New", apple_app_link: "https://apps.apple.com/app/id1", google_app_link: "https://play.google.com/store/apps/details?id=old" });
    expect(made.outs).toMatchObject({ appName: "New", previousApp: { appName: "Old" } });
    await handler.delete(made.id, made.outs);
    expect(tenant().state.factorSettings.customApp.app_name).toBe("Old");
    const read = await handler.read(made.id, made.outs);
    await expect(handler.diff(made.id, read.props, { appName: "New" })).resolves.toMatchObject({ changes: true, diffs: ["appName"] });
  });
});

describe("PushCustomApp check", () => {
  it.each([
    [{ appleAppLink: "" }, "appleAppLink"],
    [{ appleAppLink: "http://apps.apple.com/app/id1" }, "appleAppLink"],
    [{ googleAppLink: "play.google.com/store/apps/details?id=x" }, "googleAppLink"],
  ])("%j is refused before any call", async (inputs, property) => {
    expect((await handler.check({}, inputs)).failures).toEqual([
      { property, reason: 'must be an https URL such as "https://apps.apple.com/app/id123456789" (an empty one is refused: no known call clears a link)' },
    ]);
    expect(apiRequests(tenant())).toBe(0);
  });

  it("an empty name is refused", async () => {
    expect((await handler.check({}, { appName: "" })).failures).toEqual([{ property: "appName", reason: "must be at least 1 character(s) long" }]);
  });
});
