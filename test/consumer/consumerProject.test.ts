// A user's project compiled against the published package: the built package is packed with `npm pack`
// (scripts off, so `dist/` is never rebuilt under other suites), installed as a copy into a fresh project
// with @pulumi/pulumi, TypeScript and @types/node from the npm registry or cache (once for the whole file),
// then `tsc --noEmit` runs under the tsconfig of Pulumi's TypeScript template, old and current.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";

const INSTALL_TIMEOUT_MS = 300_000;
/** A full tsc over @pulumi/pulumi's typings takes most of a minute on a busy two-core machine. */
const TYPECHECK_TIMEOUT_MS = 240_000;

/** The settings of Pulumi's TypeScript template until 2026, which most existing projects still carry. */
const COMMONJS_TEMPLATE = {
  strict: true,
  outDir: "bin",
  target: "es2020",
  module: "commonjs",
  moduleResolution: "node",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
};

/** The current template: the same, with Node's own module resolution. */
const NODENEXT_TEMPLATE = { ...COMMONJS_TEMPLATE, module: "nodenext", moduleResolution: "nodenext" };

/** A program that uses the whole public surface, the way the README shows it. */
const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as tenant from "pulumi-tenant";

const config = new pulumi.Config();
const staging = new tenant.Provider("staging", {
  domain: "staging-tenant.example.com",
  clientId: config.require("stagingClientId"),
  clientSecret: config.requireSecret("stagingClientSecret"),
});

const chosen = config.get("pushProvider") ?? "sns";
if (!tenant.isPushProviderName(chosen)) throw new pulumi.RunError(\`pushProvider: one of \${tenant.PUSH_PROVIDER_NAMES.join(", ")}\`);
const push = new tenant.PushProviderSelection("push", { provider: chosen }, { provider: staging });

const methods = (config.get("deliveryMethods") ?? "text").split(",").filter(tenant.isDeliveryMethod);
const kind: tenant.PhoneProviderName = "vendor_a";
const sms = new tenant.PhoneProvider("sms", {
  name: kind,
  credentials: { authToken: config.requireSecret("smsAuthToken") },
  configuration: { sid: "AC1", deliveryMethods: methods, defaultFrom: "+15550100" },
});

const factor = config.get("factor");
const ticket = new tenant.EnrollmentTicket("alice", {
  userId: "auth0|alice",
  factor: factor !== undefined && tenant.isEnrollmentFactor(factor) ? factor : "push-notification",
});

export const previous: pulumi.Output<string | null> = push.previousProvider;
export const channel: pulumi.Output<string> = sms.channel;
export const link: pulumi.Output<string> = ticket.ticketUrl;
export const names = tenant.getEventStreamsOutput({ take: 50 }).eventStreams.apply((streams) => streams.map((stream) => stream.name));
export async function firstStream(): Promise<string | undefined> {
  const result: tenant.GetEventStreamsResult = await tenant.getEventStreams({ limit: 1 });
  return result.eventStreams[0]?.id;
}
`;

/** The two typos of the enum inputs, each on its own line; nothing else may fail. */
const TYPOS = `import * as tenant from "pulumi-tenant";

new tenant.PushProviderSelection("push", {
  provider: "SNS",
});
new tenant.PhoneProvider("sms", {
  name: "twilio",
  credentials: {},
});
`;
const TYPO_LINES = TYPOS.split("\n")
  .map((line, index) => ({ line, number: index + 1 }))
  .filter(({ line }) => /"SNS"|"twilio"/.test(line))
  .map(({ number }) => number);

let project = "";

function installedVersion(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: INSTALL_TIMEOUT_MS });
}

beforeAll(() => {
  assertDistIsFresh();
  project = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-consumer-"));
  const packed = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], REPO_ROOT);
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, main: "index.ts" }));
  // The same versions as this repository's, so the npm cache usually serves them.
  run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      `@pulumi/pulumi@${installedVersion("@pulumi/pulumi")}`,
      `typescript@${installedVersion("typescript")}`,
      `@types/node@${installedVersion("@types/node")}`,
      `./${filename}`,
    ],
    project,
  );
  fs.writeFileSync(path.join(project, "index.ts"), PROGRAM);
  fs.writeFileSync(path.join(project, "typos.ts"), TYPOS);
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

interface Diagnostic {
  file: string;
  line: number;
  text: string;
}

/** Runs the project's own tsc under the given settings and parses its diagnostics. */
function typecheck(compilerOptions: object): Diagnostic[] {
  const tsconfig = path.join(project, "tsconfig.json");
  fs.writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { ...compilerOptions, pretty: false }, files: ["index.ts", "typos.ts"] }));
  let output = "";
  try {
    output = run(process.execPath, [path.join(project, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", tsconfig], project);
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const match = /^(.+?)\((\d+),\d+\): error (.*)$/.exec(line);
    if (match) diagnostics.push({ file: match[1], line: Number(match[2]), text: match[3] });
    // Indented lines continue the previous diagnostic (the overload and assignability details).
    else if (/^\s/.test(line) && diagnostics.length > 0) diagnostics[diagnostics.length - 1].text += `\n${line.trim()}`;
  }
  return diagnostics;
}

describe.each([
  ["the older commonjs/node template", COMMONJS_TEMPLATE],
  ["the current nodenext template", NODENEXT_TEMPLATE],
])("a consumer project on %s, against the packed tarball", (_name, settings) => {
  it("compiles a program using the whole public surface with 0 errors, and flags exactly the two enum typos", () => {
    // The package is a real copy in node_modules, not a link back into this repository.
    expect(fs.lstatSync(path.join(project, "node_modules/pulumi-tenant")).isSymbolicLink()).toBe(false);
    expect(fs.existsSync(path.join(project, "node_modules/pulumi-tenant/dist/index.d.ts"))).toBe(true);

    const diagnostics = typecheck(settings);
    expect(diagnostics.filter((diagnostic) => diagnostic.file !== "typos.ts")).toEqual([]);
    const typos = diagnostics.filter((diagnostic) => diagnostic.file === "typos.ts");
    expect(typos.map((diagnostic) => diagnostic.line)).toEqual(TYPO_LINES);
    expect(TYPO_LINES).toHaveLength(2);
    expect(typos[0].text).toMatch(/Type '"SNS"' is not assignable/);
    expect(typos[1].text).toMatch(/Type '"twilio"' is not assignable/);
  }, TYPECHECK_TIMEOUT_MS);
});
