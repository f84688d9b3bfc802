/**
 * A program that passes an EventStream's webhook token as a plain string — as a YAML or Python program does, with no
 * secret around it — through the native plugin and the Pulumi CLI, with TENANT_DEBUG=1: after up and refresh the
 * state holds the destination only encrypted (inputs and outputs), an EventBridge destination stays readable, and the
 * token shows in no output, log or state file in clear.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../tools/emulator";
import { isSecretEnvelope, type PulumiCliEngine, type RunResult } from "../../../tools/pulumi-cli/driver";
import { assertDistIsFresh } from "../../resources/dist";
import { expectNoSecrets, visibleTexts } from "../helpers";
import { IMPORTED_PROJECT_DIR, nativeEngine, pluginLogs, tenantConfig } from "./nativeStack";

const CLIENT = { id: "native-plain-secrets-ci", secret: "sentinel-native-plain-client-secret-3a71" };
const TOKEN = "sentinel-native-plain-webhook-token-c58e";
const HEADER_VALUE = "sentinel-native-plain-header-value-19f0";

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

  /** Each stream's destination in state: whether its inputs and its outputs hold it as a secret. */
  const destinations = async (): Promise<Record<string, { inputs: boolean; outputs: boolean }>> => {
    const streams = (await engine.readState()).resources.filter((resource) => resource.type === "tenant:index:EventStream");
    return Object.fromEntries(
      streams.map((resource) => [
        resource.urn.split("::").pop(),
        { inputs: isSecretEnvelope(resource.inputs.destination), outputs: isSecretEnvelope(resource.outputs.destination) },
      ]),
    );
  };

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

  it("up stores a webhook destination holding a secret encrypted, inputs and outputs; an EventBridge one readable", async () => {
    await record("up", await engine.up());
    expect(emulator.state.eventStreams.map((stored) => stored.destination.configuration)).toEqual(
      expect.arrayContaining([expect.objectContaining({ webhook_authorization: { method: "bearer", token: TOKEN } })]),
    );
    expect(await destinations()).toEqual({
      "bearer-hook": { inputs: true, outputs: true },
      "header-hook": { inputs: true, outputs: true },
      bridge: { inputs: false, outputs: false },
    });
    // Encrypted, not dropped: the decrypted state holds the token.
    expect(JSON.stringify(await engine.readState())).toContain(TOKEN);
  });

  it("refresh reads them back and keeps them so", async () => {
    await record("refresh", await engine.refresh());
    expect(await destinations()).toEqual({
      "bearer-hook": { inputs: true, outputs: true },
      "header-hook": { inputs: true, outputs: true },
      bridge: { inputs: false, outputs: false },
    });
  });

  it("no secret in plain text in the state file, the outputs or the plugin's log (TENANT_DEBUG=1)", async () => {
    await record("destroy", await engine.destroy());
    expect(emulator.state.eventStreams).toHaveLength(0);
    expect(texts["up: plugin log"]).toContain("[pulumi-tenant] POST /api/v2/event-streams -> 201");
    expectNoSecrets(texts, { "webhook token": [TOKEN], "header value": [HEADER_VALUE], "client secret": [CLIENT.secret] });
  });
});
