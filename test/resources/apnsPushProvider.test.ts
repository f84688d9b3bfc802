// ApnsPushProvider handlers against the emulator over real HTTP: the certificate checked as base64 before any
// call and sent on create (after reading what the tenant holds) and on every update that has it (the service's PUT
// replaces the whole configuration); an existing configuration without it (an imported one) keeps the tenant's
// through a PATCH; refresh one GET finding a bundle id or sandbox flag changed by hand; delete making no call when
// the stack sent a certificate. Adoption without the certificate is in adoption.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/apnsPushProvider/handler";
import { apiRequests, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const apiCalls = (): string[] =>
  tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const APNS = "/api/v2/guardian/factors/push-notification/providers/apns";

const P12 = Buffer.from("sentinel-apns-certificate-Hq3").toString("base64");
const ROTATED_P12 = Buffer.from("sentinel-apns-certificate-rotated-Zk8").toString("base64");
const inputs = { bundleId: "com.example.app", p12: P12 };
/** What create records on a tenant without an APNs configuration. */
const FOUND_NONE = { bundleId: null, sandbox: false };

async function createApns(desired: Record<string, unknown> = inputs) {
  const checked = await handler.check({}, desired);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

afterEach(() => vi.restoreAllMocks());

describe("ApnsPushProvider lifecycle", () => {
  it("create reads the configuration, then PUTs bundle id, sandbox (false by default) and the certificate; outputs leave out enabled", async () => {
    const created = await createApns();
    expect(created.id).toBe(tenantHostOf(tenant()));
    expect(created.outs).toEqual({ bundleId: "com.example.app", sandbox: false, p12: P12, previousConfiguration: FOUND_NONE, schemaVersion: 1 });
    expect(apiCalls()).toEqual([`GET ${APNS}`, `PUT ${APNS}`]);
    expect(tenant().state.pushCredentials.apns).toEqual({ bundle_id: "com.example.app", sandbox: false, p12: P12 });
  });

  it("every update re-sends the certificate, even when only the sandbox flag changes", async () => {
    const created = await createApns();
    tenant().state.pushCredentials.apns.p12 = null;
    const desired = { ...inputs, sandbox: true };
    await expect(handler.diff(created.id, created.outs, desired)).resolves.toMatchObject({ changes: true, diffs: ["sandbox"] });
    const updated = await handler.update(created.id, created.outs, desired);
    expect(updated.outs).toEqual({ bundleId: "com.example.app", sandbox: true, p12: P12, previousConfiguration: FOUND_NONE, schemaVersion: 1 });
    expect(tenant().state.pushCredentials.apns).toEqual({ bundle_id: "com.example.app", sandbox: true, p12: P12 });
  });

  it("an omitted sandbox matches false; a new certificate is an update in place", async () => {
    const created = await createApns();
    await expect(handler.diff(created.id, created.outs, { ...inputs, sandbox: false })).resolves.toMatchObject({ changes: false });
    await expect(handler.diff(created.id, created.outs, { ...inputs, p12: ROTATED_P12 })).resolves.toMatchObject({
      changes: true,
      replaces: [],
      diffs: ["p12"],
    });
  });

  it.each([
    ["bundle_id", "com.example.changed", "bundleId"],
    ["sandbox", true, "sandbox"],
  ] as const)("refresh is one GET and finds %s changed by hand", async (field, value, property) => {
    const created = await createApns();
    (tenant().state.pushCredentials.apns as unknown as Record<string, unknown>)[field] = value;
    const before = apiRequests(tenant());
    const read = await handler.read(created.id, created.outs);
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(read.props).toMatchObject({ [property]: value, p12: P12 });
    expect(read.props).not.toHaveProperty("enabled");
    await expect(handler.diff(created.id, read.props, inputs)).resolves.toMatchObject({ changes: true, diffs: [property] });
  });

  it("delete of one create found none for makes no call and says the configuration stays on the tenant", async () => {
    const created = await createApns();
    const notices: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      notices.push(String(chunk));
      return true;
    });
    const before = apiRequests(tenant());
    await handler.delete(created.id, created.outs);
    expect(apiRequests(tenant())).toBe(before);
    expect(tenant().state.pushCredentials.apns.p12).toBe(P12);
    expect(notices.join("")).toContain("the APNs configuration stays on the tenant as the stack left it: no API removes a certificate");
  });

  it("get reads bundle id and sandbox, with no certificate; another tenant is refused", async () => {
    await createApns();
    const id = tenantHostOf(tenant());
    expect((await handler.read(id, {})).props).toEqual({ bundleId: "com.example.app", sandbox: false, previousConfiguration: null, schemaVersion: 1 });
    expect((await rejectionOf(handler.read("other.example.com", {}))).message).toContain("its id is the tenant's domain");
    const created = await createApns();
    expect((await rejectionOf(handler.update("other.example.com", created.outs, inputs))).message).toContain("belongs to another tenant");
  });
});

