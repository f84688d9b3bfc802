// SnsPushProvider handlers against the emulator over real HTTP: create reads what the tenant holds and records it,
// then sends all five fields (the secret key cannot be compared); one GET per refresh with drift in every field the
// service returns; rotation of the secret as an update; the PUT's echo of the secret kept out of outputs and debug
// lines; delete putting back what create found (here: clearing the five fields); a refused clear reported.
// Adoption without the key is in adoption.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as handler from "../../provider/resources/snsPushProvider/handler";
import { startEmulator } from "../../tools/emulator";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  apiRequests,
  configureRequest,
  rejectionOf,
  startTenant,
  tenantConfig,
  tenantHostOf,
  useConfiguredTenant,
} from "./harness";

const tenant = useConfiguredTenant(handler);
const apiCalls = (): string[] =>
  tenant().requests.filter((entry) => entry.path.startsWith("/api/v2/")).map((entry) => `${entry.method} ${entry.path}`);
const SNS = "/api/v2/guardian/factors/push-notification/providers/sns";
/** What create records on a tenant without an SNS configuration. */
const FOUND_NONE = { awsAccessKeyId: null, awsRegion: null, snsApnsPlatformApplicationArn: null, snsGcmPlatformApplicationArn: null };

const AWS_SECRET = "sentinel-aws-secret-Sns-4Lp9Qx";
const ROTATED_SECRET = "sentinel-aws-secret-Rotated-7Tz2";
const inputs = {
  awsAccessKeyId: "AKIAEXAMPLE",
  awsSecretAccessKey: AWS_SECRET,
  awsRegion: "us-west-2",
  snsApnsPlatformApplicationArn: "arn:aws:sns:us-west-2:123456789012:app/APNS/my-app",
};

async function createSns(desired: Record<string, unknown> = inputs) {
  const checked = await handler.check({}, desired);
  expect(checked.failures).toEqual([]);
  return handler.create(checked.inputs);
}

afterEach(() => vi.unstubAllEnvs());

