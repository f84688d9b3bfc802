/**
 * examples/mfa-push through the Pulumi CLI: up sets the SNS credentials, selects SNS and turns the
 * push-notification factor on, in that order; a no-op up makes no call; the drift check of the untouched stack passes;
 * a region changed by hand is found by preview --refresh --expect-no-changes and put back by up --refresh; rotating
 * the AWS secret key in stack config is an update of the credentials alone; destroy puts the factor and the selection
 * back and clears the credentials. The AWS secret
 * keys (both), the client secret and every access token stay out of the state file, the output and the logs. On a
 * tenant that held an SNS configuration before, destroy leaves it with the stack's key and warns, naming the resource.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import type { RunResult } from "../../tools/pulumi-cli/driver";
import { SENTINELS, SENTINEL_CLIENT } from "../../tools/stacks/basicStack";
import { AWS_SECRET_SENTINELS, mfaPushStack, type MfaPushStack } from "../../tools/stacks/mfaPushStack";
import { API_PREFIX, OutOfBandAdmin, PUSH_API_PATH, RequestWindow, cleanDriftCheck, diffShownFor, driftFailure, expectNoSecrets, operations, proposedLines, visibleTexts } from "./helpers";

const SNS = `${API_PREFIX}/guardian/factors/push-notification/providers/sns`;
const FACTORS = `${API_PREFIX}/guardian/factors`;
const PUSH_FACTOR = `${FACTORS}/push-notification`;
/** In the sorted order `operations` lists them; the order of the writes shows the dependency order. */
const RESOURCES = ["tenant:MfaFactor push", "tenant:PushProviderSelection push-provider", "tenant:SnsPushProvider sns"];

