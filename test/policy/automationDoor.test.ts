/**
 * The policy pack under the CLI in the dynamic door: TypeScript programs run inline through the Automation API (its
 * language server, which the CLI reaches with `--client`), each preview with `policyPacks: [policy-pack]`, one stack.
 * A violating program fails the preview, each rule named with its resource; the README's "MFA as code" program passes,
 * its advisory violation a warning; the same with the pack's configuration making that rule mandatory fails. Only
 * previews: the Automation API's `up` skips the preview, so there a rule judging the stack as a whole could only fail
 * once the resources are written. No secret of the program reaches the CLI's output.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, PulumiCommand, type PreviewOptions, type Stack } from "@pulumi/pulumi/automation";
import * as tenant from "pulumi-tenant";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { assertDistIsFresh } from "../resources/dist";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { POLICY_PACK_DIR, cliUnderTest, printedViolations, violationKeys } from "./cli";
import { exampleOfSection } from "./readmeExamples";

const PROJECT = "tenant-policy-ts";
const CLIENT = { id: "policy-ts-ci", secret: "sentinel-policy-ts-client-61d0f3" };
const SMS_TOKEN = "sentinel-policy-ts-sms-2a9c47";
const TIMEOUT_MS = 180_000;
const DYNAMIC = "pulumi-nodejs:dynamic/tenant";

/** A program that breaks three rules that refuse what cannot work and two of the baseline. */
async function violating(): Promise<void> {
  const config = new pulumi.Config();
  new tenant.PhoneProvider("sms", {
    name: "vendor_a",
    credentials: { authToken: config.requireSecret("smsAuthToken") },
    disabled: true,
    configuration: { sid: "AC1", deliveryMethods: ["text"], defaultFrom: "+15550100" },
  });
  new tenant.MfaFactor("sms-factor", { factor: "sms" });
  new tenant.MfaFactor("keys-factor", { factor: "webauthn-roaming", enabled: false });
  new tenant.WebAuthnSettings("keys", { factor: "webauthn-roaming", userVerification: "required" });
  new tenant.PushProviderSelection("push", { provider: "direct" });
  new tenant.OtpSettings("codes", { factor: "sms", otpLength: 4 });
  new tenant.MfaPolicy("policy", { policy: "all-applications" });
}

let emulator: Emulator;
let work: string;
let stack: Stack;
const cli = cliUnderTest();
const outputs: string[] = [];
let copies = 0;

/** The README's "MFA as code" example as a program: a fresh copy of its module for each run, so it registers again. */
function readmeMfaAsCode(): () => Promise<void> {
  const file = path.join(REPO_ROOT, ".tmp", "policy-automation", `mfa-as-code-${++copies}`, "index.ts");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, exampleOfSection(fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"), "MFA as code"));
  return async () => {
    await import(file);
  };
}

/** A preview with the pack: whether it failed, and what the CLI printed. */
async function preview(program: () => Promise<void>, opts: PreviewOptions = {}): Promise<{ failed: boolean; output: string }> {
  let output = "";
  let failed = false;
  try {
    const record = (text: string) => (output += text);
    await stack.preview({ ...opts, program, policyPacks: [POLICY_PACK_DIR], onOutput: record, onError: record });
  } catch {
    failed = true;
  }
  outputs.push(output);
  expect(output).not.toMatch(/from \$PATH/);
  return { failed, output };
}

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startEmulator({ clients: [CLIENT] });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-policy-ts-"));
  fs.mkdirSync(path.join(work, "state"));
  // The project's node_modules, where the dynamic-provider host finds @pulumi/pulumi, as in a user's project.
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(work, "node_modules"), "dir");
  stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "dev", projectName: PROJECT, program: violating },
    {
      workDir: work,
      pulumiHome: path.join(work, "home"),
      pulumiCommand: await PulumiCommand.get({ root: path.dirname(path.dirname(cli.bin)) }),
      projectSettings: { name: PROJECT, runtime: "nodejs", backend: { url: `file://${path.join(work, "state")}` } },
      envVars: {
        ...BLANK_TENANT_ENV,
        ...packageLookupEnv(),
        PULUMI_CONFIG_PASSPHRASE: "policy ts passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      },
    },
  );
  await stack.setAllConfig({
    "tenant:domain": { value: emulator.url },
    "tenant:clientId": { value: CLIENT.id },
    "tenant:clientSecret": { value: CLIENT.secret, secret: true },
    [`${PROJECT}:smsAuthToken`]: { value: SMS_TOKEN, secret: true },
  });
}, TIMEOUT_MS);

afterAll(async () => {
  await emulator?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe.sequential(`TypeScript programs through the Automation API's policyPacks, under pulumi ${cli.version}`, () => {
  it("a preview of the violating program fails, naming each rule it breaks with its resource", async () => {
    const { failed, output } = await preview(violating);
    expect(failed, output).toBe(true);
    expect(violationKeys(printedViolations(output)), output).toEqual(
      [
        `phone-messages-deliverable mandatory ${DYNAMIC}:MfaFactor sms-factor`,
        `factor-settings-need-factor mandatory ${DYNAMIC}:WebAuthnSettings keys`,
        `push-provider-has-credentials mandatory ${DYNAMIC}:PushProviderSelection push`,
        `sms-not-only-factor advisory ${DYNAMIC}:MfaFactor sms-factor`,
        `otp-code-strength advisory ${DYNAMIC}:OtpSettings codes`,
      ].sort(),
    );
    expect(emulator.requests).toEqual([]);
  }, TIMEOUT_MS);

  it("a preview of the README's MFA as code passes, its advisory violation shown as a warning", async () => {
    const { failed, output } = await preview(readmeMfaAsCode());
    expect(failed, output).toBe(false);
    expect(violationKeys(printedViolations(output)), output).toEqual([`sms-not-only-factor advisory ${DYNAMIC}:MfaFactor sms`]);
    expect(output).toMatch(/⚠️ tenant-mfa@v[\d.]+ \(local: /);
  }, TIMEOUT_MS);

  it("the pack's configuration makes that rule mandatory, and the same preview fails", async () => {
    const config = path.join(work, "policy-config.json");
    fs.writeFileSync(config, JSON.stringify({ "sms-not-only-factor": "mandatory" }));
    const { failed, output } = await preview(readmeMfaAsCode(), { policyPackConfigs: [config] });
    expect(failed, output).toBe(true);
    expect(violationKeys(printedViolations(output)), output).toEqual([`sms-not-only-factor mandatory ${DYNAMIC}:MfaFactor sms`]);
    expect(emulator.requests).toEqual([]);
  }, TIMEOUT_MS);

  it("shows no secret of the program in any output", () => {
    expect(outputs).toHaveLength(3);
    for (const output of outputs) for (const value of [CLIENT.secret, SMS_TOKEN]) expect(output).not.toContain(value);
  });
});
