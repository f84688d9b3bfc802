// The built providers inside the real @pulumi/pulumi dynamic-provider host (started as the CLI starts it, called
// over gRPC one call at a time, finding "pulumi-tenant" by name through NODE_PATH): every RPC for each
// resource, secrets re-marked the way the engine does, and no sentinel secret in plain outputs, error
// messages or host output.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../tools/emulator";
import { DynamicProviderHost, HostCallError } from "../../tools/host-driver";
import { UNKNOWN_VALUE, isPlainObject, isSecretEnvelope, secretEnvelope, stripSecrets, type PropertyMap } from "../../tools/pulumi-cli/driver/values";
import { REPO_ROOT, SHIM_NAMES, assertDistIsFresh, serializedProvider, type ShimName } from "./dist";
import { packageLookupEnv } from "../../tools/stacks/packageLink";
import { AUTH_TOKEN, CLIENT_ID, CLIENT_SECRET, OTHER_AUTH_TOKEN, leakedSentinels, startTenant, tenantHostOf } from "./harness";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";

const HOST_ENV = { ...packageLookupEnv(), ...BLANK_TENANT_ENV };

let emulator: Emulator;
let host: DynamicProviderHost;
const providerText = {} as Record<ShimName, string>;
/** Every error message the host sent back, for the leak scan at the end. */
const errorMessages: string[] = [];
/** Every ticket URL minted, a sentinel of its own. */
const ticketUrls: string[] = [];

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startTenant();
  for (const shim of SHIM_NAMES) {
    providerText[shim] = (await serializedProvider(shim)).text;
  }
  host = await DynamicProviderHost.start({ cwd: REPO_ROOT, env: HOST_ENV });
  await host.configure({
    "tenant:domain": emulator.url,
    "tenant:clientId": CLIENT_ID,
    "tenant:clientSecret": secretEnvelope(CLIENT_SECRET),
    // The whole stack config reaches the host; unrelated keys must be ignored.
    "other:setting": "x",
  });
});

afterAll(async () => {
  await host?.stop();
  await emulator?.close();
});

beforeEach(() => emulator.reset());

const urn = (type: string, name: string) => `urn:pulumi:test::tenant-basic::pulumi-nodejs:dynamic/tenant:${type}::${name}`;

async function hostFailure(promise: Promise<unknown>): Promise<HostCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HostCallError);
  errorMessages.push((error as HostCallError).message);
  return error as HostCallError;
}

const holdsSecret = (value: unknown): boolean => JSON.stringify(value ?? null) !== JSON.stringify(stripSecrets(value ?? null));

/** Outputs with what the engine marks secret blanked: an output whose same-key input held a secret (objects recurse). */
function blankSecretEchoes(outputs: PropertyMap, inputs: PropertyMap): PropertyMap {
  return Object.fromEntries(
    Object.entries(outputs).map(([key, output]) => {
      const input = inputs[key];
      if (isPlainObject(output) && isPlainObject(input) && !isSecretEnvelope(input)) return [key, blankSecretEchoes(output, input)];
      return [key, holdsSecret(input) ? "[secret]" : output];
    }),
  );
}

/** What the engine would store in plain text: outputs re-marked by same-key inputs and additionalSecretOutputs, secrets blanked. */
function plainPart(outputs: PropertyMap, secretInputs: PropertyMap, additionalSecretOutputs: string[]): string {
  const plain = blankSecretEchoes(outputs, secretInputs);
  for (const key of additionalSecretOutputs) if (key in plain) plain[key] = "[secret]";
  return JSON.stringify(plain);
}