describe.sequential("examples/mfa-push: push MFA through SNS as code", () => {
  let emulator: Emulator;
  let stack: MfaPushStack;
  let rotated: MfaPushStack | undefined;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    stack = mfaPushStack(emulator);
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    rotated?.dispose();
    stack?.dispose();
    await emulator?.close();
  });

  const current = () => (rotated ?? stack).engine;

  async function expectNoLeaks(step: string, result: RunResult): Promise<void> {
    expectNoSecrets(visibleTexts(step, result, await current().rawState()), {
      "the AWS secret key": [AWS_SECRET_SENTINELS.first],
      "the rotated AWS secret key": [AWS_SECRET_SENTINELS.rotated],
      "the client secret": [SENTINELS.clientSecret],
      "an access token": [...emulator.issuedAccessTokens(), admin.token],
    });
  }

  it("up sets the credentials, then selects SNS, then turns the factor on", async () => {
    const result = await stack.engine.up();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(operations(result)).toEqual(RESOURCES.map((resource) => `create ${resource}`));
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, ""))).toEqual([
      "PUT /guardian/factors/push-notification/providers/sns",
      "PUT /guardian/factors/push-notification/selected-provider",
      "PUT /guardian/factors/push-notification",
    ]);
    expect(calls.counts()[`PUT ${SNS}`]).toBe(1);
    expect(emulator.state.pushCredentials.sns).toMatchObject({
      aws_access_key_id: "AKIAEXAMPLEPUSH",
      aws_secret_access_key: AWS_SECRET_SENTINELS.first,
      aws_region: "us-east-1",
      sns_gcm_platform_application_arn: null,
    });
    expect(emulator.state.pushProvider).toBe("sns");
    expect(emulator.state.mfa.factors.get("push-notification")?.enabled).toBe(true);
    expect(result.outputs).toEqual({ pushProvider: "sns", pushEnabled: true, snsRegion: "us-east-1", snsAccessKeyId: "AKIAEXAMPLEPUSH" });
    const state = await stack.engine.readState();
    expect(state.resources.find((resource) => resource.urn.endsWith("::sns"))?.id).toBe(new URL(emulator.url).host);
    await expectNoLeaks("up", result);
  });

  it("a second up changes nothing and makes no API call", async () => {
    const result = await stack.engine.up();
    expect(requests.take().counts()).toEqual({});
    expect(operations(result).filter((op) => !op.startsWith("same "))).toEqual([]);
    await expectNoLeaks("no-op up", result);
  });

  it("the drift check of the untouched stack passes: exit 0, every resource read back the same, no write", async () => {
    const result = await cleanDriftCheck(stack.engine, requests, RESOURCES);
    await expectNoLeaks("the drift check", result);
  });

  it("a region changed by hand is found by preview --refresh --expect-no-changes, one read per resource", async () => {
    await admin.call("PATCH", SNS, { aws_region: "eu-west-1" });
    requests.take();
    const error = await driftFailure(stack.engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    expect(proposedLines(error)).toEqual(["update tenant:SnsPushProvider sns: awsRegion"]);
    expect(diffShownFor(error.result.programOutput, "sns", "update")).toEqual(["awsRegion"]);
    const calls = requests.take();
    expect(calls.mutating()).toEqual([]);
    expect(calls.counts()).toEqual({ [`GET ${SNS}`]: 1, [`GET ${PUSH_API_PATH}`]: 1, [`GET ${FACTORS}`]: 1 });
    await expectNoLeaks("preview --refresh", error.result);
  });

  it("up --refresh puts the region back with one PUT of the credentials, the stack's key with it", async () => {
    const result = await stack.engine.up({ refresh: true });
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(operations(result).filter((op) => op.startsWith("update "))).toEqual(["update tenant:SnsPushProvider sns"]);
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, ""))).toEqual(["PUT /guardian/factors/push-notification/providers/sns"]);
    expect(emulator.state.pushCredentials.sns).toMatchObject({ aws_region: "us-east-1", aws_secret_access_key: AWS_SECRET_SENTINELS.first });
    await expectNoLeaks("up --refresh", result);
  });

  it("rotating the AWS secret key in stack config is an update of the credentials alone: one PUT", async () => {
    // Changed by hand again, unseen by the stack (no refresh): the rotation's PUT must still send the whole configuration.
    await admin.call("PATCH", SNS, { aws_region: "eu-west-1" });
    requests.take();
    rotated = mfaPushStack(emulator, { stateDir: stack.stateDir, awsSecretAccessKey: AWS_SECRET_SENTINELS.rotated });
    const result = await rotated.engine.up();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(operations(result).filter((op) => !op.startsWith("same "))).toEqual(["update tenant:SnsPushProvider sns"]);
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, ""))).toEqual(["PUT /guardian/factors/push-notification/providers/sns"]);
    expect(emulator.state.pushCredentials.sns.aws_secret_access_key).toBe(AWS_SECRET_SENTINELS.rotated);
    // The PUT sends the whole configuration: the region changed by hand is put back too.
    expect(emulator.state.pushCredentials.sns.aws_region).toBe("us-east-1");
    await expectNoLeaks("rotation", result);
  });

  it("destroy turns the factor back off, puts the previous selection back and clears the SNS credentials", async () => {
    const result = await current().destroy();
    const calls = requests.take();
    expect(calls.failures()).toEqual([]);
    expect(calls.mutating().map((call) => call.replace(API_PREFIX, ""))).toEqual([
      "PUT /guardian/factors/push-notification",
      "PUT /guardian/factors/push-notification/selected-provider",
      "PUT /guardian/factors/push-notification/providers/sns",
    ]);
    expect(calls.counts()[`PUT ${PUSH_FACTOR}`]).toBe(1);
    expect(emulator.state.mfa.factors.get("push-notification")?.enabled).toBe(false);
    expect(emulator.state.pushProvider).toBe("guardian");
    expect(Object.values(emulator.state.pushCredentials.sns).every((value) => value === null)).toBe(true);
    expect((await current().readState()).resources).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    await expectNoLeaks("destroy", result);
  });
});

describe.sequential("examples/mfa-push on a tenant that held an SNS configuration before", () => {
  let emulator: Emulator;
  let stack: MfaPushStack;
  let admin: OutOfBandAdmin;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
    admin = await OutOfBandAdmin.create(emulator, SENTINEL_CLIENT.id);
    await admin.call("PUT", SNS, { aws_access_key_id: "AKIATHEIRS", aws_secret_access_key: "their-secret-key-4711", aws_region: "eu-west-1" });
    stack = mfaPushStack(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  it("destroy leaves the configuration with the stack's key, and warns, naming the resource as the program does", async () => {
    await stack.engine.up();
    const result = await stack.engine.destroy();
    // The key the stack sent replaced the tenant's, which cannot be put back: the configuration stays as the stack set it.
    expect(emulator.state.pushCredentials.sns).toMatchObject({ aws_access_key_id: "AKIAEXAMPLEPUSH", aws_secret_access_key: AWS_SECRET_SENTINELS.first });
    expect(result.diagnostics).toEqual([
      {
        severity: "warning",
        urn: "",
        message: expect.stringMatching(/^SnsPushProvider "sns" was removed from the stack; the tenant keeps the SNS configuration the stack set/),
      },
    ]);
    // The CLI shows it as a warning and counts it as one.
    expect(result.programOutput).toMatch(/warning: SnsPushProvider "sns" was removed from the stack/);
    expect(result.programOutput).not.toMatch(/info: SnsPushProvider "sns"/);
  });
});
