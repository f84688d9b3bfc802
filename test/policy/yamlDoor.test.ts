/**
 * The policy pack under the CLI in the native door: a YAML program run with `--policy-pack policy-pack`, one stack, two
 * programs written in turn where its Pulumi.yaml is. The violating program breaks every rule (two tenants: the default
 * provider's and an explicit one, so the policy rules that need opposite setups each find theirs): `pulumi preview`
 * names each rule with its resource and fails on the mandatory ones, and `pulumi up`, whose preview runs first, fails
 * before any write — the emulator's request log stays empty. The clean program passes, its one advisory violation a
 * warning. No secret of the program reaches the CLI's output.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify as stringifyYaml } from "yaml";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { runPulumi, type PulumiRun } from "../../tools/pulumi-cli/pulumi";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { assertDistIsFresh } from "../resources/dist";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { POLICY_PACK_DIR, cliUnderTest, printedViolations, violationKeys } from "./cli";

const CLIENT = { id: "policy-yaml-ci", secret: "sentinel-policy-yaml-client-4e1b07" };
const SECRETS = { smsAuthToken: "sentinel-policy-yaml-sms-93ac1d", duoSecretKey: "sentinel-policy-yaml-duo-5b2e80" };
const TIMEOUT_MS = 180_000;

const resource = (type: string, properties: Record<string, unknown>, options?: Record<string, unknown>) => ({
  type: `tenant:index:${type}`,
  properties,
  ...(options ? { options } : {}),
});
const phoneProvider = (deliveryMethods: string[]) =>
  resource("PhoneProvider", { name: "vendor_a", credentials: { authToken: "${smsAuthToken}" }, configuration: { sid: "AC1", deliveryMethods, defaultFrom: "+15550100" } });
const staging = { provider: "${staging}" };

/** Every rule broken once, each where its opposite does not stand in the way. */
const VIOLATING = {
  sms: phoneProvider(["text"]),
  messageTypes: resource("PhoneMessageTypes", { messageTypes: ["sms", "voice"] }),
  push: resource("PushProviderSelection", { provider: "sns" }),
  app: resource("PushCustomApp", { appName: "Example", appleAppLink: "https://apps.apple.com/app/id1" }),
  duoFactor: resource("MfaFactor", { factor: "duo", enabled: false }),
  duo: resource("DuoSettings", { integrationKey: "DIXXXXXXXX", secretKey: "${duoSecretKey}", hostname: "api-1.duosecurity.com" }),
  otpFactor: resource("MfaFactor", { factor: "otp", enabled: false }),
  ticket: resource("EnrollmentTicket", { userId: "auth0|alice", factor: "otp" }),
  policy: resource("MfaPolicy", { policy: "all-applications" }),
  staging: { type: "pulumi:providers:tenant", properties: { domain: "${stagingDomain}", clientId: "${stagingClientId}", clientSecret: "${stagingClientSecret}" } },
  stagingPolicy: resource("MfaPolicy", { policy: "never" }, staging),
  stagingSms: resource("MfaFactor", { factor: "sms" }, staging),
  stagingCodes: resource("OtpSettings", { factor: "sms", otpLength: 4 }, staging),
  stagingSessions: resource("MfaSettings", { sessionOverallTimeout: 5_184_000 }, staging),
};

/** What cannot work set right, and one advisory rule left (email codes valid ten minutes). */
const CLEAN = {
  sms: phoneProvider(["text", "voice"]),
  messageTypes: resource("PhoneMessageTypes", { messageTypes: ["sms", "voice"] }),
  push: resource("PushProviderSelection", { provider: "guardian" }),
  smsFactor: resource("MfaFactor", { factor: "sms" }),
  otpFactor: resource("MfaFactor", { factor: "otp" }),
  policy: resource("MfaPolicy", { policy: "all-applications" }),
  emailCodes: resource("OtpSettings", { factor: "email", otpExpirationTime: 600 }),
  sessions: resource("MfaSettings", { sessionInactivityTimeout: 28_800, sessionOverallTimeout: 28_800 }),
};

let emulator: Emulator;
let work: string;
let engine: PulumiCliEngine;
const outputs: string[] = [];

function writeProgram(resources: Record<string, unknown>): void {
  const config = Object.fromEntries(
    ["smsAuthToken", "duoSecretKey", "stagingClientSecret", "stagingDomain", "stagingClientId"].map((key) => [key, { type: "string", ...(/Secret|Token/.test(key) ? { secret: true } : {}) }]),
  );
  const program = { name: "tenant-policy-yaml", runtime: "yaml", plugins: { providers: [{ name: "tenant", path: REPO_ROOT }] }, config, resources };
  fs.writeFileSync(path.join(work, "Pulumi.yaml"), stringifyYaml(program, { aliasDuplicateObjects: false }));
}