describe("PushProviderSelection in the real host", () => {
  it("Check, Create, Diff, Update, Read, Delete", async () => {
    const type = "PushProviderSelection";
    const __provider = providerText.pushProviderSelectionShim;
    const checked = await host.check(urn(type, "push"), {}, { provider: "sns", __provider });
    expect(checked.failures).toEqual([]);

    const created = await host.create(urn(type, "push"), checked.inputs);
    expect(created.id).toBe(tenantHostOf(emulator));
    expect(created.properties).toEqual({ provider: "sns", previousProvider: "guardian", schemaVersion: 1, __provider });
    expect(emulator.state.pushProvider).toBe("sns");

    const same = await host.diff(created.id, urn(type, "push"), created.properties, checked.inputs, checked.inputs);
    expect(same.changes).toBe("none");
    const next = (await host.check(urn(type, "push"), checked.inputs, { provider: "direct", __provider })).inputs;
    const changed = await host.diff(created.id, urn(type, "push"), created.properties, next, checked.inputs);
    expect(changed).toMatchObject({ changes: "some", replaces: [] });

    const updated = await host.update(created.id, urn(type, "push"), created.properties, next, checked.inputs);
    expect(updated.properties).toMatchObject({ provider: "direct", previousProvider: "guardian" });

    emulator.state.pushProvider = "sns"; // drift
    const read = await host.read(created.id, urn(type, "push"), updated.properties);
    expect(read).toMatchObject({ id: created.id, properties: { provider: "sns" }, inputs: { provider: "sns" } });
    const drift = await host.diff(created.id, urn(type, "push"), read.properties, next, read.inputs);
    expect(drift.changes).toBe("some");

    await host.delete(created.id, urn(type, "push"), read.properties);
    expect(emulator.state.pushProvider).toBe("guardian");

    // The host's own echo of a failed Read (`${error}: ${error.stack}` on stderr, which the CLI shows under the stack)
    // is held back for the package's errors: the message reaches the user once, under its resource.
    const foreign = await hostFailure(host.read("other-tenant.example.com", urn(type, "other"), read.properties));
    expect(foreign.message).toMatch(/belongs to another tenant/);
    expect(host.output()).not.toMatch(/belongs to another tenant/);
  });

  it("preview: unknown input passes Check and Diff reports a change", async () => {
    const __provider = providerText.pushProviderSelectionShim;
    const checked = await host.check(urn("PushProviderSelection", "p"), {}, { provider: UNKNOWN_VALUE, __provider });
    expect(checked.failures).toEqual([]);
    const diff = await host.diff("t", urn("PushProviderSelection", "p"), { provider: "sns", __provider }, checked.inputs);
    expect(diff.changes).toBe("some");
    expect(emulator.requests).toHaveLength(0);
  });
});

