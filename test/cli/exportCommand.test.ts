// `pulumi-tenant export` through the real process (the repository's executable over dist/): what it reads of the
// tenant (one GET per endpoint and one per page of streams, one token), what it prints, its flags, and each bad
// input (an unknown flag, a folder in use, missing settings, an unreachable tenant, refused credentials, missing
// scopes): one line on stderr, exit code 2, nothing written.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_SCOPES, startEmulator, type Emulator } from "../../tools/emulator";
import { LOG_LINE_EVERY_MS } from "../../provider/cli/progress";
import { assertDistIsFresh } from "../resources/dist";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";
import { REPO_COMMAND, runCommand, tenantEnv, type CommandRun } from "../support/exportProcess";
import { seedRealisticTenant, seedUnmanagedStream } from "../support/realisticTenant";

const CLIENT = { id: "export-command-ci", secret: "sentinel-export-command-client-secret-1d4e" };
/** A client without the scopes to read the event streams and the MFA policy. */
const NARROW = {
  id: "export-command-narrow",
  secret: "sentinel-export-command-narrow-secret-9a0b",
  scopes: CONTRACT_SCOPES.filter((scope) => scope !== "read:event_streams" && scope !== "read:mfa_policies"),
};
/** A client made for an export that read no MFA settings yet: without the scopes of MfaSettings and PushCustomApp. */
const EARLIER = {
  id: "export-command-earlier",
  secret: "sentinel-export-command-earlier-secret-4c2f",
  scopes: CONTRACT_SCOPES.filter((scope) => scope !== "read:tenant_settings" && scope !== "read:prompts"),
};
const STREAMS = 250;
/** A status line of a read still under way, as a CI log shows it. */
const PROGRESS_LINE = /^Reading 127\.0\.0\.1:\d+: \d+ of \d+ resource types read(; \w+: \d+ so far)* \(\d+ s\)$/;

let emulator: Emulator;
let work: string;
let secrets: string[];

beforeAll(async () => {
  assertDistIsFresh();
  emulator = await startEmulator({ clients: [CLIENT, NARROW, EARLIER] });
  secrets = [CLIENT.secret, NARROW.secret, EARLIER.secret, ...(await seedRealisticTenant(emulator, CLIENT.id, STREAMS))];
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-export-command-"));
});

