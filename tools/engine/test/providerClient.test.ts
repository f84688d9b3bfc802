/**
 * DynamicProviderHost against the real `@pulumi/pulumi` dynamic-provider host, with the Widget fixture's
 * serialized provider: the engine's protocol, and failure behaviour.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DynamicProviderHost, HostCallError } from "../providerClient";
import { secretEnvelope } from "../values";
import { WIDGET_PROJECT_DIR, type RemoteState } from "./fixtures/widgetStack";

const URN = "urn:pulumi:dev::widget-fixture::pulumi-nodejs:dynamic/widget:Widget::w";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "engine-host-"));
const remoteFile = path.join(dir, "remote.json");
let providerText = "";
let host: DynamicProviderHost;

function remote(): RemoteState {
  return JSON.parse(fs.readFileSync(remoteFile, "utf8")) as RemoteState;
}

beforeAll(async () => {
  // The same text a program puts in __provider (serialized from the CommonJS fixture, not vitest's transform).
  const { widgetShim } = require(path.join(__dirname, "fixtures", "widgetProvider", "shim.js")) as { widgetShim: object };
  providerText = (await pulumi.runtime.serializeFunction(() => widgetShim, { allowSecrets: false })).text;
  host = await DynamicProviderHost.start({ cwd: WIDGET_PROJECT_DIR, env: { WIDGET_REMOTE_STATE: remoteFile } });
});

afterAll(async () => {
  await host?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("DynamicProviderHost", () => {
  it("configures with unwrapped secrets, then checks, creates, diffs, updates, reads and deletes", async () => {
    await host.configure({ "widget:label": "configured", "widget:apiKey": secretEnvelope("key-123") });
    const news = { label: "first", size: 2, __provider: providerText };

    const checked = await host.check(URN, {}, news);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).toMatchObject({ label: "first", size: 2, __provider: providerText });
    expect(remote().configures).toEqual([{ pid: host.pid, label: "configured", apiKey: "key-123", cwd: WIDGET_PROJECT_DIR }]);

    const created = await host.create(URN, checked.inputs);
    expect(created.id).toMatch(/^w-\d+$/);
    expect(created.properties).toMatchObject({ label: "first", size: 2, configLabel: "configured", __provider: providerText });

    const same = await host.diff(created.id, URN, created.properties, checked.inputs, checked.inputs);
    expect(same).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false, diffs: [] });
    const replace = await host.diff(created.id, URN, created.properties, { ...checked.inputs, kind: "other", dbr: true });
    expect(replace).toMatchObject({ changes: "some", replaces: ["kind"], deleteBeforeReplace: true });

    const updated = await host.update(created.id, URN, created.properties, { ...checked.inputs, label: "second" });
    expect(updated.properties).toMatchObject({ label: "second", version: 2 });

    const read = await host.read(created.id, URN, updated.properties);
    expect(read.id).toBe(created.id);
    expect(read.inputs).toMatchObject({ label: "second", size: 2, __provider: providerText });

    await host.delete(created.id, URN, updated.properties);
    expect((await host.read(created.id, URN, updated.properties)).id).toBe("");
  });

  it("returns check failures instead of throwing", async () => {
    const checked = await host.check(URN, {}, { size: -1, __provider: providerText });
    expect(checked.failures.map((failure) => failure.property)).toEqual(["label", "size"]);
  });

  it("turns a provider throw into HostCallError code 2 (UNKNOWN) with the message", async () => {
    const error = await host.create(URN, { label: "x", failOn: "create", __provider: providerText }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostCallError);
    expect(error).toMatchObject({ method: "Create", code: 2 });
    expect((error as Error).message).toContain("widget create failed as requested");
  });

  it("decodes a partial failure (an error carrying the id) into initFailure", async () => {
    const error = await host.create(URN, { label: "half", failOn: "create-partial", __provider: providerText }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostCallError);
    expect((error as HostCallError).message).toContain("did not become ready");
    expect((error as HostCallError).initFailure).toMatchObject({ id: expect.stringMatching(/^w-\d+$/), properties: { label: "half" }, reasons: ["not ready"] });
  });

  it("fails the crashing call and every later one at once, naming method and exit code", async () => {
    const started = Date.now();
    const crash = await host.create(URN, { label: "x", crashOn: "create", __provider: providerText }).catch((caught: unknown) => caught);
    expect(crash).toBeInstanceOf(HostCallError);
    expect((crash as HostCallError).message).toMatch(/host \(pid \d+\) exited with code 3 during or before Create/);
    const later = await host.check(URN, {}, { label: "x", __provider: providerText }).catch((caught: unknown) => caught);
    expect((later as HostCallError).message).toMatch(/exited with code 3 during or before Check/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a directory whose project has no @pulumi/pulumi of its own, rather than using another copy", async () => {
    await expect(DynamicProviderHost.start({ cwd: os.tmpdir(), startTimeoutMs: 20_000 })).rejects.toThrow(/@pulumi\/pulumi cannot be resolved from/);
  });

  it("refuses to start without a host script that prints a port", async () => {
    await expect(DynamicProviderHost.start({ cwd: __dirname, startTimeoutMs: 20_000, env: { NODE_OPTIONS: "--require=/nonexistent-preload.js" } })).rejects.toThrow(
      /dynamic-provider host .* exited with code/,
    );
  });
});
