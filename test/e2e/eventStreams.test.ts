/**
 * examples/event-streams end to end through the Pulumi CLI: create, a no-op up with 0 calls, the drift check of the
 * untouched stack passing, a stream disabled and pointed elsewhere by hand found by `preview --refresh
 * --expect-no-changes --diff` (the endpoint named beside the `[secret]` token) and repaired by `up --refresh`, rotation
 * of the webhook token as an update, an AWS region the service does not offer refused before any call, a region change
 * whose preview warns that the replacement deletes the stream first and loses its partner event source, a create that
 * fails after that delete saying what is gone and how to recover (and the next `up` recovering), a change of
 * destination type as a replace, destroy. The token is never in state, output or logs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type EmulatorClient } from "../../tools/emulator";
import { EngineRunError, PulumiCliEngine, proposedChanges, type RunResult } from "../../tools/pulumi-cli/driver";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { rejectionOf } from "../support/rejection";
import {
  OutOfBandAdmin,
  RequestWindow,
  STREAMS_API_PATH,
  cleanDriftCheck,
  diffShownFor,
  driftFailure,
  expectNoSecrets,
  operations,
  progressDiffFor,
  visibleTexts,
} from "./helpers";

const PROJECT_DIR = join(REPO_ROOT, "examples", "event-streams");
const CLIENT: EmulatorClient = { id: "streams-ci", secret: "sentinel-streams-client-secret-41ac" };
const TOKEN = "sentinel-webhook-token-first-9d2e";
const ROTATED = "sentinel-webhook-token-rotated-7b1f";
const STREAM = `${STREAMS_API_PATH}/{id}`;
/** Where the audit stream is pointed by hand. */
const EVIL_ENDPOINT = "https://evil.example.com/x";