const cli = cliUnderTest();

/** The stack's own command line, under the CLI of the suite, with the pack; every host comes from beside that CLI. */
async function pulumi(args: string[]): Promise<PulumiRun> {
  const run = await runPulumi(cli, engine.commandArgs([...args, "--policy-pack", POLICY_PACK_DIR]), { env: engine.commandEnv(), timeoutMs: TIMEOUT_MS });
  outputs.push(run.stdout + run.stderr);
  expect(run.stdout + run.stderr).not.toMatch(/from \$PATH/);
  return run;
}

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startEmulator({ clients: [CLIENT] });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-policy-yaml-"));
  writeProgram(VIOLATING);
  const secret = (value: string) => ({ value, secret: true });
  engine = new PulumiCliEngine({
    projectDir: work,
    stack: "dev",
    stateDir: path.join(work, ".state"),
    passphrase: "policy yaml passphrase",
    config: {
      "tenant:domain": { value: emulator.url },
      "tenant:clientId": { value: CLIENT.id },
      "tenant:clientSecret": secret(CLIENT.secret),
      "tenant-policy-yaml:stagingDomain": { value: emulator.url },
      "tenant-policy-yaml:stagingClientId": { value: CLIENT.id },
      "tenant-policy-yaml:stagingClientSecret": secret(CLIENT.secret),
      "tenant-policy-yaml:smsAuthToken": secret(SECRETS.smsAuthToken),
      "tenant-policy-yaml:duoSecretKey": secret(SECRETS.duoSecretKey),
    },
    env: { ...BLANK_TENANT_ENV, ...packageLookupEnv() },
    timeoutMs: TIMEOUT_MS,
  });
  // Creates the stack and its config with the pinned CLI.
  await engine.readState();
}, TIMEOUT_MS);

afterAll(async () => {
  await emulator?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe.sequential(`a YAML program under pulumi ${cli.version} … --policy-pack policy-pack`, () => {
  it("preview names every rule the violating program breaks, with its resource, and fails on the mandatory ones", async () => {
    const preview = await pulumi(["preview"]);
    const output = preview.stdout + preview.stderr;
    expect(preview.code, output).not.toBe(0);
    const index = (type: string) => `tenant:index:${type}`;
    expect(violationKeys(printedViolations(output)), output).toEqual(
      [
        `phone-messages-deliverable mandatory ${index("PhoneMessageTypes")} messageTypes`,
        `push-provider-has-credentials mandatory ${index("PushProviderSelection")} push`,
        `push-custom-app-needs-direct mandatory ${index("PushCustomApp")} app`,
        `factor-settings-need-factor mandatory ${index("DuoSettings")} duo`,
        `enrollment-ticket-factor-on mandatory ${index("EnrollmentTicket")} ticket`,
        `mfa-required-has-factor mandatory ${index("MfaPolicy")} policy`,
        `mfa-policy-required advisory ${index("MfaPolicy")} stagingPolicy`,
        `sms-not-only-factor advisory ${index("MfaFactor")} stagingSms`,
        `otp-code-strength advisory ${index("OtpSettings")} stagingCodes`,
        `mfa-session-length advisory ${index("MfaSettings")} stagingSessions`,
      ].sort(),
    );
    expect(output).toMatch(/❌ tenant-mfa@v[\d.]+ \(local: /);
    expect(output).toMatch(/preview failed/);
    expect(emulator.requests).toEqual([]);
  }, TIMEOUT_MS);

  it("up, whose preview runs first, fails before any write: the tenant sees no request", async () => {
    const up = await pulumi(["up", "--yes"]);
    const output = up.stdout + up.stderr;
    expect(up.code, output).not.toBe(0);
    expect(printedViolations(output).filter((violation) => violation.level === "mandatory")).toHaveLength(6);
    expect(emulator.requests).toEqual([]);
    expect((await engine.readState()).resources.filter((state) => state.type.startsWith("tenant:"))).toEqual([]);
  }, TIMEOUT_MS);

  it("preview passes the clean program, its advisory violation shown as a warning", async () => {
    writeProgram(CLEAN);
    const preview = await pulumi(["preview"]);
    const output = preview.stdout + preview.stderr;
    expect(preview.code, output).toBe(0);
    expect(violationKeys(printedViolations(output))).toEqual(["otp-code-strength advisory tenant:index:OtpSettings emailCodes"]);
    expect(output).toMatch(/⚠️ tenant-mfa@v[\d.]+ \(local: /);
    expect(emulator.requests).toEqual([]);
  }, TIMEOUT_MS);

  it("shows no secret of the program in any output", () => {
    expect(outputs).toHaveLength(3);
    for (const output of outputs) for (const value of [CLIENT.secret, ...Object.values(SECRETS)]) expect(output).not.toContain(value);
  });
});
