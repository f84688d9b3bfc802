// DuoSettings against the emulator over real HTTP. The service returns the secret key in clear: it is compared with
// the program's (adopting a tenant as it is writes nothing), sent back as it came when the program leaves it out, and
// never reaches outputs, state, messages or notices — only the program's own key does, as a secret. A key changed
// outside the program is a drift on secretKey. Destroy puts back what it found with the tenant's key, and leaves (and
// says so) what it cannot: a key the stack replaced, and no integration at all.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/duoSettings/handler";
import { leakedSecrets } from "../support/encodedLeaks";
import { apiRequests, createChecked, rejectionOf, tenantHostOf, useConfiguredTenant } from "./harness";

const tenant = useConfiguredTenant(handler);
const PATH = "/api/v2/guardian/factors/duo/settings";
const apiCalls = (): string[] => tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);

/** The tenant's key, which only the service and the emulator's state may hold. */
const TENANT_KEY = "Hq72Lm9ZtvRx3Kp0uYd";
const PROGRAM_KEY = "Wd40Ne5BycGs8JfTqXa";
const SENTINELS = { "tenant's Duo key": TENANT_KEY };

const integration = { integrationKey: "DIWJ8X6AEYOR5OMC6TQ1", secretKey: PROGRAM_KEY, hostname: "api-1a2b3c4d.duosecurity.com" };
const seedTenant = (): void => void (tenant().state.factorSettings.duo = { ikey: "DIOLDKEY000000000001", skey: TENANT_KEY, host: "api-old.duosecurity.com" });
const FOUND = { integrationKey: "DIOLDKEY000000000001", hostname: "api-old.duosecurity.com" };

const notices: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  notices.length = 0;
});
const captureNotices = (): void =>
  void vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    notices.push(String(chunk));
    return true;
  });

const created = (inputs: Record<string, unknown>) => createChecked(handler, inputs);