describe.sequential("examples/event-streams", () => {
  let emulator: Emulator;
  let requests: RequestWindow;
  let admin: OutOfBandAdmin;
  let stateDir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ clients: [CLIENT] });
    admin = await OutOfBandAdmin.create(emulator, CLIENT.id);
    requests = new RequestWindow(emulator);
    stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-streams-"));
  });

  afterAll(async () => {
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
    await emulator?.close();
  });

  /** The stack with the given webhook token and, optionally, the archive sent to an Action or in another AWS region. */
  function stack(token: string, archiveActionId?: string, archiveAwsRegion?: string): PulumiCliEngine {
    return new PulumiCliEngine({
      projectDir: PROJECT_DIR,
      stack: "dev",
      stateDir,
      passphrase: "event-streams passphrase",
      config: {
        "tenant:domain": { value: emulator.url },
        "tenant:clientId": { value: CLIENT.id },
        "tenant:clientSecret": { value: CLIENT.secret, secret: true },
        webhookToken: { value: token, secret: true },
        ...(archiveActionId ? { archiveActionId: { value: archiveActionId } } : {}),
        ...(archiveAwsRegion ? { archiveAwsRegion: { value: archiveAwsRegion } } : {}),
      },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv() },
    });
  }

  /** API calls as "METHOD /path" counts, stream ids folded into {id}. */
  function calls(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of requests.take().entries.filter((e) => e.path.startsWith("/api/v2"))) {
      const key = `${entry.method} ${entry.path.replace(/\/event-streams\/[^/]+$/, "/event-streams/{id}")}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  async function expectNoLeaks(step: string, engine: PulumiCliEngine, result: RunResult): Promise<void> {
    expectNoSecrets(visibleTexts(step, result, await engine.rawState()), {
      "the webhook token": [TOKEN],
      "the rotated webhook token": [ROTATED],
      "the client secret": [CLIENT.secret],
      "an access token": [...emulator.issuedAccessTokens(), admin.token],
    });
  }

  const streamNamed = (name: string) => emulator.state.eventStreams.find((stream) => stream.name === name);
  /** The archive stream's partner event source, as the tenant holds it. */
  const archiveSource = (): string | undefined => (streamNamed("archive")?.destination.configuration as { aws_partner_event_source?: string }).aws_partner_event_source;

  it("up creates both streams with one POST each and exports the partner event source; no run warns of an undefined output", async () => {
    const engine = stack(TOKEN);
    // Before the service assigns the partner event source, the output is null, not a warned-of undefined.
    const preview = await engine.preview();
    expect(preview.diagnostics).toEqual([]);
    expect(preview.programOutput).not.toContain("will not show as a stack output");
    const result = await engine.up();
    expect(result.diagnostics).toEqual([]);
    await expectNoLeaks("create", engine, result);
    expect(operations(result)).toEqual(expect.arrayContaining(["create tenant:EventStream archive", "create tenant:EventStream audit-webhook"]));
    expect(calls()).toEqual({ [`POST ${STREAMS_API_PATH}`]: 2 });
    expect(streamNamed("audit-webhook")?.destination.configuration).toMatchObject({ webhook_authorization: { method: "bearer", token: TOKEN } });
    const archive = streamNamed("archive")?.destination;
    expect(archive?.type).toBe("eventbridge");
    expect(result.outputs.archivePartnerEventSource).toBe((archive?.configuration as { aws_partner_event_source?: string }).aws_partner_event_source);
    expect(result.outputs.auditStatus).toBe("enabled");
  });

  it("a second up changes nothing and calls nothing", async () => {
    const result = await stack(TOKEN).up();
    expect(result.steps.every((step) => step.op === "same")).toBe(true);
    expect(calls()).toEqual({});
  });

  it("the drift check of the untouched stack passes: exit 0, both streams read back the same, no write", async () => {
    const engine = stack(TOKEN);
    const result = await cleanDriftCheck(engine, requests, ["tenant:EventStream archive", "tenant:EventStream audit-webhook"]);
    await expectNoLeaks("the drift check", engine, result);
  });

  it("a stream disabled and pointed elsewhere by hand: preview --refresh --expect-no-changes --diff names both, the token [secret]", async () => {
    const elsewhere = { webhook_endpoint: EVIL_ENDPOINT, webhook_authorization: { method: "bearer", token: TOKEN } };
    await admin.call("PATCH", `${STREAMS_API_PATH}/${streamNamed("audit-webhook")!.id}`, { status: "disabled", destination: { type: "webhook", configuration: elsewhere } });
    requests.take();
    const engine = stack(TOKEN);
    const drift = await driftFailure(engine.preview({ refresh: true, expectNoChanges: true, diff: true }));
    expect(proposedChanges(drift.result.steps, drift.operation).map((step) => `${step.op} ${step.name}`)).toEqual(["update audit-webhook"]);
    // The destination is shown down to what changed in it; its token, a secret field, as [secret].
    const shown = drift.result.programOutput;
    expect(diffShownFor(shown, "audit-webhook", "update")).toEqual(["destination", "configuration", "webhookEndpoint", "status"]);
    expect(shown).toMatch(new RegExp(`~ webhookEndpoint\\s*: "${EVIL_ENDPOINT}" => "https://hooks.example.com/audit"`));
    expect(shown).toMatch(/token\s*: \[secret\]/);
    await expectNoLeaks("preview --refresh", engine, drift.result);
    expect(calls()).toEqual({ [`GET ${STREAM}`]: 2 });
  });

  it("up --refresh enables the stream and points it back with one PATCH, saying what it changed; the other stream untouched", async () => {
    const engine = stack(TOKEN);
    const result = await engine.up({ refresh: true });
    await expectNoLeaks("up --refresh", engine, result);
    expect(operations(result).filter((line) => line.startsWith("update "))).toEqual(["update tenant:EventStream audit-webhook"]);
    expect(progressDiffFor(result.programOutput, "audit-webhook")).toBe("~destination,status");
    expect(calls()).toEqual({ [`GET ${STREAM}`]: 2, [`PATCH ${STREAM}`]: 1 });
    expect(streamNamed("audit-webhook")?.status).toBe("enabled");
    expect(streamNamed("audit-webhook")?.destination.configuration).toMatchObject({ webhook_endpoint: "https://hooks.example.com/audit", webhook_authorization: { token: TOKEN } });
  });

  it("a rotated token is an update that sends it", async () => {
    const engine = stack(ROTATED);
    const result = await engine.up();
    await expectNoLeaks("rotate", engine, result);
    expect(operations(result).filter((line) => !line.startsWith("same"))).toEqual(["update tenant:EventStream audit-webhook"]);
    expect(calls()).toEqual({ [`PATCH ${STREAM}`]: 1 });
    expect(streamNamed("audit-webhook")?.destination.configuration).toMatchObject({ webhook_authorization: { token: ROTATED } });
  });

  it("an AWS region the service does not offer is refused before any call, naming the ones it does; the stream stays", async () => {
    const before = streamNamed("archive")?.id;
    const failure = await rejectionOf(stack(ROTATED, undefined, "mars-north-1").up());
    expect(failure).toBeInstanceOf(EngineRunError);
    const shown = (failure as EngineRunError).result.programOutput;
    expect(shown).toContain(
      "pulumi-nodejs:dynamic/tenant:EventStream resource 'archive' has a problem: destination.configuration.awsRegion must be one of the AWS " +
        'regions the service offers EventBridge destinations in: "af-south-1", "ap-east-1", ',
    );
    expect(shown).toContain('"us-west-1", "us-west-2" (got "mars-north-1")');
    expect(calls()).toEqual({});
    expect(streamNamed("archive")?.id).toBe(before);
  });

  it("another region's preview says the replacement deletes the stream first, and that its partner event source goes with it", async () => {
    const source = archiveSource();
    const result = await stack(ROTATED, undefined, "eu-west-1").preview();
    expect(operations(result).filter((line) => !line.startsWith("same"))).toEqual(["replace tenant:EventStream archive"]);
    expect(result.programOutput).toContain(
      'warning: This change replaces the event stream "archive" by deleting it first (a stream\'s name is unique in the tenant), ' +
        `then creating the new one: no event is delivered until the new stream exists, and its EventBridge partner event source (${source}) ` +
        "goes with it: the new stream gets a new one, which must be associated with an event bus in the AWS account again. If the create " +
        "fails, the old one is gone all the same.",
    );
    expect(calls()).toEqual({});
  });

  it("a create that fails after that delete says what is gone and how to recover; the next up creates the stream", async () => {
    const [before, source] = [streamNamed("archive")!.id, archiveSource()];
    emulator.injectFault({ method: "POST", path: STREAMS_API_PATH, count: 1, kind: "not_entitled" });
    const engine = stack(ROTATED, undefined, "eu-west-1");
    const failure = await rejectionOf(engine.up());
    expect(failure).toBeInstanceOf(EngineRunError);
    expect(failure.message).toContain(
      `Before this create, the event stream "archive" it replaces (${before}) was deleted (a stream's name is unique in the tenant) and is ` +
        `gone: no event is delivered until the new stream exists, and its EventBridge partner event source (${source}) goes with it: the ` +
        "new stream gets a new one, which must be associated with an event bus in the AWS account again. Putting the old inputs back does " +
        'not bring it back; fix the cause and run "pulumi up" again to create the new one.',
    );
    expect(streamNamed("archive")).toBeUndefined();
    requests.take();
    const recovered = await engine.up();
    await expectNoLeaks("recovery", engine, recovered);
    // The new stream is created; the old one's delete finds it gone, which counts as deleted.
    expect(calls()).toMatchObject({ [`POST ${STREAMS_API_PATH}`]: 1 });
    expect(streamNamed("archive")?.destination.configuration).toMatchObject({ aws_region: "eu-west-1" });
    expect(recovered.outputs.archivePartnerEventSource).toBe(archiveSource());
    expect(archiveSource()).not.toBe(source);
  });

  it("another destination type replaces the stream: delete the old one (its name is unique), then create the new", async () => {
    const before = streamNamed("archive")?.id;
    const engine = stack(ROTATED, "act_archive", "eu-west-1");
    const result = await engine.up();
    await expectNoLeaks("replace", engine, result);
    expect(operations(result).filter((line) => !line.startsWith("same"))).toEqual(["replace tenant:EventStream archive"]);
    const replaced = requests.take().entries.filter((entry) => entry.path.startsWith(STREAMS_API_PATH)).map((entry) => entry.method);
    expect(replaced).toEqual(["DELETE", "POST"]);
    expect(streamNamed("archive")?.destination).toEqual({ type: "action", configuration: { action_id: "act_archive" } });
    expect(streamNamed("archive")?.id).not.toBe(before);
    // An Action has no partner event source: the output is null, and no run warns of it. The one warning is the
    // replacement's own: it deletes the stream first.
    expect(result.outputs.archivePartnerEventSource).toBeNull();
    expect(result.diagnostics.map((log) => log.message)).toEqual([
      expect.stringMatching(/^This change replaces the event stream "archive" by deleting it first /),
    ]);
    expect(result.programOutput).not.toContain("will not show as a stack output");
  });

  it("destroy deletes both streams", async () => {
    const engine = stack(ROTATED, "act_archive");
    const result = await engine.destroy();
    await expectNoLeaks("destroy", engine, result);
    expect(calls()).toEqual({ [`DELETE ${STREAM}`]: 2 });
    expect(emulator.state.eventStreams).toEqual([]);
    expect((await engine.readState()).resources).toEqual([]);
  });
});
