// The pieces the benchmarks rely on, and the cold-start property they measure: the emulator over TLS with a
// throwaway certificate, the per-process timing records, and that a provider host answering Check (every
// preview) or a program importing the package never loads undici.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CLIENT, startEmulator, type Emulator } from "../../tools/emulator";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { processTimelines, tokensPerProcess, type TimingEvent } from "./processTimings";
import { providerText } from "../../provider/resources/common/providerText";
import { RESOURCES } from "../../provider/resources/registry";
import type { ProgramCostSample } from "./programCost";
import type { OperationRun } from "./callsPerOperation";
import { phoneTemplateCallRows } from "./phoneTemplateCallRows";
import { storedTextRows } from "./report";
import { throwawayCertificate, type ThrowawayCertificate } from "./tlsCertificate";

const run = promisify(execFile);

describe("the emulator over TLS with a throwaway certificate", () => {
  let certificate: ThrowawayCertificate;
  let emulator: Emulator;
  let trusting: Agent;

  beforeAll(async () => {
    certificate = await throwawayCertificate();
    emulator = await startEmulator({ tls: { key: certificate.key, cert: certificate.cert } });
    trusting = new Agent({ connect: { ca: certificate.cert } });
  });

  afterAll(async () => {
    await trusting?.close();
    await emulator?.close();
    certificate?.dispose();
  });

  it("serves the contract on https://127.0.0.1 to a client that trusts the certificate, and only to one", async () => {
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const token = await request(`${emulator.url}/oauth/token`, {
      method: "POST",
      dispatcher: trusting,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: DEFAULT_CLIENT.id,
        client_secret: DEFAULT_CLIENT.secret,
        audience: `${emulator.url}/api/v2/`,
      }),
    });
    const { access_token: accessToken } = (await token.body.json()) as { access_token: string };
    expect(token.statusCode).toBe(200);

    const selection = await request(`${emulator.url}/api/v2/guardian/factors/push-notification/selected-provider`, {
      dispatcher: trusting,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(selection.statusCode).toBe(200);
    expect(await selection.body.json()).toEqual({ provider: "guardian" });

    // Node's default trust store does not know the throwaway certificate.
    await expect(request(`${emulator.url}/api/v2/guardian/factors/push-notification/selected-provider`)).rejects.toThrow(/self-signed|certificate/i);
  });
});

