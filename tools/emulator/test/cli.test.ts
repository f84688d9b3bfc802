// The CLI: flags, the exact first stdout line, serving requests, exit codes and clean shutdown on signals.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseArgs, UsageError } from "../cliArgs";
import { call, PHONE_PATH, PUSH_PATH, vendorProvider } from "./support";

const REPO_ROOT = join(__dirname, "..", "..", "..");
const CLI = join(__dirname, "..", "cli.ts");
const FIRST_LINE = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/;

interface RunningCli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

function runCli(args: string[]): RunningCli {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, "exit").then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Resolves with the first stdout line once it is complete. */
async function firstLine(cli: RunningCli): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (!cli.stdout().includes("\n")) {
    if (cli.child.exitCode !== null) throw new Error(`CLI exited early: ${cli.stderr()}`);
    if (Date.now() > deadline) throw new Error("CLI printed no line within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return cli.stdout().split("\n")[0];
}

async function token(url: string, clientId: string, secret: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return call({ url }, "POST", "/oauth/token/", {
    form: { grant_type: "client_credentials", client_id: clientId, client_secret: secret, audience: "/api/v2/" },
  });
}

afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  }
});

describe("CLI process", () => {
  it("--port 0 prints exactly `listening on http://127.0.0.1:<port>` first, serves the contract, and exits 0 on SIGTERM", async () => {
    const cli = runCli(["--port", "0"]);
    const line = await firstLine(cli);
    const match = FIRST_LINE.exec(line);
    expect(match, line).not.toBeNull();
    const url = match![1];
    expect(Number(match![2])).toBeGreaterThan(0);

    const issued = await token(url, "demo", "demo-secret");
    expect(issued.status).toBe(200);
    const accessToken = issued.body.access_token as string;
    expect((await call({ url }, "PUT", PUSH_PATH, { token: accessToken, body: { provider: "sns" } })).body).toEqual({ provider: "sns" });
    expect((await call({ url }, "POST", PHONE_PATH, { token: accessToken, body: vendorProvider() })).status).toBe(201);

    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("honours --client, --token-ttl, --rate-limit, --refill-per-second, --tenant, --retry-after, --adaptive-mfa and --confidence-score-side-effect, and exits 0 on SIGINT", async () => {
    const cli = runCli([
      "--port=0",
      "--client",
      "ci:ci-secret:read:guardian_factors,read:phone_providers",
      "--token-ttl",
      "120",
      "--rate-limit",
      "50",
      "--refill-per-second",
      "5",
      "--tenant",
      "ci-tenant",
      "--retry-after",
      "--adaptive-mfa",
      "not_entitled",
      "--confidence-score-side-effect=off",
    ]);
    const url = FIRST_LINE.exec(await firstLine(cli))![1];
    expect((await token(url, "demo", "demo-secret")).status).toBe(401); // the default client is replaced
    const issued = await token(url, "ci", "ci-secret");
    expect(issued.body).toMatchObject({ expires_in: 120 });
    const accessToken = issued.body.access_token as string;
    const claims = JSON.parse(Buffer.from(accessToken.split(".")[1], "base64url").toString("utf8")) as { scope: string };
    expect(claims.scope).toBe("read:guardian_factors read:phone_providers");
    const read = await call({ url }, "GET", PUSH_PATH, { token: accessToken });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-ratelimit-limit")).toBe("50");
    expect((await call({ url }, "GET", "/__emulator/rate-limit")).body.bucket).toEqual({ size: 50, refillPerSecond: 5 });
    expect((await call({ url }, "PUT", PUSH_PATH, { token: accessToken, body: { provider: "sns" } })).status).toBe(403);
    const state = await call({ url }, "GET", "/__emulator/state");
    expect(state.body.tenant).toBe("ci-tenant");
    expect(state.body.riskAssessment).toMatchObject({ entitlement: "not_entitled", confidenceScoreSideEffect: false });

    cli.child.kill("SIGINT");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it("--id-seed: two processes with the same seed mint the same phone provider id", async () => {
    const ids: string[] = [];
    for (let run = 0; run < 2; run++) {
      const cli = runCli(["--port", "0", "--id-seed", "cli-seed"]);
      const url = FIRST_LINE.exec(await firstLine(cli))![1];
      const accessToken = (await token(url, "demo", "demo-secret")).body.access_token as string;
      ids.push((await call({ url }, "POST", PHONE_PATH, { token: accessToken, body: vendorProvider() })).body.id as string);
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
    expect(ids[0]).toMatch(/^pro_/);
    expect(ids[1]).toBe(ids[0]);
  });

  it("a bad flag prints the usage on stderr and exits 2 without listening", async () => {
    const cli = runCli(["--port", "0", "--bogus"]);
    expect(await cli.exited).toEqual({ code: 2, signal: null });
    expect(cli.stdout()).toBe("");
    expect(cli.stderr()).toContain('unknown argument "--bogus"');
    expect(cli.stderr()).toContain("usage: npm run emulator");
  });
});

describe("CLI flags", () => {
  it("defaults to port 0 and the built-in demo client", () => {
    expect(parseArgs([])).toEqual({});
  });

  it("parses every flag, in both --flag value and --flag=value forms", () => {
    expect(
      parseArgs([
        "--port=8123",
        "--client",
        "a:a-secret",
        "--client=b:b-secret:read:event_streams,create:phone_providers",
        "--client",
        "c:c-secret:",
        "--token-ttl",
        "60",
        "--rate-limit=10",
        "--refill-per-second",
        "2.5",
        "--tenant",
        "t",
        "--id-seed=demo run",
        "--retry-after",
        "--adaptive-mfa=insufficient_entitlement",
        "--confidence-score-side-effect",
        "on",
      ]),
    ).toEqual({
      port: 8123,
      clients: [
        { id: "a", secret: "a-secret" },
        { id: "b", secret: "b-secret", scopes: ["read:event_streams", "create:phone_providers"] },
        { id: "c", secret: "c-secret", scopes: [] },
      ],
      tokenTtlSeconds: 60,
      rateLimit: 10,
      refillPerSecond: 2.5,
      tenant: "t",
      idSeed: "demo run",
      retryAfter: true,
      adaptiveMfa: "insufficient_entitlement",
      confidenceScoreSideEffect: true,
    });
    expect(parseArgs(["--adaptive-mfa", "entitled", "--confidence-score-side-effect", "off"])).toEqual({ adaptiveMfa: "entitled", confidenceScoreSideEffect: false });
    expect(parseArgs(["--help"])).toBe("help");
  });

  it.each([
    [["--port", "abc"], /--port needs an integer/],
    [["--port", "70000"], /--port needs an integer/],
    [["--port"], /--port needs a value/],
    [["--port", "--tenant"], /--port needs a value/],
    [["--token-ttl", "0"], /--token-ttl/],
    [["--rate-limit", "-1"], /--rate-limit/],
    [["--rate-limit", "10", "--refill-per-second", "0"], /--refill-per-second needs a number above 0/],
    [["--rate-limit", "10", "--refill-per-second", "fast"], /--refill-per-second needs a number above 0/],
    [["--refill-per-second", "1"], /needs --rate-limit/],
    [["--rate-limit", "10", "--refill-per-second", "11"], /cannot exceed --rate-limit/],
    [["--client", "no-secret"], /--client needs id:secret/],
    [["--client", "x:y:read:nothing"], /not a contract scope: read:nothing/],
    [["--client", "x:y", "--client", "x:z"], /given twice/],
    [["--retry-after=yes"], /takes no value/],
    [["--id-seed"], /--id-seed needs a value/],
    [["--id-seed="], /--id-seed needs a non-empty text/],
    [["--adaptive-mfa", "gold"], /--adaptive-mfa needs one of entitled, insufficient_entitlement, not_entitled, got "gold"/],
    [["--adaptive-mfa"], /--adaptive-mfa needs a value/],
    [["--confidence-score-side-effect", "yes"], /--confidence-score-side-effect needs on or off, got "yes"/],
    [["serve"], /unknown argument "serve"/],
  ])("rejects %j", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