describe("DuoSettings on a tenant without an integration", () => {
  it("create writes all three; refresh is one read; the key is the program's, secret; destroy leaves it and says why", async () => {
    const made = await created(integration);
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(made).toEqual({
      id: tenantHostOf(tenant()),
      outs: { ...integration, secretKeyReplaced: false, previousSettings: { integrationKey: null, hostname: null }, schemaVersion: 1 },
    });
    expect(tenant().state.factorSettings.duo).toEqual({ ikey: integration.integrationKey, skey: PROGRAM_KEY, host: integration.hostname });

    const refreshed = await handler.read(made.id, made.outs);
    expect(refreshed.props).toEqual(made.outs);
    expect(refreshed.inputs).toEqual(integration);

    captureNotices();
    await handler.delete(made.id, made.outs);
    // Refresh's read, then destroy's: it decides from the tenant.
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PUT ${PATH}`, `GET ${PATH}`, `GET ${PATH}`]);
    expect(notices.join("")).toBe(
      `warning: DuoSettings with id "${made.id}" was removed from the stack; its integrationKey, hostname stay as the stack set them: the tenant ` +
        "had none, and no call known to work clears one. Change it in the service's dashboard if it is no longer wanted.\n",
    );
    expect(tenant().state.factorSettings.duo.skey).toBe(PROGRAM_KEY);
  });

  it("fails before any write when the program leaves out what the tenant does not hold", async () => {
    const error = await rejectionOf(created({ integrationKey: "DIWJ8X6AEYOR5OMC6TQ1" }));
    expect(error.message).toBe(
      "DuoSettings: the tenant holds no secretKey, hostname, so the program must give them: Duo's settings are written whole " +
        "(integrationKey, secretKey and hostname). Nothing was changed.",
    );
    expect(apiCalls()).toEqual([`GET ${PATH}`]);
  });
});

describe("DuoSettings on a tenant with an integration", () => {
  it("the same three keys, the secret compared with the tenant's: adopted without a write", async () => {
    seedTenant();
    const made = await created({ ...FOUND, secretKey: TENANT_KEY });
    expect(apiCalls()).toEqual([`GET ${PATH}`]);
    expect(made.outs).toEqual({ ...FOUND, secretKey: TENANT_KEY, secretKeyReplaced: false, previousSettings: FOUND, schemaVersion: 1 });
    await handler.delete(made.id, made.outs);
    expect(apiCalls()).toEqual([`GET ${PATH}`, `GET ${PATH}`]);
  });

  it("a key left out is the tenant's, sent back as it came and never kept; destroy puts the rest back with it", async () => {
    seedTenant();
    const made = await created({ integrationKey: integration.integrationKey, hostname: integration.hostname });
    expect(apiCalls()).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(tenant().state.factorSettings.duo).toEqual({ ikey: integration.integrationKey, skey: TENANT_KEY, host: integration.hostname });
    expect(made.outs).toEqual({
      integrationKey: integration.integrationKey,
      hostname: integration.hostname,
      secretKeyReplaced: false,
      previousSettings: FOUND,
      schemaVersion: 1,
    });
    const refreshed = await handler.read(made.id, made.outs);
    expect(leakedSecrets(JSON.stringify([made, refreshed]), SENTINELS)).toEqual([]);

    await handler.delete(made.id, refreshed.props);
    expect(apiCalls().slice(-2)).toEqual([`GET ${PATH}`, `PUT ${PATH}`]);
    expect(tenant().state.factorSettings.duo).toEqual({ ikey: FOUND.integrationKey, skey: TENANT_KEY, host: FOUND.hostname });
  });

  it("a key that replaced the tenant's cannot be put back: destroy leaves the integration and says so", async () => {
    seedTenant();
    const made = await created(integration);
    expect(made.outs).toMatchObject({ secretKey: PROGRAM_KEY, secretKeyReplaced: true });
    captureNotices();
    const before = apiRequests(tenant());
    await handler.delete(made.id, made.outs);
    expect(apiRequests(tenant())).toBe(before);
    expect(notices.join("")).toContain(
      "its secretKey replaced the one the tenant had, which is never stored and cannot be put back.",
    );
    expect(tenant().state.factorSettings.duo.skey).toBe(PROGRAM_KEY);
  });

  it("an update that sends another key than the stack's marks it replaced", async () => {
    seedTenant();
    const made = await created({ ...FOUND, secretKey: TENANT_KEY });
    const updated = await handler.update(made.id, made.outs, { ...FOUND, secretKey: PROGRAM_KEY });
    expect(updated.outs).toMatchObject({ secretKey: PROGRAM_KEY, secretKeyReplaced: true });
    expect(tenant().state.factorSettings.duo.skey).toBe(PROGRAM_KEY);
  });
});

describe("DuoSettings drift", () => {
  it("a key changed outside the program is a drift on secretKey: refresh records that it differs, not the key; up sends the program's", async () => {
    const made = await created(integration);
    tenant().state.factorSettings.duo.skey = TENANT_KEY;
    const refreshed = await handler.read(made.id, made.outs);
    const { secretKey: _programs, ...rest } = integration;
    expect(refreshed.props).toStrictEqual({ ...rest, secretKeyReplaced: false, previousSettings: { integrationKey: null, hostname: null }, schemaVersion: 1 });
    expect(leakedSecrets(JSON.stringify(refreshed), SENTINELS)).toEqual([]);
    await expect(handler.diff(made.id, refreshed.props, integration)).resolves.toMatchObject({ changes: true, diffs: ["secretKey"] });
    await handler.update(made.id, refreshed.props, integration);
    expect(tenant().state.factorSettings.duo.skey).toBe(PROGRAM_KEY);
  });

  it("a host changed outside the program is a drift on hostname", async () => {
    const made = await created(integration);
    tenant().state.factorSettings.duo.host = "api-other.duosecurity.com";
    const refreshed = await handler.read(made.id, made.outs);
    await expect(handler.diff(made.id, refreshed.props, integration)).resolves.toMatchObject({ changes: true, diffs: ["hostname"] });
  });
});

describe("DuoSettings get, import and check", () => {
  it("get reads the integration without its key, and records nothing to put back", async () => {
    seedTenant();
    const read = await handler.read(tenantHostOf(tenant()), {});
    expect(read).toEqual({
      id: tenantHostOf(tenant()),
      props: { ...FOUND, secretKeyReplaced: false, previousSettings: null, schemaVersion: 1 },
      inputs: FOUND,
    });
    expect(leakedSecrets(JSON.stringify(read), SENTINELS)).toEqual([]);
  });

  it.each([
    [{ integrationKey: "" }, [{ property: "integrationKey", reason: "must be at least 1 character(s) long" }]],
    [{ secretKey: "abc" }, [{ property: "", reason: "secretKey must be at least 4 characters long, as every secret" }]],
    [{ hostname: "https://api-1.duosecurity.com" }, [{ property: "hostname", reason: expect.stringMatching(/^must be a host name such as "login.example.com"/) }]],
    [{ hostname: "" }, [{ property: "hostname", reason: expect.stringMatching(/^must be a host name/) }]],
  ])("%j is refused before any call, a secret never named as a property", async (inputs, failures) => {
    expect((await handler.check({}, inputs)).failures).toEqual(failures);
    expect(apiRequests(tenant())).toBe(0);
  });
});
