/**
 * `pulumi import` as a user goes through it, for every importable resource of the registry: an object made
 * outside the stack is imported, the CLI's generated code (the engine's generator's inputs: the read inputs plus a
 * zero value for each absent required input) is the program, and its first
 * preview and up change nothing. A phone provider's generated `credentials: {}`, the SNS configuration's
 * `awsSecretAccessKey: ""` and the APNs configuration's `p12: ""` keep the secret the service holds; Duo's code has no
 * `secretKey` (the service returns it, but an import never reads it into code or state), so the tenant's stays.
 * A new importable resource needs an example below: the test fails naming it until it has one.
 *
 * The examples share their set-ups: the first example of every type lives on one tenant, the second ones on another
 * (a tenant holds one phone provider): one `up` makes a tenant's objects outside the importing stack, one
 * `pulumi import --file` lists them all and brings them into that stack in one deployment, protected, with the code
 * for each, and one preview and one `up` of the generated code follow. (The command's other form, one resource named
 * on the command line, is test/e2e/native/import.test.ts's and mfaImport.test.ts's.) The import warns of a write-only
 * field only where the object has one (of the streams, the bearer webhook's token, which its code holds as `""`);
 * and, as the README says of an import file, streams come protected and without `retainOnDelete`: with it added and
 * the protection lifted, destroying the stack takes no stream away.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isImportable, type ResourceDefinition } from "../../../provider/resources/common/definition";
import { propertiesOf } from "../../../provider/shapes/property";
import { REGISTRY } from "../../../provider/resources/registry";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { ExpectNoChangesError, describeChanges, proposedChanges, type PulumiCliEngine } from "../../../tools/pulumi-cli/driver";
import { isSecretEnvelope } from "../../../tools/pulumi-cli/driver/values";
import { assertDistIsFresh } from "../../resources/dist";
import { IMPORTED_PROJECT_DIR, nativeEngine, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-import-round-trip-ci", secret: "sentinel-round-trip-client-secret-77b3" };
const AUTH_TOKEN = "sentinel-round-trip-sms-token-5e01";
const AWS_SECRET = "sentinel-round-trip-aws-secret-91c4";
/** Base64, as the certificate must be; a sentinel all the same. */
const P12 = Buffer.from("sentinel-round-trip-p12-0d7a").toString("base64");
/** Duo's key, which the service returns: read by the import, never kept. */
const DUO_SECRET = "sentinel-round-trip-duo-secret-3f8e";
const SENTINELS = [AUTH_TOKEN, AWS_SECRET, P12, DUO_SECRET];

/** Inputs an object of each importable type is first made with (outside the importing stack). */
const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  PushProviderSelection: [{ provider: "sns" }],
  PhoneProvider: [
    { name: "vendor_a", credentials: { authToken: AUTH_TOKEN }, configuration: { sid: "AC_round_trip", deliveryMethods: ["voice", "text"], mssid: "MG_round_trip" } },
    { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } },
  ],
  EventStream: [
    {
      name: "round-trip-webhook",
      subscriptions: [{ eventType: "user.created" }],
      status: "enabled",
      destination: {
        type: "webhook",
        configuration: { webhookEndpoint: "https://hooks.example.com/round-trip", webhookAuthorization: { method: "bearer", token: AUTH_TOKEN } },
      },
    },
    { name: "round-trip-bridge", subscriptions: [{ eventType: "user.deleted" }], status: "disabled", destination: { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } } },
    { name: "round-trip-action", subscriptions: [{ eventType: "user.created" }], status: "enabled", destination: { type: "action", configuration: { actionId: "act_round_trip" } } },
  ],
  MfaFactor: [{ factor: "sms", enabled: true }],
  MfaPolicy: [{ policy: "all-applications" }],
  PhoneMessageTypes: [{ messageTypes: ["voice", "sms"] }],
  SnsPushProvider: [
    {
      awsAccessKeyId: "AKIA_ROUND_TRIP",
      awsSecretAccessKey: AWS_SECRET,
      awsRegion: "eu-west-1",
      snsApnsPlatformApplicationArn: "arn:aws:sns:eu-west-1:123456789012:app/APNS/round-trip",
    },
  ],
  ApnsPushProvider: [{ bundleId: "com.example.round-trip", sandbox: true, p12: P12 }],
  PhoneTemplate: [
    { type: "otp_verify", content: { from: "+15550100", body: { text: "{{ code | escape }} is your round-trip code", voice: "Your code is {{ pause }} {{ code | escape }}" } } },
    { type: "blocked_account", disabled: true, content: { body: { voice: "Your account was blocked." } } },
  ],
  DuoSettings: [{ integrationKey: "DIROUNDTRIP000000001", secretKey: DUO_SECRET, hostname: "api-round-trip.duosecurity.com" }],
  WebAuthnSettings: [
    { factor: "webauthn-roaming", userVerification: "required" },
    { factor: "webauthn-platform", overrideRelyingParty: false },
  ],
  PushCustomApp: [{ appName: "Round Trip", appleAppLink: "https://apps.apple.com/app/id100200300", googleAppLink: "https://play.google.com/store/apps/details?id=com.example.roundtrip" }],
  MfaSettings: [{ displayRememberMeCheckbox: false, rememberMeDefaultValue: true, sessionInactivityTimeout: 7200, sessionOverallTimeout: 86400 }],
  OtpSettings: [
    { factor: "sms", otpLength: 8, otpExpirationTime: 600 },
    { factor: "email", otpLength: 10, otpExpirationTime: 3600 },
  ],
  TenantMfaFlags: [{ customizeMfaInPostLoginAction: true, showFactorListOnEnrollment: true }],
  RiskAssessmentSettings: [{ enabled: true }],
  RiskAssessmentNewDevice: [{ rememberFor: 90 }],
};

