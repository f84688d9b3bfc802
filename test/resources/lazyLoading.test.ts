// Check and Diff (every preview, every no-op update) load no HTTP code: a provider host that only configures,
// checks and diffs a resource has parsed none of the client's request code and not undici's vendored bundle
// (dist/vendorUndici.js), for every resource in the registry; the first request loads both. Runs each resource's
// built handler in a plain node process, as the host loads it.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { REGISTRY } from "../../provider/resources/registry";
import { REPO_ROOT, assertDistIsFresh } from "./dist";

const run = promisify(execFile);

/** dist/ files the process loaded, relative to dist/, after configure, check, diff and optionally a read. */
async function loadedAfter(module: string, read: boolean): Promise<string[]> {
  const script = `
    const load = require("module").createRequire(${JSON.stringify(path.join(REPO_ROOT, "package.json"))});
    const handler = load("pulumi-tenant/dist/resources/${module}/handler");
    (async () => {
      // Port 9 refuses connections: a read fails fast after loading the client.
      await handler.configure({ config: { get: (key) => ({ "tenant:domain": "http://127.0.0.1:9", "tenant:apiToken": "t" })[key] } });
      const checked = await handler.check({}, {});
      await handler.diff("id-1", checked.inputs, checked.inputs);
      if (${read}) await handler.read("id-1", {}).catch(() => undefined);
      const dist = ${JSON.stringify(path.join(REPO_ROOT, "dist") + path.sep)};
      process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((file) => file.startsWith(dist)).map((file) => file.slice(dist.length))));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const { stdout } = await run(process.execPath, ["-e", script], { cwd: REPO_ROOT, timeout: 60_000 });
  return (JSON.parse(stdout) as string[]).map((file) => file.split(path.sep).join("/"));
}

const MODULES = REGISTRY.map((registered) => registered.definition.module);

describe("what a handler loads before its first request", () => {
  beforeAll(() => assertDistIsFresh());

  it.each(MODULES)("%s: configure, check and diff load zod but no client request code and no undici", async (module) => {
    const loaded = await loadedAfter(module, false);
    expect(loaded).toContain(`resources/${module}/handler.js`);
    expect(loaded).toContain("vendor.js");
    expect(loaded).not.toContain("vendorUndici.js");
    // The client's error classes, its notice line, the returned-secret class the handler builder keeps out of state
    // and the credential shapes a check message never quotes (leaf modules) are all a handler holds of it until a call.
    const leaves = ["client/errors.js", "client/log.js", "client/returnedSecret.js", "client/namedValues.js", "client/secretShapes.js"];
    const clientFiles = loaded.filter((file) => file.startsWith("client/"));
    expect(clientFiles.filter((file) => !leaves.includes(file))).toEqual([]);
  });

  // A ticket's read sends nothing (the API cannot read tickets), so the probe uses the two that do.
  it.each(["pushProviderSelection", "phoneProvider"])("%s: the first request loads the client and undici (the probe above can see them)", async (module) => {
    const loaded = await loadedAfter(module, true);
    expect(loaded).toContain("vendorUndici.js");
    expect(loaded).toContain("client/client.js");
    // The engine's Log client (and the gRPC stubs it needs) loads with the first warning, not before.
    expect(loaded).not.toContain("client/engineLog.js");
  });
});
