/**
 * The native plugin through an explicit provider, end to end on the emulator: the program's
 * `new pulumi.ProviderResource("tenant", "staging", …)` serves the three resources and the getEventStreams invoke
 * against a second tenant, in its own plugin process, recorded in state with its secret argument encrypted; the
 * default provider is never started. With TENANT_DEBUG=1 the plugin's lines reach the engine's Log service as info, so
 * the CLI shows them, in order, under the resource they are about (as a dynamic-provider host's stderr lines are
 * shown). A no-op up, refresh and destroy go through the stored
 * provider; no secret appears in any run's output, the plugin's log lines (debug ones included) or the state.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { isSecretEnvelope, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../../resources/dist";
import { RequestWindow, expectNoSecrets, operations, visibleTexts } from "../helpers";
import { nativeEngine, pluginLogs } from "./nativeStack";

const STAGING_CLIENT = { id: "native-staging-ci", secret: "sentinel-staging-client-secret-3a9d" };
const SMS_TOKEN = "sentinel-staging-sms-token-8b21";


describe.sequential("the native plugin through an explicit provider", () => {
  let staging: Emulator;
  let engine: PulumiCliEngine;
  let stateDir: string;
  let requests: RequestWindow;
  const runs: [string, RunResult][] = [];
  const ticketUrls: string[] = [];
  const run = async (step: string, pending: Promise<RunResult>): Promise<RunResult> => {
    const result = await pending;
    runs.push([step, result]);
    return result;
  };

  beforeAll(async () => {
    assertDistIsFresh();
    staging = await startEmulator({ clients: [STAGING_CLIENT] });
    staging.seedEventStreams(7);
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-native-explicit-"));
    engine = nativeEngine({
      stack: "staging",
      stateDir,
      // No tenant:* config at all: only the explicit provider's arguments reach a plugin.
      config: {
        "tenant-native:explicitProvider": { value: "true" },
        "tenant-native:stagingDomain": { value: staging.url },
        "tenant-native:stagingClientId": { value: STAGING_CLIENT.id },
        "tenant-native:stagingClientSecret": { value: STAGING_CLIENT.secret, secret: true },
        "tenant-native:smsAuthToken": { value: SMS_TOKEN, secret: true },
      },
      env: { TENANT_DEBUG: "1" },
    });
    requests = new RequestWindow(staging);
  });

  afterAll(async () => {
    await staging?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("up creates everything on the provider's tenant; the provider is in state, its secret argument encrypted", async () => {
    const up = await run("up", engine.up());
    expect(operations(up).filter((op) => op.includes("tenant:index:"))).toEqual([
      "create tenant:index:EnrollmentTicket alice-push",
      "create tenant:index:PhoneProvider sms",
      "create tenant:index:PushProviderSelection push",
    ]);
    ticketUrls.push(...staging.state.enrollmentTickets.map((ticket) => ticket.ticket_url));
    expect(staging.state.phoneProviders.size).toBe(1);
    expect(staging.state.enrollmentTickets).toHaveLength(1);
    expect(up.outputs.eventStreamCount).toBe(7);
    const state = await engine.readState();
    const providers = state.resources.filter((resource) => resource.type === "pulumi:providers:tenant");
    expect(providers.map((provider) => provider.urn.split("::").pop())).toEqual(["staging"]);
    expect(providers[0].inputs).toMatchObject({ domain: staging.url, clientId: STAGING_CLIENT.id });
    expect(isSecretEnvelope(providers[0].inputs.clientSecret)).toBe(true);
    const sms = state.resources.find((resource) => resource.type === "tenant:index:PhoneProvider");
    expect(sms?.provider).toBe(`${providers[0].urn}::${providers[0].id}`);
    requests.take();
  });

  it("the plugin's TENANT_DEBUG lines come through the engine's Log as info: the CLI shows them, in order, under their resource", () => {
    const [, up] = runs[0];
    const lines = up.logs.filter((log) => log.message.startsWith("[pulumi-tenant] "));
    expect(new Set(lines.map((log) => log.severity))).toEqual(new Set(["info"]));
    const phone = lines.filter((log) => log.urn.endsWith("::tenant:index:PhoneProvider::sms")).map((log) => log.message.trim());
    expect(phone).toContainEqual(expect.stringMatching(/^\[pulumi-tenant\] POST \/api\/v2\/branding\/phone\/providers -> 201 \(\d+ms\)$/));
    // What the user reads: the CLI's own output, with the lines under the resource in its diagnostics.
    const shown = up.programOutput.slice(up.programOutput.indexOf("Diagnostics:"));
    expect(shown).toMatch(/tenant:index:PhoneProvider \(sms\):\n(?: {4}\[pulumi-tenant\] .*\n)*? {4}\[pulumi-tenant\] POST \/api\/v2\/branding\/phone\/providers -> 201/);
    const tokenAt = up.programOutput.indexOf("[pulumi-tenant] POST /oauth/token");
    expect(tokenAt).toBeGreaterThan(-1);
    expect(up.programOutput.indexOf("[pulumi-tenant] access token obtained")).toBeGreaterThan(tokenAt);
  });

  it("a second up changes nothing on the tenant", async () => {
    const noop = await run("no-op up", engine.up());
    expect(operations(noop).filter((op) => !op.startsWith("same"))).toEqual([]);
    expect(requests.take().mutating()).toEqual([]);
  });

  it("refresh and destroy go through the stored provider", async () => {
    const refresh = await run("refresh", engine.refresh({ expectNoChanges: true }));
    // The explicit provider is refreshed too (a provider is a resource of the stack).
    expect(refresh.steps.filter((step) => step.op === "refresh-same" && step.type.startsWith("tenant:"))).toHaveLength(3);
    await run("destroy", engine.destroy());
    expect(staging.state.phoneProviders.size).toBe(0);
  });

  it("no secret shows in any output or log of any run, nor in plain text in the state", async () => {
    expect(ticketUrls).toHaveLength(1);
    for (const [step, result] of runs) {
      expectNoSecrets(
        { ...visibleTexts(step, result, await engine.rawState()), [`${step}: the plugin's log messages`]: JSON.stringify(pluginLogs(result)) },
        { "the client secret": [STAGING_CLIENT.secret], "the SMS auth token": [SMS_TOKEN], "a ticket URL": ticketUrls },
      );
    }
  });
});