afterAll(async () => {
  await emulator?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const exportInto = (folder: string, args: string[] = [], env: Record<string, string> = tenantEnv(emulator, CLIENT)): Promise<CommandRun> =>
  runCommand(REPO_COMMAND, ["export", folder, ...args], { cwd: work, env });

function expectNoSecret(run: CommandRun): void {
  for (const secret of secrets) expect(run.stdout + run.stderr, "a secret in the output").not.toContain(secret);
}

describe("an export", () => {
  it("reads the tenant with one GET per endpoint and per page of streams, and one token", async () => {
    const before = emulator.requests.length;
    const run = await exportInto("tenant");
    expect(run.code, run.stderr).toBe(0);
    const seen = emulator.requests.slice(before);
    const counts: Record<string, number> = {};
    for (const entry of seen) counts[`${entry.method} ${entry.path}`] = (counts[`${entry.method} ${entry.path}`] ?? 0) + 1;
    expect(counts).toEqual({
      "POST /oauth/token": 1,
      "GET /api/v2/branding/phone/providers": 1,
      "GET /api/v2/branding/phone/templates": 1,
      "GET /api/v2/guardian/factors/phone/message-types": 1,
      "GET /api/v2/guardian/factors/push-notification/providers/sns": 1,
      "GET /api/v2/guardian/factors/push-notification/providers/apns": 1,
      "GET /api/v2/guardian/factors/push-notification/selected-provider": 1,
      "GET /api/v2/guardian/factors": 1,
      "GET /api/v2/guardian/policies": 1,
      "GET /api/v2/guardian/factors/duo/settings": 1,
      "GET /api/v2/guardian/factors/webauthn-roaming/settings": 1,
      "GET /api/v2/guardian/factors/webauthn-platform/settings": 1,
      "GET /api/v2/prompts/mfa-push": 1,
      "GET /api/v2/guardian/settings": 1,
      "GET /api/v2/guardian/factors/phone/settings": 1,
      "GET /api/v2/guardian/factors/email/settings": 1,
      "GET /api/v2/tenants/settings": 1,
      "GET /api/v2/risk-assessments/settings": 1,
      "GET /api/v2/risk-assessments/settings/new-device": 1,
      // ceil(250 / 100) pages and the empty one after the last stream
      "GET /api/v2/event-streams": 4,
    });
    expectNoSecret(run);
  });

  it("prints what it declared, what it skipped and why, and one summary line on stderr", async () => {
    const run = await exportInto("printed");
    expect(run.code, run.stderr).toBe(0);
    // A read this short prints its summary alone; on a busy machine a progress line may come first.
    const lines = run.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^Reading 127\.0\.0\.1:\d+: \d+ resource types, \d+ objects, in [\d.]+ s$/);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(PROGRESS_LINE);
    expect(run.stdout).toMatch(/^Exported \d+ resources of 127\.0\.0\.1:\d+ into printed:\n/);
    expect(run.stdout).toContain(`  EventStream              ${STREAMS}  seeded-stream-1, seeded-stream-10, seeded-stream-100`);
    expect(run.stdout).toContain("  MfaFactor: 3 off (email, recovery-code, webauthn-platform); --all-factors declares them too\n");
    expect(run.stdout).toContain("  WebAuthnSettings: 1 of a factor that is off (webauthn-platform); --all-factors declares them too\n");
    expect(run.stdout).toMatch(/\n {2}EnrollmentTicket: enrollment tickets are not settings/);
    // Risk assessment, which differs from a fresh tenant's, is declared after the policy that may turn it on.
    const program = fs.readFileSync(path.join(work, "printed", "index.ts"), "utf8");
    expect(program).toMatch(/new tenant\.RiskAssessmentSettings\(\s*"risk-assessment",\s*\{ enabled: true \},\s*\{ dependsOn: \[mfaPolicy\] \},?\s*\);/);
    expect(program).toContain('new tenant.RiskAssessmentNewDevice("risk-assessment-new-device", { rememberFor: 90 });');
    expect(run.stdout).toMatch(/\n {2}FcmPushProvider: the service cannot read FCM v1 credentials back/);
    expect(fs.readdirSync(path.join(work, "printed")).sort()).toEqual(["Pulumi.yaml", "import.json", "index.ts", "package.json", "tsconfig.json"]);
  });

  it("--all-factors declares the factors that are off; --name names the project; --force overwrites into a folder in use", async () => {
    const folder = path.join(work, "flags");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "notes.txt"), "kept");
    const run = await exportInto(folder, ["--all-factors", "--name", "my-tenant", "--force"]);
    expect(run.code, run.stderr).toBe(0);
    const program = fs.readFileSync(path.join(folder, "index.ts"), "utf8");
    expect(program).toContain('const emailFactor = new tenant.MfaFactor("email", { factor: "email", enabled: false });');
    // The settings of a factor that is off come with it, after it.
    expect(program).toMatch(
      /new tenant\.WebAuthnSettings\(\s*"webauthn-platform",\s*\{ factor: "webauthn-platform", overrideRelyingParty: false \},\s*\{ dependsOn: \[webauthnPlatformFactor\] \},?\s*\);/,
    );
    expect(fs.readFileSync(path.join(folder, "Pulumi.yaml"), "utf8")).toMatch(/^name: "my-tenant"\n/);
    expect(fs.readFileSync(path.join(folder, "notes.txt"), "utf8")).toBe("kept");
  });
});