describe("PhoneProvider in the real host", () => {
  const type = "PhoneProvider";
  const inputs = (authToken: string, extra: PropertyMap = {}): PropertyMap => ({
    name: "vendor_a",
    credentials: { authToken },
    configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" },
    __provider: providerText.phoneProviderShim,
    ...extra,
  });
  /** Program inputs as the engine holds them: credentials secret (the resource class wraps them). */
  const secretInputs = (plain: PropertyMap): PropertyMap => ({ ...plain, credentials: secretEnvelope(plain.credentials) });

  it("Check, Create, Diff, Update, Read, Delete, with credentials never in plain state", async () => {
    const checked = await host.check(urn(type, "sms"), {}, inputs(AUTH_TOKEN));
    expect(checked.failures).toEqual([]);
    const created = await host.create(urn(type, "sms"), checked.inputs);
    expect(created.id).toMatch(/^pro_/);
    expect(created.properties).toMatchObject({ name: "vendor_a", channel: "phone", tenant: "demo-tenant", credentials: { authToken: AUTH_TOKEN } });
    expect(leakedSentinels(plainPart(created.properties, secretInputs(checked.inputs), ["credentials"]))).toEqual([]);

    expect((await host.diff(created.id, urn(type, "sms"), created.properties, checked.inputs)).changes).toBe("none");
    const next = (await host.check(urn(type, "sms"), checked.inputs, inputs(OTHER_AUTH_TOKEN, { disabled: true }))).inputs;
    expect(await host.diff(created.id, urn(type, "sms"), created.properties, next)).toMatchObject({ changes: "some", replaces: [] });

    const updated = await host.update(created.id, urn(type, "sms"), created.properties, next);
    expect(updated.properties).toMatchObject({ disabled: true, credentials: { authToken: OTHER_AUTH_TOKEN } });
    expect([...emulator.state.phoneProviders.values()][0].credentials).toEqual({ auth_token: OTHER_AUTH_TOKEN });

    const read = await host.read(created.id, urn(type, "sms"), updated.properties);
    expect(read.id).toBe(created.id);
    expect(read.properties).toMatchObject({ credentials: { authToken: OTHER_AUTH_TOKEN } });
    expect(read.inputs).toMatchObject({ credentials: { authToken: OTHER_AUTH_TOKEN } });
    expect(leakedSentinels(plainPart(read.properties, secretInputs(next), ["credentials"]))).toEqual([]);
    expect(leakedSentinels(plainPart(read.inputs ?? {}, secretInputs(next), []))).toEqual([]);

    // A second provider is refused, with a message that names the way out and no secret.
    const second = await host.check(urn(type, "sms2"), {}, inputs(AUTH_TOKEN));
    const conflict = await hostFailure(host.create(urn(type, "sms2"), second.inputs));
    expect(conflict.message).toMatch(/adoptExisting: true/);

    await host.delete(created.id, urn(type, "sms"), read.properties);
    expect(emulator.state.phoneProviders.size).toBe(0);
    const gone = await host.read(created.id, urn(type, "sms"), read.properties);
    expect(gone.id).toBe("");
  });

  it("Check failures come back as failures, not errors", async () => {
    const checked = await host.check(urn(type, "bad"), {}, inputs(AUTH_TOKEN, { name: "twilio" }));
    expect(checked.failures).toEqual([{ property: "name", reason: 'must be one of "vendor_a", "custom"' }]);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe("EnrollmentTicket in the real host", () => {
  it("Check, Create, Diff (replace), Update (refused), Read, Delete (no-op), ticketUrl never in plain state", async () => {
    const type = "EnrollmentTicket";
    const __provider = providerText.enrollmentTicketShim;
    const checked = await host.check(urn(type, "t"), {}, { userId: "email|alice", factor: "otp", __provider });
    expect(checked.failures).toEqual([]);
    const created = await host.create(urn(type, "t"), checked.inputs);
    const ticketUrl = String(created.properties.ticketUrl);
    ticketUrls.push(ticketUrl);
    expect(ticketUrl).toBe(emulator.state.enrollmentTickets[0].ticket_url);
    expect(created.id).toMatch(/^tkt_[0-9a-f]{32}$/);
    expect(created.id).not.toContain(emulator.state.enrollmentTickets[0].ticket_id);
    expect(plainPart(created.properties, checked.inputs, ["ticketUrl"])).not.toContain(ticketUrl);

    const next = (await host.check(urn(type, "t"), checked.inputs, { userId: "email|alice", factor: "email", __provider })).inputs;
    expect(await host.diff(created.id, urn(type, "t"), created.properties, next)).toMatchObject({ changes: "some", replaces: ["factor"] });
    const refused = await hostFailure(host.update(created.id, urn(type, "t"), created.properties, next));
    expect(refused.message).toMatch(/cannot be updated in place/);

    const read = await host.read(created.id, urn(type, "t"), created.properties);
    expect(read.properties).toEqual(created.properties);
    expect(read.inputs).toEqual({ userId: "email|alice", factor: "otp", __provider });

    const before = emulator.count();
    await host.delete(created.id, urn(type, "t"), created.properties);
    expect(emulator.count()).toBe(before);
  });
});

describe("the host's output", () => {
  it("never contains a sentinel secret", () => {
    expect(errorMessages.length).toBeGreaterThan(0);
    for (const message of errorMessages) expect(leakedSentinels(message, ticketUrls)).toEqual([]);
    expect(leakedSentinels(host.output(), ticketUrls)).toEqual([]);
  });
});

describe("a host without usable settings", () => {
  it("still checks (Check before any Configure), and fails the first CRUD call with the ConfigError", async () => {
    const bare = await DynamicProviderHost.start({ cwd: REPO_ROOT, env: HOST_ENV });
    try {
      const __provider = providerText.pushProviderSelectionShim;
      const checked = await bare.check(urn("PushProviderSelection", "p"), {}, { provider: "sns", __provider });
      expect(checked.failures).toEqual([]);
      const error = await hostFailure(bare.create(urn("PushProviderSelection", "p"), checked.inputs));
      expect(error.message).toMatch(/Missing tenant domain: set the stack config "tenant:domain"/);
      // Every later call reports the same problem: nothing broken stays cached.
      const again = await hostFailure(bare.create(urn("PushProviderSelection", "p"), checked.inputs));
      expect(again.message).toMatch(/Missing tenant domain/);
      expect(leakedSentinels(bare.output())).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});
