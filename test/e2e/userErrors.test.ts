/**
 * Errors as the user sees them, through the engine: each failing program (test/support/fixtures/failingProgram)
 * prints one message that says what to fix and where. An explicit Provider's errors name its tenant, its
 * client id and its arguments; the default provider's name the stack config keys and TENANT_* variables;
 * network errors name the host and what failed. Errors raised in the program itself print the message
 * alone: no stack trace, no dump of the error's fields, no unhandled-rejection warning.
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { EngineRunError, PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import type { StackConfig } from "../../tools/pulumi-cli/project";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";

const PROJECT_DIR = join(REPO_ROOT, "test", "support", "fixtures", "failingProgram");
const TOP_LEVEL_DIR = join(REPO_ROOT, "test", "support", "fixtures", "failingTopLevel");
const CLIENT = { id: "errors-ci", secret: "sentinel-errors-secret-4f1e22" };
const WRONG_SECRET = "sentinel-wrong-secret-9a3c57";

let emulator: Emulator;
let closedPort: number;
const stateDirs: string[] = [];

/** A loopback port nothing listens on: connections to it are refused. */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  emulator = await startEmulator({ clients: [CLIENT] });
  closedPort = await unusedPort();
});

afterAll(async () => {
  await emulator?.close();
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `up` of one case and returns everything the user saw (the run must fail). */
async function failedUp(programCase: string, config: StackConfig, projectDir = PROJECT_DIR): Promise<string> {
  const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-errors-"));
  stateDirs.push(stateDir);
  const project = projectDir === PROJECT_DIR ? "failing-program" : "failing-top-level";
  const engine = new PulumiCliEngine({
    projectDir,
    stack: "dev",
    stateDir,
    passphrase: "errors",
    config: { [`${project}:case`]: { value: programCase }, ...config },
    env: { ...BLANK_TENANT_ENV, ...packageLookupEnv(), PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
    timeoutMs: 60_000,
  });
  const error = await engine.up().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineRunError);
  const { result } = error as EngineRunError;
  return result.programOutput;
}

/** The CLI's closing "Diagnostics:" section, where each error is printed once, under what it concerns. */
function diagnosticsSection(seen: string): string {
  const start = seen.indexOf("\nDiagnostics:\n");
  const end = seen.indexOf("\nResources:\n", start);
  return start < 0 ? "" : seen.slice(start, end < 0 ? undefined : end);
}

/**
 * One clean message: printed once among the diagnostics (the non-interactive CLI also shows it on the resource's
 * progress line), and nothing of a stack trace, an object dump or a rejection warning anywhere.
 */
function expectOneCleanMessage(seen: string, message: string): void {
  expect(seen).toContain(message);
  const diagnostics = diagnosticsSection(seen);
  expect(diagnostics.split(message).length - 1, seen).toBe(1);
  expect(seen, seen).not.toMatch(/^\s+at /m);
  expect(seen, seen).not.toMatch(/PromiseRejectionHandledWarning|unhandled exception|UnhandledPromiseRejection/);
  expect(seen, seen).not.toMatch(/operation: '|errorCode: /);
  for (const secret of [CLIENT.secret, WRONG_SECRET]) expect(seen).not.toContain(secret);
}

const defaultProviderConfig = (secret: string, domain = emulator.url): StackConfig => ({
  "tenant:domain": { value: domain },
  "tenant:clientId": { value: CLIENT.id },
  "tenant:clientSecret": { value: secret, secret: true },
});

const explicitProviderConfig = (secret: string, domain = emulator.url): StackConfig => ({
  "failing-program:stagingDomain": { value: domain },
  "failing-program:stagingClientId": { value: CLIENT.id },
  "failing-program:stagingClientSecret": { value: secret, secret: true },
});

const host = (): string => new URL(emulator.url).host;

describe("errors raised in the program print one clean message", () => {
  it("getEventStreamsOutput with no settings names the stack config key and the variable", async () => {
    const seen = await failedUp("listStreams", {});
    expectOneCleanMessage(
      seen,
      'Missing tenant domain: set the stack config "tenant:domain" (pulumi config set tenant:domain ' +
        "my-tenant.example.com) or the TENANT_DOMAIN environment variable.",
    );
  });

  it("an awaited getEventStreams with no credentials says which keys and variables to set", async () => {
    const seen = await failedUp("listStreamsAwaited", { "tenant:domain": { value: emulator.url } });
    expectOneCleanMessage(seen, 'Missing tenant credentials: set the stack config "tenant:clientId" and "tenant:clientSecret"');
  });

  it("getEventStreams through an explicit Provider with a wrong secret names its tenant, client id and arguments", async () => {
    const seen = await failedUp("listStreamsWithProvider", explicitProviderConfig(WRONG_SECRET));
    expectOneCleanMessage(
      seen,
      `The client credentials were rejected by ${host()} (client id "${CLIENT.id}"): check the "clientId" and ` +
        `"clientSecret" arguments of the tenant Provider "staging".`,
    );
  });

  it("getEventStreams against a port where nothing listens names the host and says the connection was refused", async () => {
    const seen = await failedUp("listStreams", defaultProviderConfig(CLIENT.secret, `http://127.0.0.1:${closedPort}`));
    expectOneCleanMessage(
      seen,
      `obtain an access token failed: 127.0.0.1:${closedPort}: connection refused after 4 attempts [POST /oauth/token]`,
    );
  });
});

describe("a function failing at the program's top level prints its one message, and no Node warning", () => {
  it.each(["getEventStreams", "getEventStreamsOutput", "getPhoneTemplates", "getPhoneTemplatesOutput"])("%s with no settings", async (programCase) => {
    const seen = await failedUp(programCase, {}, TOP_LEVEL_DIR);
    expectOneCleanMessage(
      seen,
      'Missing tenant domain: set the stack config "tenant:domain" (pulumi config set tenant:domain ' +
        "my-tenant.example.com) or the TENANT_DOMAIN environment variable.",
    );
  });
});

describe("resource errors say where the settings came from", () => {
  it("on an explicit Provider: its tenant, its client id and its arguments", async () => {
    const seen = await failedUp("resourceOnExplicitProvider", explicitProviderConfig(WRONG_SECRET));
    expect(seen).toContain(
      `The client credentials were rejected by ${host()} (client id "${CLIENT.id}"): check the "clientId" and ` +
        `"clientSecret" arguments of the tenant Provider "staging".`,
    );
    expect(seen).not.toContain("tenant:clientSecret");
    expect(seen).not.toContain(WRONG_SECRET);
  });

  it("on the default provider: the stack config keys and the TENANT_* variables", async () => {
    const seen = await failedUp("resourceOnDefaultProvider", defaultProviderConfig(WRONG_SECRET));
    expect(seen).toContain(
      `The client credentials were rejected by ${host()} (client id "${CLIENT.id}"): check the stack config ` +
        `"tenant:clientId" and "tenant:clientSecret" (or the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET environment variables).`,
    );
    expect(seen).not.toContain(WRONG_SECRET);
  });

  it("on an explicit Provider with no credentials: its arguments, not the stack config", async () => {
    const seen = await failedUp("resourceOnExplicitProvider", { "failing-program:stagingDomain": { value: emulator.url } });
    expect(seen).toContain(
      `Missing tenant credentials for ${host()}: give the tenant Provider "staging" its "clientId" and "clientSecret" ` +
        `arguments, or an "apiToken" instead (or set the TENANT_CLIENT_ID and TENANT_CLIENT_SECRET, or the ` +
        `TENANT_API_TOKEN, environment variables).`,
    );
  });
});

describe("a tenant whose plan does not offer a resource", () => {
  it("RiskAssessmentSettings without the Adaptive MFA add-on: one message naming the plan, the refused call sent once", async () => {
    emulator.seedRiskAssessment({ entitlement: "insufficient_entitlement" });
    const before = emulator.requests.length;
    try {
      const seen = await failedUp("riskAssessmentWithoutAddOn", defaultProviderConfig(CLIENT.secret));
      expectOneCleanMessage(
        seen,
        "RiskAssessmentSettings: the tenant's plan does not offer the Adaptive MFA risk assessment settings (the service answered 403 " +
          "insufficient_entitlement: Please upgrade your subscription to use Adaptive MFA) [GET /api/v2/risk-assessments/settings]. Nothing was " +
          "changed; it was not retried. Leave the resource out of the program for this tenant, or change the tenant's plan.",
      );
      const calls = emulator.requests.slice(before).filter((entry) => entry.path.startsWith("/api/v2/"));
      expect(calls.map((entry) => `${entry.method} ${entry.path}`)).toEqual(["GET /api/v2/risk-assessments/settings"]);
    } finally {
      emulator.seedRiskAssessment({ entitlement: "entitled" });
    }
  });
});

describe("settings and inputs a handler cannot work with fail before anything registers or is called", () => {
  it("a resource with no settings fails the program, naming the key: nothing registers, so nothing is stored", async () => {
    const seen = await failedUp("resourceOnDefaultProvider", {});
    expectOneCleanMessage(
      seen,
      'Missing tenant domain: set the stack config "tenant:domain" (pulumi config set tenant:domain ' +
        "my-tenant.example.com) or the TENANT_DOMAIN environment variable.",
    );
    expect(seen).not.toContain("PushProviderSelection (push)");
  });

  it("an error inside a property says its path and value (the engine would show {<nil>}), and no secret", async () => {
    const seen = await failedUp("plainHttpWebhook", { ...defaultProviderConfig(CLIENT.secret), "failing-program:hookToken": { value: WRONG_SECRET, secret: true } });
    expect(seen).toContain(
      `pulumi-nodejs:dynamic/tenant:EventStream resource 'hooks' has a problem: destination.configuration.webhookEndpoint must be an https:// URL ` +
        '(got "http://hooks.example.com/in")',
    );
    expect(seen).not.toContain("<nil>");
    expect(seen).not.toContain(WRONG_SECRET);
  });

  it("a value shaped like a credential (a token in an endpoint's query) is never said, though its property holds no secret", async () => {
    const queryToken = "sentinel-query-token-5d0b93";
    const seen = await failedUp("tokenInEndpointQuery", {
      ...defaultProviderConfig(CLIENT.secret),
      // Plain config, as a URL is: no stack-config filter hides it.
      "failing-program:hookEndpoint": { value: `http://hooks.example.org/?token=${queryToken}` },
      "failing-program:hookToken": { value: WRONG_SECRET, secret: true },
    });
    expectOneCleanMessage(seen, "pulumi-nodejs:dynamic/tenant:EventStream resource 'hooks' has a problem: destination.configuration.webhookEndpoint must be an https:// URL\n");
    expect(seen).not.toContain(queryToken);
  });
});

describe(".get of an object the tenant does not have fails the run, naming the id (never empty outputs)", () => {
  const getFailure = (programCase: string, id: string) =>
    failedUp(programCase, { ...defaultProviderConfig(CLIENT.secret), "failing-program:getId": { value: id } });

  it("PhoneProvider.get of an unknown id", async () => {
    const seen = await getFailure("getPhoneProvider", "pro_typo0000000000000000");
    expect(seen).toContain('PhoneProvider.get("pro_typo0000000000000000"): the tenant has no phone provider with this id.');
  });

  it("PushProviderSelection.get of an id that is not the tenant's domain names the domain to use", async () => {
    const seen = await getFailure("getPushSelection", "typo.example.com");
    expect(seen).toContain(
      `PushProviderSelection.get("typo.example.com"): the configured tenant has no selection with this id: its id is ` +
        `the tenant's domain, "${host()}".`,
    );
  });

  it("EnrollmentTicket.get says tickets cannot be looked up, and where their outputs are", async () => {
    const seen = await getFailure("getEnrollmentTicket", "tkt_0123456789abcdef");
    expect(seen).toContain('EnrollmentTicket.get("tkt_0123456789abcdef"): the service cannot read enrollment tickets back');
    expect(seen).toContain("pulumi.StackReference");
  });
});