describe("a value no resource can declare", () => {
  it("is skipped and said why: an empty message-type list, a selection without a provider", async () => {
    const bare = await startEmulator({ clients: [CLIENT] });
    try {
      bare.seedMfa({ messageTypes: [] });
      // The service can answer without a selected provider; no PushProviderSelection can declare that.
      (bare.state as { pushProvider?: string }).pushProvider = undefined;
      const run = await runCommand(REPO_COMMAND, ["export", "bare"], { cwd: work, env: tenantEnv(bare, CLIENT) });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/\n {2}PhoneMessageTypes: "phone-message-types": no resource can declare what the tenant holds \(messageTypes: [^\n]+\)\n/);
      // Settings as a fresh tenant holds them are left out, said so.
      expect(run.stdout).toContain('\n  RiskAssessmentSettings: "risk-assessment": as a fresh tenant holds it (enabled: false), nothing to declare\n');
      expect(run.stdout).toContain('\n  RiskAssessmentNewDevice: "risk-assessment-new-device": as a fresh tenant holds it (rememberFor: 30), nothing to declare\n');
      expect(fs.readFileSync(path.join(work, "bare", "index.ts"), "utf8")).not.toContain("RiskAssessment");
      expect(run.stdout).toMatch(/\n {2}PushProviderSelection: "push-provider-selection": no resource can declare what the tenant holds \(provider[^\n]*\)\n/);
      const program = fs.readFileSync(path.join(work, "bare", "index.ts"), "utf8");
      expect(program).not.toContain("new tenant.PhoneMessageTypes(");
      expect(program).not.toContain("new tenant.PushProviderSelection(");
    } finally {
      await bare.close();
    }
  });
});

describe("progress without a terminal (a CI log)", () => {
  it("a status line every few seconds while it reads, the streams' count among them, then the summary", async () => {
    // Each page of streams takes 2.5 s: the listing lasts about 10 s.
    emulator.injectFault({ method: "GET", path: "/api/v2/event-streams", count: 4, kind: "delay", delayMs: 2_500 });
    const child = spawn(REPO_COMMAND[0], [...REPO_COMMAND.slice(1), "export", "slow"], {
      cwd: work,
      env: { ...process.env, ...BLANK_TENANT_ENV, NODE_NO_WARNINGS: "1", ...tenantEnv(emulator, CLIENT) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const started = Date.now();
    const lines: { at: number; text: string }[] = [];
    let partial = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop() ?? "";
      for (const text of parts) lines.push({ at: Date.now() - started, text });
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, lines.map((line) => line.text).join("\n")).toBe(0);
    const summary = lines.at(-1)!;
    expect(summary.text).toMatch(/^Reading 127\.0\.0\.1:\d+: \d+ resource types, \d+ objects, in [\d.]+ s$/);
    const progress = lines.slice(0, -1);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const line of progress) expect(line.text).toMatch(PROGRESS_LINE);
    expect(progress.some((line) => /EventStream: \d+ so far/.test(line.text))).toBe(true);
    // Never silent for long while reading: the gaps are the interval, with room for a busy machine.
    const times = [progress[0].at, ...progress.map((line) => line.at), summary.at];
    const gaps = times.slice(1).map((at, index) => at - times[index]);
    expect(Math.max(...gaps), JSON.stringify(lines)).toBeLessThan(2 * LOG_LINE_EVERY_MS);
  });
});

describe("what no resource can declare, by the service's newer types", () => {
  it("a stream of a destination type the package does not manage: the rest declared, it reported as skipped with its type", async () => {
    const odd = await startEmulator({ clients: [CLIENT] });
    try {
      await seedRealisticTenant(odd, CLIENT.id, 3);
      const kafka = seedUnmanagedStream(odd, "to-kafka");
      const run = await runCommand(REPO_COMMAND, ["export", "odd-stream"], { cwd: work, env: tenantEnv(odd, CLIENT) });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("  EventStream                3  seeded-stream-1, seeded-stream-2, seeded-stream-3\n");
      expect(run.stdout).toContain(
        `\n  EventStream: "to-kafka" (${kafka.id}): no resource can declare what the tenant holds (a destination of type "kafka" this package cannot manage)\n`,
      );
      const program = fs.readFileSync(path.join(work, "odd-stream", "index.ts"), "utf8");
      expect(program.match(/= new tenant\.EventStream\(/g)).toHaveLength(3);
      expect(program).not.toContain("to-kafka");
    } finally {
      await odd.close();
    }
  });

  it("every kind read is in the report, a kind the tenant holds none of too", async () => {
    const bare = await startEmulator({ clients: [CLIENT] });
    try {
      const run = await runCommand(REPO_COMMAND, ["export", "bare-tenant"], { cwd: work, env: tenantEnv(bare, CLIENT) });
      expect(run.code, run.stderr).toBe(0);
      for (const kind of ["PhoneProvider", "PhoneTemplate", "SnsPushProvider", "ApnsPushProvider", "EventStream"]) {
        expect(run.stdout).toMatch(new RegExp(`\\n  ${kind} +0  the tenant holds none\\n`));
      }
      expect(run.stdout).toMatch(/\n {2}MfaFactor +0 {2}none of the 8 the tenant holds \(see Skipped\)\n/);
      // The MFA switches as a fresh tenant holds them (both absent, read as off) are left out, said so.
      expect(run.stdout).toContain(
        '\n  TenantMfaFlags: "tenant-mfa-flags": as a fresh tenant holds it (customizeMfaInPostLoginAction: false, showFactorListOnEnrollment: false), nothing to declare\n',
      );
      expect(fs.readFileSync(path.join(work, "bare-tenant", "index.ts"), "utf8")).not.toContain("TenantMfaFlags");
    } finally {
      await bare.close();
    }
  });
});

describe("help", () => {
  it("--help prints the usage with the definitions' flags, and exits 0", async () => {
    const run = await runCommand(REPO_COMMAND, ["export", "--help"], { cwd: work, env: {} });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: pulumi-tenant export <dir> \[--name <project>\] \[--force\] \[--all-factors\]\n/);
    expect(run.stdout).toContain("  --all-factors     declare every MfaFactor, those off too\n");
  });

  it("lines up the options' descriptions in one column", async () => {
    const run = await runCommand(REPO_COMMAND, ["--help"], { cwd: work, env: {} });
    expect(run.code).toBe(0);
    const options = run.stdout.split("\n").filter((line) => line.startsWith("  --"));
    expect(options.length).toBeGreaterThanOrEqual(3);
    const columns = options.map((line) => /^ {2}--\S+(?: <\w+>)? +/.exec(line)![0].length);
    expect(new Set(columns)).toEqual(new Set([columns[0]]));
  });

  it("the bare command prints the usage on stderr and exits 2, as a usage error", async () => {
    const run = await runCommand(REPO_COMMAND, [], { cwd: work, env: {} });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^Usage: pulumi-tenant export <dir> /);
  });
});

