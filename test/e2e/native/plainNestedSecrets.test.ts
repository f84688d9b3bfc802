/**
 * A program that passes an EventStream's webhook token as a plain string — as a YAML or Python program does, with no
 * secret around it — through the native plugin and the Pulumi CLI, with TENANT_DEBUG=1: after up and refresh the
 * state holds the token only encrypted (inputs and outputs), the destination around it readable, so the drift check
 * names an endpoint changed by hand beside the `[secret]` token; an EventBridge destination holds no secret; the token
 * shows in no output, log or state file in clear. And what check refuses through the plugin: a misspelt top-level input
 * as a misspelt nested one, naming it, and a value shaped like a credential never quoted back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { EngineRunError, isSecretEnvelope, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../../resources/dist";
import { rejectionOf } from "../../support/rejection";
import { OutOfBandAdmin, STREAMS_API_PATH, diffShownFor, driftFailure, expectNoSecrets, visibleTexts } from "../helpers";
import { IMPORTED_PROJECT_DIR, nativeEngine, pluginLogs, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-plain-secrets-ci", secret: "sentinel-native-plain-client-secret-3a71" };
const TOKEN = "sentinel-native-plain-webhook-token-c58e";
const HEADER_VALUE = "sentinel-native-plain-header-value-19f0";

/** Where a value as the state holds it has a secret envelope: each one's dotted path. */
function secretPaths(value: unknown, path = ""): string[] {
  if (isSecretEnvelope(value)) return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => secretPaths(inner, path === "" ? key : `${path}.${key}`));
}

const stream = (name: string, destination: Record<string, unknown>) => ({
  type: "EventStream",
  name,
  inputs: { name, subscriptions: [{ eventType: "user.created" }], destination },
});
const RESOURCES = [
  stream("bearer-hook", {
    type: "webhook",
    configuration: { webhookEndpoint: "https://hooks.example.com/bearer", webhookAuthorization: { method: "bearer", token: TOKEN } },
  }),
  stream("header-hook", {
    type: "webhook",
    configuration: {
      webhookEndpoint: "https://hooks.example.com/header",
      webhookAuthorization: { method: "custom_header", headerKey: "X-Hook-Key", headerValue: HEADER_VALUE },
    },
  }),
  stream("bridge", { type: "eventbridge", configuration: { awsAccountId: "123456789012", awsRegion: "us-east-1" } }),
];