describe("SnsPushProvider lifecycle", () => {
  it("create reads the configuration, then PUTs all five fields once; outputs hold the service's answer, the secret from the inputs only, and what create found", async () => {
    const created = await createSns();
    expect(created.id).toBe(tenantHostOf(tenant()));
    expect(created.outs).toEqual({
      awsAccessKeyId: "AKIAEXAMPLE",
      awsSecretAccessKey: AWS_SECRET,
      awsRegion: "us-west-2",
      snsApnsPlatformApplicationArn: inputs.snsApnsPlatformApplicationArn,
      snsGcmPlatformApplicationArn: null,
      previousConfiguration: FOUND_NONE,
      schemaVersion: 1,
    });
    expect(apiCalls()).toEqual([`GET ${SNS}`, `PUT ${SNS}`]);
    expect(tenant().state.pushCredentials.sns).toEqual({
      aws_access_key_id: "AKIAEXAMPLE",
      aws_secret_access_key: AWS_SECRET,
      aws_region: "us-west-2",
      sns_apns_platform_application_arn: inputs.snsApnsPlatformApplicationArn,
      sns_gcm_platform_application_arn: null,
    });
  });

  it("create overwrites what the tenant held, clearing an ARN the program leaves out", async () => {
    tenant().state.pushCredentials.sns.sns_gcm_platform_application_arn = "arn:old";
    tenant().state.pushCredentials.sns.aws_secret_access_key = "sentinel-old-secret";
    await createSns();
    expect(tenant().state.pushCredentials.sns.sns_gcm_platform_application_arn).toBeNull();
    expect(tenant().state.pushCredentials.sns.aws_secret_access_key).toBe(AWS_SECRET);
  });

  it("no change is no diff; an omitted ARN matches the service's null; rotating the secret is an update, never a replace", async () => {
    const created = await createSns();
    await expect(handler.diff(created.id, created.outs, inputs)).resolves.toMatchObject({ changes: false });
    const rotated = { ...inputs, awsSecretAccessKey: ROTATED_SECRET };
    await expect(handler.diff(created.id, created.outs, rotated)).resolves.toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      diffs: ["awsSecretAccessKey"],
    });
    const updated = await handler.update(created.id, created.outs, rotated);
    expect(updated.outs).toMatchObject({ awsSecretAccessKey: ROTATED_SECRET });
    expect(tenant().state.pushCredentials.sns.aws_secret_access_key).toBe(ROTATED_SECRET);
    expect(apiCalls()).toEqual([`GET ${SNS}`, `PUT ${SNS}`, `PUT ${SNS}`]);
  });

  it.each([
    ["aws_access_key_id", "AKIACHANGED", "awsAccessKeyId"],
    ["aws_region", "eu-west-1", "awsRegion"],
    ["sns_apns_platform_application_arn", "arn:changed", "snsApnsPlatformApplicationArn"],
    ["sns_gcm_platform_application_arn", "arn:added", "snsGcmPlatformApplicationArn"],
  ] as const)("refresh is one GET and finds %s changed by hand", async (field, value, property) => {
    const created = await createSns();
    tenant().state.pushCredentials.sns[field] = value;
    const before = apiRequests(tenant());
    const read = await handler.read(created.id, created.outs);
    expect(apiRequests(tenant()) - before).toBe(1);
    expect(read.props).toMatchObject({ [property]: value, awsSecretAccessKey: AWS_SECRET });
    await expect(handler.diff(created.id, read.props, inputs)).resolves.toMatchObject({ changes: true, diffs: [property] });
  });

  it("a secret changed by hand cannot be seen: refresh keeps the program's value", async () => {
    const created = await createSns();
    tenant().state.pushCredentials.sns.aws_secret_access_key = "sentinel-by-hand";
    const read = await handler.read(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual({ ...inputs });
  });

  it("delete of one create found none for PUTs the five fields as null", async () => {
    const created = await createSns();
    await handler.delete(created.id, created.outs);
    expect(Object.values(tenant().state.pushCredentials.sns).every((value) => value === null)).toBe(true);
  });

  it("the echoed secret reaches no debug line", async () => {
    // A tenant of its own, so the client is built anew, with debug logging on.
    const debugged = await startTenant();
    const lines: string[] = [];
    vi.stubEnv("TENANT_DEBUG", "1");
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await handler.configure(configureRequest(tenantConfig(debugged)));
      const created = await createSns();
      await handler.update(created.id, created.outs, { ...inputs, awsSecretAccessKey: ROTATED_SECRET });
      await handler.read(created.id, created.outs);
      await handler.delete(created.id, created.outs);
    } finally {
      write.mockRestore();
      await debugged.close();
      await handler.configure(configureRequest(tenantConfig(tenant())));
    }
    expect(lines.join("")).toContain(SNS);
    expect(lines.join("")).not.toContain("sentinel-aws-secret");
  });
});