describe("ApnsPushProvider check", () => {
  it.each([
    ["not base64", "not base64!"],
    ["wrapped lines", `${"A".repeat(76)}\n${"A".repeat(76)}`],
    ["bad padding", "AAA"],
    ["too long", "A".repeat(10_004)],
  ])("a certificate that is %s fails before any call, naming no property and no value", async (_what, p12) => {
    const checked = await handler.check({}, { bundleId: "b", p12 });
    const failures = checked.failures ?? [];
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.property).toBe("");
      expect(failure.reason).toMatch(/^p12 /);
      if (p12.length > 3) expect(failure.reason).not.toContain(p12.slice(0, 10));
    }
    expect(apiRequests(tenant())).toBe(0);
  });

  it("accepts 1 to 10,000 characters of padded base64", async () => {
    for (const p12 of ["AA==", "AAA=", "AAAA", "A".repeat(10_000)]) {
      expect((await handler.check({}, { bundleId: "b", p12 })).failures).toEqual([]);
    }
  });
});

describe("ApnsPushProvider without its certificate: kept on an existing configuration, needed when there is none", () => {
  /** The state and inputs `pulumi import` records: a read by id, which has no certificate. */
  async function imported() {
    await createApns();
    const id = tenantHostOf(tenant());
    const read = await handler.read(id, {});
    expect(read.inputs).toEqual({ bundleId: "com.example.app", sandbox: false });
    return { id, props: read.props as Record<string, unknown>, olds: read.inputs as Record<string, unknown> };
  }

  it.each([
    ["empty, as the generated code has it", { bundleId: "com.example.app", sandbox: false, p12: "" }],
    ["left out", { bundleId: "com.example.app", sandbox: false }],
  ])("the certificate %s passes check on an imported configuration, which then shows no change", async (_how, desired) => {
    const { id, props, olds } = await imported();
    const checked = await handler.check(olds, desired);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).toEqual({ bundleId: "com.example.app", sandbox: false });
    await expect(handler.diff(id, props, checked.inputs)).resolves.toMatchObject({ changes: false, diffs: [] });
  });

  it("an update without it PATCHes bundle id and sandbox; the tenant keeps its certificate", async () => {
    const { id, props, olds } = await imported();
    const checked = await handler.check(olds, { bundleId: "com.example.app", sandbox: true, p12: "" });
    await expect(handler.diff(id, props, checked.inputs)).resolves.toMatchObject({ changes: true, diffs: ["sandbox"] });
    const before = apiCalls().length;
    const updated = await handler.update(id, props, checked.inputs);
    expect(updated.outs).toEqual({ bundleId: "com.example.app", sandbox: true, previousConfiguration: null, schemaVersion: 1 });
    expect(apiCalls().slice(before)).toEqual([`PATCH ${APNS}`]);
    expect(tenant().state.pushCredentials.apns).toEqual({ bundle_id: "com.example.app", sandbox: true, p12: P12 });
  });

  it("a certificate that is not base64 still fails on an existing configuration", async () => {
    const { olds } = await imported();
    const checked = await handler.check(olds, { bundleId: "com.example.app", p12: "not base64!" });
    expect(checked.failures?.map((failure) => failure.property)).toEqual([""]);
  });

  it.each([
    ["empty", { bundleId: "b", p12: "" }],
    ["left out", { bundleId: "b" }],
  ])("creating one with the certificate %s on a tenant without a configuration reads it and fails before any write", async (_how, desired) => {
    const checked = await handler.check({}, desired);
    expect(checked.failures).toEqual([]);
    const error = await rejectionOf(handler.create(checked.inputs));
    expect(error.message).toContain("the tenant has no APNs configuration to adopt, so p12 (the certificate) is needed");
    expect(apiCalls()).toEqual([`GET ${APNS}`]);
  });
});