describe.sequential("plain-string webhook secrets through the native plugin and the engine", () => {
  let emulator: Emulator;
  let stateDir: string;
  let engine: PulumiCliEngine;
  const texts: Record<string, string> = {};

  const record = async (step: string, result: RunResult): Promise<void> => {
    Object.assign(texts, visibleTexts(step, result, await engine.rawState()));
    texts[`${step}: plugin log`] = pluginLogs(result).map((log) => log.message).join("\n");
  };

  /** Where each stream's destination holds a secret in state, inputs and outputs (dotted paths inside it). */
  const destinations = async (): Promise<Record<string, { inputs: string[]; outputs: string[] }>> => {
    const streams = (await engine.readState()).resources.filter((resource) => resource.type === "tenant:index:EventStream");
    return Object.fromEntries(
      streams.map((resource) => [
        resource.urn.split("::").pop(),
        { inputs: secretPaths(resource.inputs.destination), outputs: secretPaths(resource.outputs.destination) },
      ]),
    );
  };
  const TOKEN_ONLY = { inputs: ["configuration.webhookAuthorization.token"], outputs: ["configuration.webhookAuthorization.token"] };
  const HEADER_VALUE_ONLY = { inputs: ["configuration.webhookAuthorization.headerValue"], outputs: ["configuration.webhookAuthorization.headerValue"] };

  beforeAll(async () => {
    assertDistIsFresh();
    emulator = await startEmulator({ clients: [CLIENT] });
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-plain-secrets-"));
    engine = nativeEngine({
      stateDir,
      projectDir: IMPORTED_PROJECT_DIR,
      config: { ...tenantConfig(emulator, CLIENT), "tenant-imported:resources": { value: JSON.stringify(RESOURCES) } },
      env: { TENANT_DEBUG: "1" },
    });
  });

  afterAll(async () => {
    await emulator?.close();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("up stores a webhook destination's secret encrypted, inputs and outputs, the rest readable; an EventBridge one holds none", async () => {
    await record("up", await engine.up());
    expect(emulator.state.eventStreams.map((stored) => stored.destination.configuration)).toEqual(
      expect.arrayContaining([expect.objectContaining({ webhook_authorization: { method: "bearer", token: TOKEN } })]),
    );
    expect(await destinations()).toEqual({ "bearer-hook": TOKEN_ONLY, "header-hook": HEADER_VALUE_ONLY, bridge: { inputs: [], outputs: [] } });
    // Encrypted, not dropped: the decrypted state holds the token.
    expect(JSON.stringify(await engine.readState())).toContain(TOKEN);
  });

  it("refresh reads them back and keeps them so", async () => {
    await record("refresh", await engine.refresh());
    expect(await destinations()).toEqual({ "bearer-hook": TOKEN_ONLY, "header-hook": HEADER_VALUE_ONLY, bridge: { inputs: [], outputs: [] } });
  });

  it("an endpoint changed by hand: preview --refresh --expect-no-changes --diff names it, the token [secret]", async () => {
    const hook = emulator.state.eventStreams.find((stream) => stream.name === "bearer-hook")!;
    const admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    const moved = { webhook_endpoint: "https://evil.example.com/x", webhook_authorization: { method: "bearer", token: TOKEN } };
    await admin.call("PATCH", `${STREAMS_API_PATH}/${hook.id}`, { destination: { type: "webhook", configuration: moved } });
    const drift = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    await record("drift check", drift.result);
    const shown = drift.result.programOutput;
    expect(diffShownFor(shown, "bearer-hook", "update")).toEqual(["destination", "configuration", "webhookEndpoint"]);
    expect(shown).toMatch(/~ webhookEndpoint\s*: "https:\/\/evil\.example\.com\/x" => "https:\/\/hooks\.example\.com\/bearer"/);
    expect(shown).toMatch(/token\s*: \[secret\]/);
  });

  it("no secret in plain text in the state file, the outputs or the plugin's log (TENANT_DEBUG=1)", async () => {
    await record("destroy", await engine.destroy());
    expect(emulator.state.eventStreams).toHaveLength(0);
    expect(texts["up: plugin log"]).toContain("[pulumi-tenant] POST /api/v2/event-streams -> 201");
    expectNoSecrets(texts, { "webhook token": [TOKEN], "header value": [HEADER_VALUE], "client secret": [CLIENT.secret] });
  });
});

describe("what check refuses through the plugin, as the CLI prints it", () => {
  it("a misspelt top-level input is refused as a misspelt nested one; a token in an endpoint's query is never quoted", async () => {
    const emulator = await startEmulator({ clients: [CLIENT] });
    const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-plugin-check-"));
    try {
      // One resource, both mistakes: the engine stops at the first resource whose check fails.
      const hook = stream("hook", {
        type: "webhook",
        configuration: { webhookEndpoint: `http://hooks.example.org/?token=${TOKEN}`, webhookAuthorization: { method: "bearer", token: TOKEN } },
      });
      const resources = [{ ...hook, inputs: { ...hook.inputs, stauts: "disabled" } }];
      const engine = nativeEngine({
        stateDir,
        projectDir: IMPORTED_PROJECT_DIR,
        config: { ...tenantConfig(emulator, CLIENT), "tenant-imported:resources": { value: JSON.stringify(resources) } },
      });
      const failure = await rejectionOf(engine.preview());
      expect(failure).toBeInstanceOf(EngineRunError);
      const shown = (failure as EngineRunError).result.programOutput;
      expect(shown).toContain(
        "tenant:index:EventStream resource 'hook' has a problem: stauts unknown property; allowed: name, subscriptions, status, destination, adoptExisting\n",
      );
      expect(shown).toContain("tenant:index:EventStream resource 'hook' has a problem: destination.configuration.webhookEndpoint must be an https:// URL\n");
      expectNoSecrets({ "the preview's output": shown }, { "webhook token": [TOKEN] });
      expect(emulator.requests.filter((entry) => entry.path.startsWith("/api/v2"))).toEqual([]);
    } finally {
      await emulator.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  }, 120_000);
});
