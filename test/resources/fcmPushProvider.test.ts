// FcmPushProvider handlers against the emulator over real HTTP: the service account checked to be a JSON
// object before any call, create and update one PUT, refresh making no call and keeping the state (the service
// cannot read it back), delete making no call, get refused with the reason.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/fcmPushProvider/handler";
import { apiRequests, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const FCMV1 = "/api/v2/guardian/factors/push-notification/providers/fcmv1";
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", project_id: "p", private_key: "sentinel-fcm-key-Pq4" });
const ROTATED = JSON.stringify({ type: "service_account", project_id: "p", private_key: "sentinel-fcm-key-rotated-Vn2" });

async function createFcm(serverCredentials = SERVICE_ACCOUNT) {
  const checked = await handler.check({}, { serverCredentials });
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

afterEach(() => vi.restoreAllMocks());

describe("FcmPushProvider lifecycle", () => {
  it("create is one PUT; outputs hold the service account from the inputs only", async () => {
    const created = await createFcm();
    expect(created.id).toBe(tenantHostOf(tenant()));
    expect(created.outs).toEqual({ serverCredentials: SERVICE_ACCOUNT, schemaVersion: 1 });
    expect(tenant().count("PUT", FCMV1)).toBe(1);
    expect(tenant().state.pushCredentials.fcmv1.server_credentials).toBe(SERVICE_ACCOUNT);
  });

  it("refresh makes no call and keeps the state, even when the tenant's service account changed", async () => {
    const created = await createFcm();
    tenant().state.pushCredentials.fcmv1.server_credentials = "changed by hand";
    const before = apiRequests(tenant());
    const read = await handler.read(created.id, created.outs);
    expect(apiRequests(tenant())).toBe(before);
    expect(read).toEqual({ id: created.id, props: created.outs, inputs: { serverCredentials: SERVICE_ACCOUNT } });
  });

  it("rotating the service account is an update: one PUT", async () => {
    const created = await createFcm();
    await expect(handler.diff(created.id, created.outs, { serverCredentials: SERVICE_ACCOUNT })).resolves.toMatchObject({ changes: false });
    await expect(handler.diff(created.id, created.outs, { serverCredentials: ROTATED })).resolves.toMatchObject({
      changes: true,
      replaces: [],
      diffs: ["serverCredentials"],
    });
    const updated = await handler.update(created.id, created.outs, { serverCredentials: ROTATED });
    expect(updated.outs).toEqual({ serverCredentials: ROTATED, schemaVersion: 1 });
    expect(tenant().state.pushCredentials.fcmv1.server_credentials).toBe(ROTATED);
    expect(tenant().count("PUT", FCMV1)).toBe(2);
  });

  it("delete makes no call and says the service account stays on the tenant", async () => {
    const created = await createFcm();
    const notices: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      notices.push(String(chunk));
      return true;
    });
    const before = apiRequests(tenant());
    await handler.delete(created.id, created.outs);
    expect(apiRequests(tenant())).toBe(before);
    expect(notices.join("")).toContain("the FCM v1 service account stays on the tenant");
    expect(notices.join("")).not.toContain("sentinel");
  });

  it("get and import are refused with the reason: nothing can be read back", async () => {
    const error = await rejectionOf(handler.read(tenantHostOf(tenant()), {}));
    expect(error.message).toContain("cannot read FCM v1 credentials back");
    expect(apiRequests(tenant())).toBe(0);
  });

  it("an update for another tenant is refused before any call", async () => {
    const created = await createFcm();
    const error = await rejectionOf(handler.update("other.example.com", created.outs, { serverCredentials: ROTATED }));
    expect(error.message).toContain("belongs to another tenant");
    expect(tenant().count("PUT", FCMV1)).toBe(1);
  });
});

describe("FcmPushProvider check", () => {
  it.each([
    ["plain text (the service would take it)", "abc123-sentinel"],
    ["a JSON string", JSON.stringify("sentinel-json-string")],
    ["a JSON array", JSON.stringify(["sentinel-in-array"])],
    ["empty", ""],
  ])("%s fails before any call, naming no property and no value", async (_what, serverCredentials) => {
    const checked = await handler.check({}, { serverCredentials });
    const failures = checked.failures ?? [];
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.property).toBe("");
      expect(failure.reason).toMatch(/^serverCredentials /);
      expect(failure.reason).not.toContain("sentinel");
    }
    expect(apiRequests(tenant())).toBe(0);
  });

  it("a value that is not a string fails without naming the property", async () => {
    const checked = await handler.check({}, { serverCredentials: { type: "service_account", private_key: "sentinel-object" } });
    expect(checked.failures).toEqual([{ property: "", reason: "serverCredentials must be a string" }]);
  });
});