describe("bad input: one line on stderr, exit code 2, nothing written", () => {
  async function refused(args: string[], env: Record<string, string>, folder = "refused"): Promise<string> {
    const before = fs.existsSync(path.join(work, folder)) ? fs.readdirSync(path.join(work, folder)).sort() : undefined;
    const run = await runCommand(REPO_COMMAND, ["export", folder, ...args], { cwd: work, env });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe("");
    // A slow refusal (four connection attempts) may first print a progress line, every 3 s without a terminal.
    const lines = run.stderr.split("\n").filter((line) => line !== "" && !/^Reading .* read \(\d+ s\)$/.test(line));
    expect(lines, run.stderr).toHaveLength(1);
    expect(fs.existsSync(path.join(work, folder)) ? fs.readdirSync(path.join(work, folder)).sort() : undefined).toEqual(before);
    expectNoSecret(run);
    return lines[0];
  }

  it("an unknown flag", async () => {
    expect(await refused(["--al-factors"], tenantEnv(emulator, CLIENT))).toBe('pulumi-tenant: unknown flag "--al-factors" (see pulumi-tenant --help).');
  });

  it("a value given to a flag that takes none", async () => {
    expect(await refused(["--force=yes"], tenantEnv(emulator, CLIENT))).toBe('pulumi-tenant: --force takes no value (got "--force=yes"): give it as --force alone.');
    expect(await refused(["--all-factors=true"], tenantEnv(emulator, CLIENT))).toBe(
      'pulumi-tenant: --all-factors takes no value (got "--all-factors=true"): give it as --all-factors alone.',
    );
  });

  it("a folder that is not empty, without --force", async () => {
    fs.mkdirSync(path.join(work, "in-use"));
    fs.writeFileSync(path.join(work, "in-use", "index.ts"), "// mine\n");
    expect(await refused([], tenantEnv(emulator, CLIENT), "in-use")).toMatch(/^pulumi-tenant: \S+in-use is not empty: .*--force/);
    expect(fs.readFileSync(path.join(work, "in-use", "index.ts"), "utf8")).toBe("// mine\n");
  });

  it("missing settings, named by their variables", async () => {
    expect(await refused([], {})).toBe(
      "pulumi-tenant: Missing tenant domain: set the TENANT_DOMAIN environment variable to the tenant's host (e.g. my-tenant.example.com).",
    );
    expect(await refused([], { TENANT_DOMAIN: emulator.url })).toMatch(/^pulumi-tenant: Missing tenant credentials for .*TENANT_CLIENT_ID and TENANT_CLIENT_SECRET .*TENANT_API_TOKEN/);
  });

  it("an unreachable tenant", async () => {
    const closed = await startEmulator();
    const url = closed.url;
    await closed.close();
    expect(await refused([], { ...tenantEnv(emulator, CLIENT), TENANT_DOMAIN: url })).toMatch(
      new RegExp(`^pulumi-tenant: could not read the tenant ${new URL(url).host}: .*connection refused`),
    );
  });

  it("wrong credentials", async () => {
    expect(await refused([], { ...tenantEnv(emulator, CLIENT), TENANT_CLIENT_SECRET: "not-the-secret" })).toMatch(
      /^pulumi-tenant: could not read the tenant .*: .*401.* \[POST \/oauth\/token\]\. The client credentials were rejected by .*: check the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables\.$/,
    );
  });

  it("https asked of a local server that speaks plain http: at once, saying to give the domain with http://", async () => {
    const host = new URL(emulator.url).host;
    const started = Date.now();
    expect(await refused([], { ...tenantEnv(emulator, CLIENT), TENANT_DOMAIN: host })).toBe(
      `pulumi-tenant: could not read the tenant ${host}: obtain an access token failed: ${host}: TLS failed: the server does not speak https ` +
        `on this port after 1 attempt [POST /oauth/token]. A local server without TLS (such as the emulator) is given with http://: http://${host}.`,
    );
    // Not retried: four attempts with their backoff took 4.6 s.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("a kind the tenant's plan does not offer, or (for the kinds added since the first export) whose scope the client lacks, is skipped and said why", async () => {
    emulator.injectFault({ method: "GET", path: "/api/v2/guardian/factors/duo/settings", count: 1, kind: "not_entitled" });
    const plan = await exportInto("refused-plan");
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain("  DuoSettings: not read: the tenant's plan does not offer it (the service answered 403 not_entitled)\n");
    expect(fs.readFileSync(path.join(work, "refused-plan", "index.ts"), "utf8")).not.toContain("new tenant.DuoSettings(");

    const earlier = await exportInto("refused-scope", [], tenantEnv(emulator, EARLIER));
    expect(earlier.code, earlier.stderr).toBe(0);
    expect(earlier.stdout).toContain("  MfaSettings: not read: the client's token lacks the scope read:tenant_settings; grant it to export it\n");
    expect(earlier.stdout).toContain("  PushCustomApp: not read: the client's token lacks the scope read:prompts; grant it to export it\n");
    expect(earlier.stdout).toContain("  TenantMfaFlags: not read: the client's token lacks the scope read:tenant_settings; grant it to export it\n");
    const program = fs.readFileSync(path.join(work, "refused-scope", "index.ts"), "utf8");
    expect(program).not.toContain("new tenant.MfaSettings(");
    expect(program).toContain("new tenant.MfaPolicy(");
    expectNoSecret(earlier);
  });

  it("missing scopes: every one named", async () => {
    expect(await refused([], tenantEnv(emulator, NARROW))).toBe(
      "pulumi-tenant: The tenant refused to list what it holds: the client's token lacks the scopes read:event_streams, " +
        "read:mfa_policies. Grant them to the client in the management API's settings, then run the export again.",
    );
  });
});
