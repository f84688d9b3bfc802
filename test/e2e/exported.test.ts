/**
 * examples/exported itself under the Pulumi CLI, as its README runs it: against the tenant it was exported from (the
 * realistic tenant test/support/exportedExample.ts seeds, with the same id seed, on any free port), the connection in
 * the TENANT_* variables. The first up takes every resource over without a write and leaves the tenant as it was; the
 * drift check of the untouched stack passes; a custom push app name and the SMS code length changed by hand fail it,
 * the CLI's --diff naming each property; up --refresh puts them back; destroy leaves the phone provider and the streams
 * (retainOnDelete) and the tenant as it was but for the times of the writes.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../tools/emulator";
import type { RunResult } from "../../tools/pulumi-cli/driver";
import { exampleStack, type BasicStack } from "../../tools/stacks/basicStack";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { startExampleTenant } from "../support/exportedExample";
import { tenantSnapshot, withoutUpdateTimes } from "../support/realisticTenant";
import { API_PREFIX, OutOfBandAdmin, RequestWindow, cleanDriftCheck, diffShownFor, driftFailure, expectNoSecrets, operations, proposedLines } from "./helpers";

/** What examples/exported/index.ts declares (its header says 32). */
const DECLARED = 32;
const CUSTOM_APP = `${API_PREFIX}/prompts/mfa-push`;
const SMS_CODES = `${API_PREFIX}/guardian/factors/phone/settings`;
const RUN_TIMEOUT_MS = 300_000;

describe.sequential("examples/exported under the Pulumi CLI, against the tenant it was exported from", () => {
  let emulator: Emulator;
  let secrets: string[];
  let stack: BasicStack;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;
  /** The tenant as seeded, before the stack, and the ids of what destroy must leave there. */
  let before: unknown;
  let phoneProviderIds: string[];
  let streamIds: string[];
  /** Every resource the program declares, "type name", as the first up created them. */
  let declared: string[] = [];

  beforeAll(async () => {
    const tenant = await startExampleTenant(0);
    emulator = tenant.emulator;
    secrets = [tenant.client.secret, ...tenant.secrets];
    admin = await OutOfBandAdmin.create(emulator, tenant.client.id);
    before = tenantSnapshot(emulator);
    phoneProviderIds = [...emulator.state.phoneProviders.keys()];
    streamIds = emulator.state.eventStreams.map((stream) => stream.id);
    stack = exampleStack({
      projectDir: join(REPO_ROOT, "examples", "exported"),
      stack: "production",
      tempPrefix: "pulumi-tenant-exported-",
      passphrase: "exported passphrase",
      config: {},
      // No stack config: the README's TENANT_* variables, and nothing else of the test run's environment.
      env: { ...BLANK_TENANT_ENV, TENANT_DOMAIN: emulator.url, TENANT_CLIENT_ID: tenant.client.id, TENANT_CLIENT_SECRET: tenant.client.secret },
      timeoutMs: RUN_TIMEOUT_MS,
    });
    requests = new RequestWindow(emulator);
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  async function expectNoLeaks(step: string, result: RunResult): Promise<void> {
    expectNoSecrets(
      { [`${step}: program output`]: result.programOutput, [`${step}: state file`]: await stack.engine.rawState() },
      { "a secret of the tenant": secrets, "an access token": [...emulator.issuedAccessTokens(), admin.token] },
    );
  }

  it(
    "up takes every resource over with reads alone: the tenant is the same, timestamps included",
    async () => {
      const result = await stack.engine.up();
      const calls = requests.take();
      expect(calls.failures()).toEqual([]);
      expect(calls.mutating()).toEqual([]);
      declared = operations(result).map((op) => op.replace(/^create /, ""));
      expect(declared).toHaveLength(DECLARED);
      expect(operations(result).filter((op) => !op.startsWith("create "))).toEqual([]);
      expect(tenantSnapshot(emulator)).toEqual(before);
      await expectNoLeaks("up", result);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "the drift check of the untouched stack passes: exit 0, every resource read back the same, no write",
    async () => {
      const result = await cleanDriftCheck(stack.engine, requests, declared);
      await expectNoLeaks("the drift check", result);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "a custom app name and an SMS code length changed by hand fail the drift check, the CLI's --diff naming each",
    async () => {
      await admin.call("PATCH", CUSTOM_APP, { app_name: "Renamed by hand" });
      await admin.call("PUT", SMS_CODES, { otp_length: 6, otp_expiration_time: 120 });
      requests.take();
      const error = await driftFailure(stack.engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
      expect(proposedLines(error)).toEqual(["update tenant:OtpSettings sms: otpLength", "update tenant:PushCustomApp push-custom-app: appName"]);
      expect(diffShownFor(error.result.programOutput, "push-custom-app", "update")).toEqual(["appName"]);
      expect(diffShownFor(error.result.programOutput, "sms", "update")).toEqual(["otpLength"]);
      expect(requests.take().mutating()).toEqual([]);
      expect(emulator.state.factorSettings.customApp.app_name).toBe("Renamed by hand");
      await expectNoLeaks("the drift check", error.result);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "up --refresh puts both back, writing those two alone",
    async () => {
      const result = await stack.engine.up({ refresh: true });
      const calls = requests.take();
      expect(calls.failures()).toEqual([]);
      expect(operations(result).filter((op) => op.startsWith("update "))).toEqual(["update tenant:OtpSettings sms", "update tenant:PushCustomApp push-custom-app"]);
      expect(calls.mutating().map((call) => call.replace(API_PREFIX, "")).sort()).toEqual(["PATCH /prompts/mfa-push", "PUT /guardian/factors/phone/settings"]);
      expect(withoutUpdateTimes(tenantSnapshot(emulator))).toEqual(withoutUpdateTimes(before));
      await expectNoLeaks("up --refresh", result);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "destroy leaves the phone provider and the streams, and the tenant as it was but for the times of the writes",
    async () => {
      const result = await stack.engine.destroy();
      expect(requests.take().failures()).toEqual([]);
      expect(result.steps.filter((step) => step.op === "delete")).toHaveLength(DECLARED);
      expect([...emulator.state.phoneProviders.keys()]).toEqual(phoneProviderIds);
      expect(emulator.state.eventStreams.map((stream) => stream.id)).toEqual(streamIds);
      expect(withoutUpdateTimes(tenantSnapshot(emulator))).toEqual(withoutUpdateTimes(before));
      expect((await stack.engine.readState()).resources).toEqual([]);
      await expectNoLeaks("destroy", result);
    },
    RUN_TIMEOUT_MS,
  );
});