const importable = REGISTRY.map((entry): ResourceDefinition => entry.definition).filter(isImportable);
interface Case {
  definition: ResourceDefinition;
  inputs: Record<string, unknown>;
  index: number;
  /** The name it is made under outside the importing stack, and imported under. */
  name: string;
  /** The tenant it lives on. */
  tenant: number;
}
// A tenant holds one of each type that is one per tenant; a third example is of a type it holds many of (a stream),
// and joins the second tenant rather than needing a third.
const cases: Case[] = importable.flatMap((definition) =>
  (EXAMPLES[definition.name] ?? []).map((inputs, index) => ({ definition, inputs, index, name: `${definition.name}-${index}`, tenant: Math.min(index, 1) })),
);
const groups = [...new Set(cases.map((entry) => entry.tenant))].map((index) => ({ index, cases: cases.filter((entry) => entry.tenant === index) }));

interface Declared {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  secretInputs: string[];
  protect?: boolean;
}

/** One resource of the program, its secret inputs as the schema marks them (so a generated SDK wraps them). */
function declared(definition: ResourceDefinition, name: string, inputs: Record<string, unknown>, protect?: boolean): Declared {
  const plain = Object.fromEntries(Object.entries(inputs).map(([key, value]) => [key, isSecretEnvelope(value) ? value.value : value]));
  const secretInputs = propertiesOf(definition.inputs).filter((shape) => shape.secret).map((shape) => shape.name);
  return { type: definition.name, name, inputs: plain, secretInputs, ...(protect === undefined ? {} : { protect }) };
}

/** The command, failing with the changes it found listed when `--expect-no-changes` refused them. */
async function expectNoChanges(run: Promise<unknown>): Promise<void> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof ExpectNoChangesError) throw new Error(`${error.message}:\n${describeChanges(proposedChanges(error.result.steps, error.operation))}`);
  if (error) throw error;
}

it("has an example for every importable resource of the registry", () => {
  expect(importable.filter((definition) => !EXAMPLES[definition.name]).map((definition) => definition.name)).toEqual([]);
});