describe("cold path: what loading the package costs a process", () => {
  /**
   * Runs a snippet in a plain node process from the repository root and reports whether undici was
   * loaded. dist/ loads undici from its vendored bundle (dist/vendor.js), where undici's files never reach
   * require.cache, so the telltale is what undici does when it loads: it installs its global dispatcher
   * under Symbol.for("undici.globalDispatcher.2") (Node's own fetch only ever sets it when called). Any
   * undici file loaded the ordinary way counts too.
   */
  async function loadsUndici(snippet: string): Promise<boolean> {
    const script = `
      const Module = require("module");
      const load = Module.createRequire(${JSON.stringify(path.join(REPO_ROOT, "package.json"))});
      (async () => {
        ${snippet}
        const files = Object.keys(require.cache).filter((file) => file.includes("/node_modules/undici/"));
        const dispatcher = globalThis[Symbol.for("undici.globalDispatcher.2")];
        process.stdout.write(JSON.stringify(files.length > 0 || dispatcher !== undefined));
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: REPO_ROOT, timeout: 60_000 });
    return JSON.parse(stdout) as boolean;
  }

  const configuredCheck = `
      const handler = load("pulumi-tenant/dist/resources/phoneProvider/handler");
      await handler.configure({ config: { get: (key) => ({ "tenant:domain": "http://127.0.0.1:9", "tenant:apiToken": "t" })[key] } });
      const result = await handler.check({}, { name: "custom", credentials: {}, configuration: { deliveryMethods: ["text"] } });
      if (result.failures.length) throw new Error(JSON.stringify(result.failures));`;

  it("a host that only configures and checks (a preview) does not load undici", async () => {
    expect(await loadsUndici(configuredCheck)).toBe(false);
  });

  it("the host's first request does load it (the probe above can see undici)", async () => {
    // Port 9 refuses the connection: the read fails after the client's retries, having loaded undici.
    const firstRequest = `${configuredCheck}
      await handler.read("pro_probe", {}).then(() => { throw new Error("expected the read to fail"); }, () => undefined);`;
    expect(await loadsUndici(firstRequest)).toBe(true);
  });

  it("a program importing pulumi-tenant does not load undici", async () => {
    expect(await loadsUndici(`load("pulumi-tenant");`)).toBe(false);
  });
});

describe("benchmark bookkeeping", () => {
  it("counts token requests per process and keeps each process's milestones", () => {
    const events: TimingEvent[] = [
      { pid: 1, role: "program", event: "start", at: 100 },
      { pid: 1, role: "program", event: "main", at: 900 },
      { pid: 1, role: "program", event: "request", at: 950, method: "POST", path: "/oauth/token" },
      { pid: 1, role: "program", event: "request", at: 960, method: "GET", path: "/api/v2/event-streams" },
      { pid: 2, role: "host", event: "start", at: 120 },
      { pid: 2, role: "host", event: "port", at: 700 },
      { pid: 2, role: "host", event: "handler", at: 1000 },
      { pid: 2, role: "host", event: "request", at: 1100, method: "POST", path: "/oauth/token/" },
      { pid: 2, role: "host", event: "request", at: 1200, method: "POST", path: "/oauth/token" },
      { pid: 2, role: "host", event: "request", at: 1300, method: "PUT", path: "/api/v2/x" },
      { pid: 3, role: "host", event: "start", at: 130 },
      { pid: 4, role: "other", event: "start", at: 140 },
    ];
    const timelines = processTimelines(events);
    expect(timelines.map((timeline) => timeline.pid)).toEqual([1, 2, 3]);
    expect(timelines[0]).toMatchObject({ role: "program", startAt: 100, mainAt: 900, apiRequests: 1, tokenRequests: 1, firstRequestAt: 950 });
    expect(timelines[1]).toMatchObject({ role: "host", portAt: 700, handlerAt: 1000, apiRequests: 1, tokenRequests: 2 });
    expect(tokensPerProcess(timelines)).toEqual({ callers: 2, maxTokens: 2, totalTokens: 3, processes: 3 });
  });

  it("judges PhoneTemplate's calls per template: the listing and a POST on create, one call per read, update and delete", () => {
    const run = (operation: OperationRun["operation"], methods: string[]): OperationRun => ({
      operation,
      requests: { PhoneTemplate: methods },
      unattributed: [],
      tokenRequests: 0,
      processes: 1,
      apiCallers: 1,
      maxTokensPerProcess: 1,
      steps: [],
      wallMs: 1,
    });
    const runs = [
      run("create", ["GET", "GET", "POST", "POST"]),
      run("update", ["PATCH", "PATCH", "PATCH"]),
      run("no-op up", []),
      run("preview --refresh", ["GET"]),
      run("read (refresh)", ["GET", "GET"]),
      run("delete (destroy)", ["DELETE", "DELETE"]),
    ];
    expect(phoneTemplateCallRows(runs, 2).map((row) => row.verdict)).toEqual([
      "at the floor",
      "ABOVE the floor",
      "at the floor",
      "BELOW the floor",
      "at the floor",
      "at the floor",
    ]);
  });

  it("judges section 3 by the stored texts the classes registered and the serializations the probe saw", () => {
    const sample = (overrides: Partial<ProgramCostSample> = {}, text = (module: string) => providerText(module)): ProgramCostSample => ({
      requireMs: 90,
      requireCpuMs: 60,
      serializeCallsOurs: 0,
      types: RESOURCES.map((definition) => ({
        name: definition.name,
        module: definition.module,
        type: `pulumi-nodejs:dynamic/tenant:${definition.name}`,
        providerText: text(definition.module),
        bytes: Buffer.byteLength(text(definition.module)),
        constructMs: 0.2,
        toRegistrationMs: 3,
      })),
      control: { serializeCalls: 1, serializeMs: 180, toRegistrationMs: 185 },
      ...overrides,
    });
    const verdicts = (samples: ProgramCostSample[]): string[] => storedTextRows(samples).map((row) => row.verdict);
    expect(verdicts([sample(), sample()])).toEqual(["meets", "nothing serialized (the control's call shows the probe sees one)"]);
    expect(verdicts([sample(), sample({}, (module) => `${providerText(module)} `)])[0]).toBe("MISSES");
    expect(verdicts([sample({ serializeCallsOurs: 1 })])[1]).toBe("SERIALIZES");
    expect(verdicts([sample({ control: { serializeCalls: 0, serializeMs: 0, toRegistrationMs: 2 } })])[1]).toMatch(/^cannot tell/);
  });
});