describe("SnsPushProvider get, other tenants and refused clears", () => {
  it("get by the tenant's domain reads the configuration without a secret; another id is not found", async () => {
    await createSns();
    const id = tenantHostOf(tenant());
    const got = await handler.read(id, {});
    expect(got.props).toEqual({
      awsAccessKeyId: "AKIAEXAMPLE",
      awsRegion: "us-west-2",
      snsApnsPlatformApplicationArn: inputs.snsApnsPlatformApplicationArn,
      snsGcmPlatformApplicationArn: null,
      // Nothing recorded: a destroy of what `get` (or an import) brought in leaves the configuration as it is.
      previousConfiguration: null,
      schemaVersion: 1,
    });
    const error = await rejectionOf(handler.read("other.example.com", {}));
    expect(error.message).toContain(`its id is the tenant's domain, "${id}"`);
  });

  it("a resource of another tenant is refused before any call", async () => {
    const created = await createSns();
    const before = apiRequests(tenant());
    for (const call of [
      () => handler.read("other.example.com", created.outs),
      () => handler.update("other.example.com", created.outs, inputs),
      () => handler.delete("other.example.com", created.outs),
    ]) {
      expect((await rejectionOf(call())).message).toContain("belongs to another tenant");
    }
    expect(apiRequests(tenant())).toBe(before);
  });

  it("a clear the service refuses is reported, and the destroy succeeds", async () => {
    const readOnly = await startEmulator({ clients: [{ id: CLIENT_ID, secret: CLIENT_SECRET, scopes: ["read:guardian_factors"] }] });
    const notices: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      notices.push(String(chunk));
      return true;
    });
    try {
      await handler.configure(configureRequest(tenantConfig(readOnly)));
      const id = tenantHostOf(readOnly);
      // Create found none: destroy clears the configuration it set, and the service refuses.
      await expect(handler.delete(id, { ...inputs, awsSecretAccessKey: AWS_SECRET, previousConfiguration: FOUND_NONE, __programName: "sns" })).resolves.toBeUndefined();
    } finally {
      write.mockRestore();
      await readOnly.close();
      await handler.configure(configureRequest(tenantConfig(tenant())));
    }
    const text = notices.join("");
    expect(text).toContain("403");
    expect(text).toContain('[PUT /api/v2/guardian/factors/push-notification/providers/sns]. SnsPushProvider "sns" was removed from the stack, but the tenant keeps the SNS credentials it set');
    expect(text).not.toContain(AWS_SECRET);
  });

  it("a clear that gets no answer still fails the destroy", async () => {
    const created = await createSns();
    tenant().injectFault({ method: "PUT", path: SNS, count: 10, kind: "drop" });
    await expect(handler.delete(created.id, created.outs)).rejects.toThrow();
  }, 60_000);
});

describe("SnsPushProvider without its secret key: kept on an existing configuration, needed when there is none", () => {
  /** The state and inputs `pulumi import` records: a read by id, which has no secret key. */
  async function imported() {
    await createSns();
    const id = tenantHostOf(tenant());
    const read = await handler.read(id, {});
    expect(read.inputs).not.toHaveProperty("awsSecretAccessKey");
    return { id, props: read.props as Record<string, unknown>, olds: read.inputs as Record<string, unknown> };
  }
  const { awsSecretAccessKey: _secret, ...withoutSecret } = inputs;

  it.each([
    ["empty, as the generated code has it", { ...inputs, awsSecretAccessKey: "" }],
    ["left out", withoutSecret],
  ])("the secret key %s passes check on an imported configuration, which then shows no change", async (_how, desired) => {
    const { id, props, olds } = await imported();
    const checked = await handler.check(olds, desired);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).toEqual(withoutSecret);
    await expect(handler.diff(id, props, checked.inputs)).resolves.toMatchObject({ changes: false, diffs: [] });
  });

  it("an update without it PATCHes the other four fields; the tenant keeps its key", async () => {
    const { id, props, olds } = await imported();
    const checked = await handler.check(olds, { ...inputs, awsSecretAccessKey: "", awsRegion: "eu-central-1" });
    await expect(handler.diff(id, props, checked.inputs)).resolves.toMatchObject({ changes: true, diffs: ["awsRegion"] });
    const before = tenant().requests.length;
    const updated = await handler.update(id, props, checked.inputs);
    expect(updated.outs).not.toHaveProperty("awsSecretAccessKey");
    expect(updated.outs).toMatchObject({ awsRegion: "eu-central-1", awsAccessKeyId: "AKIAEXAMPLE" });
    const patch = tenant().requests.slice(before).filter((entry) => entry.path === SNS);
    expect(patch.map((entry) => entry.method)).toEqual(["PATCH"]);
    expect(tenant().state.pushCredentials.sns).toMatchObject({ aws_secret_access_key: AWS_SECRET, aws_region: "eu-central-1" });
  });

  it.each([
    ["empty", { ...inputs, awsSecretAccessKey: "" }],
    ["left out", withoutSecret],
  ])("creating one with the secret key %s on a tenant without a configuration reads it and fails before any write", async (_how, desired) => {
    const checked = await handler.check({}, desired);
    expect(checked.failures).toEqual([]);
    const error = await rejectionOf(handler.create(checked.inputs));
    expect(error.message).toContain("the tenant has no SNS configuration to adopt, so awsSecretAccessKey is needed");
    expect(apiCalls()).toEqual([`GET ${SNS}`]);
  });
});
