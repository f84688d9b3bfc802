/**
 * examples/mfa-sms through the Pulumi CLI: up turns SMS MFA on in dependency order, the code texts customized
 * before the factor goes on, a no-op up makes no call, the drift check of the untouched stack passes, a factor switched
 * off and a text changed by hand are each found by it and repaired by up --refresh, and destroy leaves the tenant's factors, policy and message types
 * exactly as they were before the first up, and its phone templates the service's defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import type { PulumiCliEngine, RunResult } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { mfaStack, type MfaStack } from "../../tools/stacks/mfaStack";
import { API_PREFIX, OutOfBandAdmin, PHONE_API_PATH, RequestWindow, cleanDriftCheck, diffShownFor, driftFailure, expectNoSecrets, operations, proposedLines, visibleTexts } from "./helpers";

const FACTORS = `${API_PREFIX}/guardian/factors`;
const POLICIES = `${API_PREFIX}/guardian/policies`;
const MESSAGE_TYPES = `${API_PREFIX}/guardian/factors/phone/message-types`;
const TEMPLATES = `${API_PREFIX}/branding/phone/templates`;
const RESOURCES = [
  "tenant:MfaFactor sms",
  "tenant:MfaPolicy policy",
  "tenant:PhoneMessageTypes message-types",
  "tenant:PhoneProvider sms-provider",
  "tenant:PhoneTemplate otp-enroll",
  "tenant:PhoneTemplate otp-verify",
];
const VERIFY_TEXT = "{{ code | escape }} is your verification code for {{ friendly_name | escape }}. Never share this code.";

describe.sequential("examples/mfa-sms: MFA as code", () => {
  let emulator: Emulator;
  let stack: MfaStack;
  let engine: PulumiCliEngine;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;
  let before: Record<string, unknown>;
  let defaultTemplates: unknown;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    // Something the stack does not manage, which destroy must leave on.
    emulator.seedMfa({ factors: { otp: true }, messageTypes: ["sms"] });
    before = structuredClone(emulator.state.mfa.snapshot());
    defaultTemplates = structuredClone(emulator.state.phoneTemplates.snapshot());
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    stack = mfaStack(emulator);
    engine = stack.engine;
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  async function expectNoLeaks(step: string, result: RunResult): Promise<void> {
    expectNoSecrets(visibleTexts(step, result, await engine.rawState()), {
      "the client secret": [SENTINELS.clientSecret],
      "the SMS auth token": [SENTINELS.smsAuthToken],
      "an access token": [...emulator.issuedAccessTokens(), admin.token],
    });
  }

  it("up sets the provider, the message types and texts, the sms factor and the policy, in that order, one read and one write each", async () => {
    const result = await engine.up();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(operations(result)).toEqual(RESOURCES.map((resource) => `create ${resource}`));
    expect(calls.counts()).toEqual({
      [`POST ${PHONE_API_PATH}`]: 1,
      [`GET ${MESSAGE_TYPES}`]: 1,
      [`PUT ${MESSAGE_TYPES}`]: 1,
      [`GET ${TEMPLATES}`]: 2,
      [`POST ${TEMPLATES}`]: 2,
      [`GET ${FACTORS}`]: 1,
      [`PUT ${FACTORS}/sms`]: 1,
      [`GET ${POLICIES}`]: 1,
      [`PUT ${POLICIES}`]: 1,
    });
    // The dependencies order the writes: provider, then message types and texts (in any order), factor, policy.
    const writes = calls.mutating().map((call) => call.replace(API_PREFIX, ""));
    expect(writes[0]).toBe("POST /branding/phone/providers");
    expect(writes.slice(1, 4).sort()).toEqual(["POST /branding/phone/templates", "POST /branding/phone/templates", "PUT /guardian/factors/phone/message-types"]);
    expect(writes.slice(4)).toEqual(["PUT /guardian/factors/sms", "PUT /guardian/policies"]);
    const custom = emulator.state.phoneTemplates.list().filter((template) => template.id !== undefined);
    expect(custom.map((template) => [template.type, (template.content as { body: { text: string } }).body.text])).toEqual([
      ["otp_enroll", "{{ code | escape }} is your enrollment code for {{ friendly_name | escape }}. Never share this code."],
      ["otp_verify", VERIFY_TEXT],
    ]);
    // Nothing of the deprecated phone endpoints.
    expect(calls.entries.some((entry) => /selected-provider|\/sms\/providers|\/sms\/templates/.test(entry.path))).toBe(false);
    expect(emulator.state.mfa.factorList().filter((f) => f.enabled).map((f) => f.name)).toEqual(["sms", "otp"]);
    expect(emulator.state.mfa.policies).toEqual(["all-applications"]);
    expect(emulator.state.mfa.messageTypes).toEqual(["sms", "voice"]);
    expect(result.outputs).toEqual({
      smsEnabled: true,
      smsPreviouslyEnabled: false,
      mfaPolicy: "all-applications",
      phoneMessageTypes: ["sms", "voice"],
      verifyTemplateId: expect.stringMatching(/^tem_/),
      verifyTemplateText: VERIFY_TEXT,
    });
    const state = await engine.readState();
    const byName = (name: string) => state.resources.find((resource) => resource.urn.endsWith(`::${name}`));
    expect(byName("sms")?.id).toBe("sms");
    expect(byName("policy")?.id).toBe(new URL(emulator.url).host);
    expect(byName("message-types")?.id).toBe(new URL(emulator.url).host);
    await expectNoLeaks("up", result);
  });

  it("a second up changes nothing and makes no API call", async () => {
    const result = await engine.up();
    const calls = requests.take();
    expect(calls.counts()).toEqual({});
    expect(operations(result).filter((op) => !op.startsWith("same "))).toEqual([]);
  });

  it("the drift check of the untouched stack passes: exit 0, every resource read back the same, no write", async () => {
    const result = await cleanDriftCheck(engine, requests, RESOURCES);
    await expectNoLeaks("the drift check", result);
  });

  it("the sms factor switched off by hand is found by preview --refresh --expect-no-changes, one read per resource", async () => {
    await admin.call("PUT", `${FACTORS}/sms`, { enabled: false });
    requests.take();
    const error = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    expect(proposedLines(error)).toEqual(["update tenant:MfaFactor sms: enabled"]);
    expect(diffShownFor(error.result.programOutput, "sms", "update")).toEqual(["enabled"]);
    const calls = requests.take();
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual({
      [`GET ${FACTORS}`]: 1,
      [`GET ${POLICIES}`]: 1,
      [`GET ${MESSAGE_TYPES}`]: 1,
      [`GET ${PHONE_API_PATH}/{id}`]: 1,
      [`GET ${TEMPLATES}/{id}`]: 2,
    });
    expect(emulator.state.mfa.factors.get("sms")?.enabled).toBe(false);
    await expectNoLeaks("preview --refresh", error.result);
  });

  it("up --refresh switches it back on with one PUT", async () => {
    const result = await engine.up({ refresh: true });
    const calls = requests.take();
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, ""))).toEqual(["PUT /guardian/factors/sms"]);
    expect(operations(result)).toContain("update tenant:MfaFactor sms");
    expect(emulator.state.mfa.factors.get("sms")?.enabled).toBe(true);
    await expectNoLeaks("up --refresh", result);
  });

  it("the otp_verify text changed by hand is found by preview --refresh --expect-no-changes", async () => {
    const verify = emulator.state.phoneTemplates.findByType("otp_verify")!;
    await admin.call("PATCH", `${TEMPLATES}/${verify.id}`, { content: { body: { ...verify.content.body, text: "{{ code | escape }} edited by hand" } } });
    requests.take();
    const error = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    // The CLI's --diff walks down to the one field that changed.
    expect(diffShownFor(error.result.programOutput, "otp-verify", "update")).toEqual(["content", "body", "text"]);
    // Only the content differs. The CLI shows a dynamic resource's changes as the difference of its inputs, and the
    // refreshed ones hold `disabled` as the service does: check filled in its default, which the program leaves out.
    expect(proposedLines(error)).toEqual(["update tenant:PhoneTemplate otp-verify: content"]);
    expect(requests.take().mutating()).toEqual([]);
  });

  it("up --refresh puts the text back with one PATCH, the voice script it leaves out untouched", async () => {
    const voiceBefore = emulator.state.phoneTemplates.findByType("otp_verify")!.content.body.voice;
    const result = await engine.up({ refresh: true });
    const calls = requests.take();
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, "").replace(/tem_\w+$/, "{id}"))).toEqual(["PATCH /branding/phone/templates/{id}"]);
    expect(operations(result)).toContain("update tenant:PhoneTemplate otp-verify");
    expect(emulator.state.phoneTemplates.findByType("otp_verify")!.content.body).toEqual({ text: VERIFY_TEXT, voice: voiceBefore });
    await expectNoLeaks("up --refresh", result);
  });

  it("destroy leaves factors, policy and message types exactly as before the first up, the default texts, and no provider", async () => {
    const result = await engine.destroy();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    // Reverse order: the policy goes first, then the factor, the texts and message types, the provider.
    const writes = calls.mutating().map((call) => call.replace(API_PREFIX, "").replace(/(pro|tem)_\w+$/, "{id}"));
    expect(writes.slice(0, 2)).toEqual(["PUT /guardian/policies", "PUT /guardian/factors/sms"]);
    expect(writes.slice(2, 5).sort()).toEqual([
      "DELETE /branding/phone/templates/{id}",
      "DELETE /branding/phone/templates/{id}",
      "PUT /guardian/factors/phone/message-types",
    ]);
    expect(writes.slice(5)).toEqual(["DELETE /branding/phone/providers/{id}"]);
    expect(emulator.state.mfa.snapshot()).toEqual(before);
    expect(emulator.state.phoneTemplates.snapshot()).toEqual(defaultTemplates);
    expect(emulator.state.phoneProviders.size).toBe(0);
    expect((await engine.readState()).resources).toEqual([]);
    await expectNoLeaks("destroy", result);
  });
});
