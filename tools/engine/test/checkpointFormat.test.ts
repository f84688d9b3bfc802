/**
 * The state file as the file and S3 backends write it, without running a program: compact JSON, resources shaped
 * like Go's apitype.ResourceV3, and what the engine derives from a registration (property dependencies, source
 * positions, timestamps). The same rules on a real program run are in persistence.test.ts.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { goTimestamp, storedEntry } from "../checkpointFormat";
import { stepTimestamps } from "../deployment";
import { propertyDependenciesOf, sourceInfoOf, type SourcePositionMessage } from "../requestInfo";
import { StateStore, type ResourceState } from "../stateStore";
import { sameStepMustWrite } from "../steps";
import { secretEnvelope } from "../values";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "engine-checkpoint-format-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const RFC3339_NANO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{0,8}[1-9])?Z$/;
const STACK_URN = "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev";
const WIDGET_URN = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/t:W::w";

const widget: ResourceState = {
  urn: WIDGET_URN,
  type: "pulumi-nodejs:dynamic/t:W",
  custom: true,
  id: "w-1",
  parent: STACK_URN,
  provider: "urn:pulumi:dev::p::pulumi:providers:pulumi-nodejs::default::4c1e",
  inputs: { zeta: 1, alpha: { nested: "x", aa: secretEnvelope("SENTINEL-format") }, __provider: "text" },
  outputs: { zeta: 1, alpha: "<&>\u2028" },
  dependencies: [],
  propertyDependencies: { zeta: [], alpha: [STACK_URN], __provider: [] },
  created: "2026-11-25T10:00:00.123456789Z",
  modified: "2026-11-25T10:00:00.123456789Z",
  sourcePosition: "project:///index.js#12,5",
  stackTrace: [{ sourcePosition: "project:///index.js#12,5" }, {}],
};

describe("the checkpoint file", () => {
  it("is compact JSON without a trailing newline, escaping U+2028 as Go does and <>& not at all", async () => {
    const store = new StateStore(dir, "compact", "passphrase");
    await store.save([widget]);
    const raw = await store.raw();
    expect(raw).not.toContain("\n");
    expect(raw).toBe(JSON.stringify(JSON.parse(raw)).replace(/\u2028/g, "\\u2028"));
    expect(raw).toContain('"alpha":"<&>\\u2028"');
    expect(raw).not.toContain("SENTINEL-format");
    expect(store.bytesWritten).toBe(Buffer.byteLength(raw));
  });

  it("stores a resource in ResourceV3's field order, map keys sorted, empty omitempty fields left out", () => {
    const stored = storedEntry(widget);
    expect(Object.keys(stored)).toEqual([
      "urn",
      "custom",
      "id",
      "type",
      "inputs",
      "outputs",
      "parent",
      "provider",
      "propertyDependencies",
      "created",
      "modified",
      "sourcePosition",
      "stackTrace",
    ]);
    expect(Object.keys(stored.inputs as object)).toEqual(["__provider", "alpha", "zeta"]);
    expect(Object.keys((stored.inputs as { alpha: object }).alpha)).toEqual(["aa", "nested"]);
    expect(stored.propertyDependencies).toEqual({ __provider: [], alpha: [STACK_URN], zeta: [] });
    // An empty property-dependency list stays `[]` (Go's empty set), a frame without a position `{}`.
    expect(JSON.stringify(stored)).toContain('"propertyDependencies":{"__provider":[],');
    expect(JSON.stringify(stored)).toContain('{"sourcePosition":"project:///index.js#12,5"},{}]');
    const stack = storedEntry({ urn: STACK_URN, type: "pulumi:pulumi:Stack", custom: false, inputs: {}, outputs: {}, dependencies: [] });
    expect(stack).toEqual({ urn: STACK_URN, custom: false, type: "pulumi:pulumi:Stack" });
  });

  it("loads back what it wrote, omitted fields empty again", async () => {
    const store = new StateStore(dir, "round-trip", "passphrase");
    const stack: ResourceState = { urn: STACK_URN, type: "pulumi:pulumi:Stack", custom: false, inputs: {}, outputs: {}, dependencies: [] };
    await store.save([stack, widget]);
    expect(await new StateStore(dir, "round-trip", "passphrase").load()).toEqual([stack, widget]);
  });

  it("loads a file an older stand-in wrote: indented, with a newline, without the newer fields", async () => {
    const store = new StateStore(dir, "older", "passphrase");
    const { created: _created, modified: _modified, propertyDependencies: _deps, sourcePosition: _position, stackTrace: _trace, ...older } = widget;
    await store.save([older]);
    const checkpoint = JSON.parse(await store.raw()) as { checkpoint: { latest: { resources: Record<string, unknown>[] } } };
    checkpoint.checkpoint.latest.resources[0].dependencies = [];
    fs.writeFileSync(store.file, `${JSON.stringify(checkpoint, null, 2)}\n`);
    expect(await new StateStore(dir, "older", "passphrase").load()).toEqual([older]);
  });

  it("writes times as Go's RFC3339Nano in UTC: nanoseconds, trailing zeros dropped", () => {
    const before = Date.now();
    const stamp = goTimestamp();
    expect(stamp).toMatch(RFC3339_NANO);
    expect(Math.abs(Date.parse(stamp) - before)).toBeLessThan(1_000);
    expect(goTimestamp() >= stamp).toBe(true);
  });
});

describe("what the engine keeps from a registration", () => {
  const position = (uri: string, line: number, column: number): SourcePositionMessage => ({ getUri: () => uri, getLine: () => line, getColumn: () => column });
  const trace = (...frames: (SourcePositionMessage | undefined)[]) => ({ getFramesList: () => frames.map((pc) => ({ getPc: () => pc })) });

  it("source positions become project-relative URIs, the stack trace too; a frame without one is {}", () => {
    const root = path.join(dir, "proj");
    const uri = (...parts: string[]) => pathToFileURL(path.join(...parts)).href;
    const index = position(uri(root, "src", "my index.js"), 12, 5);
    const info = sourceInfoOf(index, trace(index, undefined, position(uri(dir, "lib", "x.js"), 3, 0), position("http://x/y.js", 1, 1)), root);
    expect(info).toEqual({
      sourcePosition: "project:///src/my%20index.js#12,5",
      stackTrace: [{ sourcePosition: "project:///src/my%20index.js#12,5" }, {}, { sourcePosition: "project:///../lib/x.js#3" }, {}],
    });
    // An unreadable position drops the stack trace with it (getFromRequest); none sent stores none.
    expect(sourceInfoOf(position(uri(root, "a.js"), -1, 0), trace(index), root)).toEqual({});
    expect(sourceInfoOf(undefined, undefined, root)).toEqual({});
  });

  it("property dependencies: the request's, an empty list for every other input, all dependencies when none were sent", () => {
    expect(propertyDependenciesOf({ label: ["u1", "u1"] }, ["label", "size"], ["u1", "u2"])).toEqual({ label: ["u1"], size: [] });
    expect(propertyDependenciesOf({}, ["label", "size"], ["u1", "u1"])).toEqual({ label: ["u1"], size: ["u1"] });
    expect(propertyDependenciesOf({}, [], ["u1"])).toEqual({});
  });

  it("timestamps: a create stamps both, a same step keeps them (or their absence), an update moves `modified`", () => {
    const created = stepTimestamps("create", undefined);
    expect(created.created).toMatch(RFC3339_NANO);
    expect(created.modified).toBe(created.created);
    const old = { ...widget, created: "2020-01-01T00:00:00Z", modified: "2020-01-02T00:00:00Z" };
    expect(stepTimestamps("same", old)).toEqual({ created: old.created, modified: old.modified });
    const updated = stepTimestamps("update", old);
    expect(updated.created).toBe(old.created);
    expect(updated.modified! > old.modified).toBe(true);
    const { created: _c, modified: _m, ...untimed } = widget;
    expect(stepTimestamps("same", untimed)).toEqual({});
    expect(Object.keys(stepTimestamps("update", untimed))).toEqual(["modified"]);
  });

  it("a same step's write is elided when only source positions, property dependencies or timestamps differ", () => {
    const moved = { ...widget, sourcePosition: "project:///index.js#40,1", stackTrace: [], propertyDependencies: {}, modified: goTimestamp() };
    expect(sameStepMustWrite(widget, moved)).toBe(false);
    expect(sameStepMustWrite({ ...widget, dependencies: ["b", "a"] }, { ...widget, dependencies: ["a", "b"] })).toBe(false);
    expect(sameStepMustWrite(widget, { ...widget, dependencies: [STACK_URN] })).toBe(true);
    expect(sameStepMustWrite(widget, { ...widget, protect: true })).toBe(true);
    expect(sameStepMustWrite(widget, { ...widget, outputs: { zeta: 2 } })).toBe(true);
  });
});