describe.sequential.each(groups)("import of example $index of each importable resource", ({ cases: group }) => {
  let emulator: Emulator;
  const stateDirs: string[] = [];
  /** The stack that makes the objects ("outside"), or the one that imports them. */
  const stack = (which: "outside" | "importing", resources: Declared[]): PulumiCliEngine =>
    nativeEngine({
      stateDir: stateDirs[which === "outside" ? 0 : 1],
      projectDir: IMPORTED_PROJECT_DIR,
      config: { ...tenantConfig(emulator, CLIENT), "tenant-imported:resources": { value: JSON.stringify(resources) } },
    });
  const ids: Record<string, string> = {};
  const generated: Record<string, Record<string, unknown>> = {};
  /** The import's warnings: the resource's name and the message. */
  let warnings: [string, string][] = [];

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    for (let index = 0; index < 2; index++) stateDirs.push(mkdtempSync(join(tmpdir(), "pulumi-tenant-import-round-trip-")));
  });

  afterAll(async () => {
    await emulator?.close();
    for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("each is made outside the importing stack", async () => {
    const made = await stack("outside", group.map(({ definition, name, inputs }) => declared(definition, name, inputs))).up();
    Object.assign(ids, made.outputs.ids);
    expect(Object.keys(ids).sort()).toEqual(group.map(({ name }) => name).sort());
  });

  it("all are imported from one import file in one deployment, protected, each with its generated code", async () => {
    expect(Object.keys(ids).sort()).toEqual(group.map(({ name }) => name).sort());
    const file = join(stateDirs[1], "import.json");
    writeFileSync(file, JSON.stringify({ resources: group.map(({ definition, name }) => ({ type: `tenant:index:${definition.name}`, name, id: ids[name] })) }));
    const importing = stack("importing", []);
    const result = await importing.importFile(file);
    warnings = result.diagnostics.map((log) => [log.urn.split("::").pop()!, log.message.trim()]);
    for (const step of result.steps) if (step.op === "import" && step.generatedInputs) generated[step.name] = step.generatedInputs;
    expect(Object.keys(generated).sort()).toEqual(group.map(({ name }) => name).sort());
    const state = await importing.readState();
    const imported = state.resources.filter((resource) => resource.type.startsWith("tenant:index:"));
    expect(imported.map((resource) => [resource.urn.split("::").pop(), resource.id, resource.protect]).sort()).toEqual(
      group.map(({ name }) => [name, ids[name], true]).sort(),
    );
  });

  it.each(group)("$name: the generated inputs fill absent required inputs with zero values, and hold no secret", ({ definition, name }) => {
    expect(generated[name]).toBeDefined();
    for (const shape of propertiesOf(definition.inputs)) if (shape.required) expect(generated[name], shape.name).toHaveProperty(shape.name);
    for (const sentinel of SENTINELS) expect(JSON.stringify(generated[name])).not.toContain(sentinel);
  });

  it("the generated code's first preview and up change nothing", async () => {
    expect(Object.keys(generated).sort()).toEqual(group.map(({ name }) => name).sort());
    const program = stack("importing", group.map(({ definition, name }) => declared(definition, name, generated[name], true)));
    await expectNoChanges(program.preview({ expectNoChanges: true }));
    await expectNoChanges(program.up({ expectNoChanges: true }));
  });

  const has = (type: string) => group.find((entry) => entry.definition.name === type);
  const streams = group.filter((entry) => entry.definition.name === "EventStream");
  if (streams.length > 0) {
    it("of the streams, the import warns only of a bearer webhook's write-only token, which the generated code holds as \"\"", () => {
      const bearer = streams.filter(({ inputs }) => JSON.stringify(inputs).includes('"bearer"'));
      for (const { name } of bearer) {
        expect(generated[name]).toMatchObject({ destination: { type: "webhook", configuration: { webhookAuthorization: { method: "bearer", token: "" } } } });
      }
      expect(warnings.filter(([name]) => streams.some((stream) => stream.name === name))).toEqual(
        bearer.map(({ name }) => [
          name,
          "The imported EventStream's destination.configuration.webhookAuthorization.token is write-only (the service never returns it), so the " +
            "imported inputs lack it and the generated code has an empty value for it, which keeps the value the service holds until your program " +
            "sets one (as a secret).",
        ]),
      );
    });
  }
  const phone = has("PhoneProvider");
  if (phone) {
    it("the service keeps the phone provider's credentials it holds", () => {
      const expected = (phone.inputs.credentials as { authToken?: string }).authToken;
      expect(emulator.state.phoneProviders.get(ids[phone.name])?.credentials).toEqual(expected ? { auth_token: expected } : expect.anything());
    });
  }
  if (has("SnsPushProvider")) {
    it("the service keeps the SNS secret key it holds, and the rest as it was", () => {
      expect(emulator.state.pushCredentials.sns).toEqual({
        aws_access_key_id: "AKIA_ROUND_TRIP",
        aws_secret_access_key: AWS_SECRET,
        aws_region: "eu-west-1",
        sns_apns_platform_application_arn: "arn:aws:sns:eu-west-1:123456789012:app/APNS/round-trip",
        sns_gcm_platform_application_arn: null,
      });
    });
  }
  const template = has("PhoneTemplate");
  if (template) {
    it("the imported template records what it held, which destroy would put back", async () => {
      const state = await stack("importing", []).readState();
      const imported = state.resources.find((resource) => resource.urn.endsWith(`::${template.name}`));
      const { type: _type, adoptExisting: _adopt, ...held } = { disabled: false, ...template.inputs } as Record<string, unknown>;
      expect(imported?.outputs.adopted).toEqual(held);
    });
  }
  if (has("ApnsPushProvider")) {
    it("the service keeps the APNs certificate it holds", () => {
      expect(emulator.state.pushCredentials.apns).toEqual({ bundle_id: "com.example.round-trip", sandbox: true, p12: P12 });
    });
  }
  if (streams.length > 1 && !streams.some(({ inputs }) => JSON.stringify(inputs).includes('"bearer"'))) {
    // Last: it destroys the importing stack.
    it("with retainOnDelete added to the streams' code, as the README says, and the protection lifted, destroy takes no stream away", async () => {
      const program = stack(
        "importing",
        group.map(({ definition, name }) => ({ ...declared(definition, name, generated[name], false), ...(definition.name === "EventStream" ? { retainOnDelete: true } : {}) })),
      );
      await program.up();
      const destroyed = await program.destroy();
      expect(destroyed.steps.filter((step) => step.op === "delete")).toHaveLength(group.length);
      expect(emulator.state.eventStreams.map((stream) => stream.id).sort()).toEqual(streams.map(({ name }) => ids[name]).sort());
    });
  }
});
