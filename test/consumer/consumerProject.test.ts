// A user's project compiled against the published package (consumerProject.ts packs and installs it once for the
// whole file), under the tsconfig of Pulumi's TypeScript template, old and current, with one tsc run per template
// over everything a user would copy: a program using the whole public surface (and two typos that must fail), every
// TypeScript example of the README (as test/docs/snippets.ts assembles them into programs), every TSDoc @example
// of the shipped typings, and every program under examples/; a test file (vitest's typings) under the older template
// with what the README's testing section says it needs. A broken example fails naming its README line.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";
import { folderOf, readmePrograms, tsdocExamplePrograms, type SnippetProgram } from "../docs/snippets";
import {
  COMMONJS_TEMPLATE,
  INSTALL_TIMEOUT_MS,
  TEMPLATES,
  TYPECHECK_TIMEOUT_MS,
  installConsumerProject,
  typecheck,
  writeProjectFile,
  type Diagnostic,
} from "./consumerProject";

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

const README_PROGRAMS = readmePrograms(fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"));

/** The TSDoc examples of every declaration file the package ships (dist/ is what `npm pack` packs). */
function tsdocPrograms(): SnippetProgram[] {
  const distRoot = path.join(REPO_ROOT, "dist");
  if (!fs.existsSync(distRoot)) return [];
  return (fs.readdirSync(distRoot, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".d.ts"))
    .sort()
    .flatMap((file) => tsdocExamplePrograms(fs.readFileSync(path.join(distRoot, file), "utf8"), `dist/${file.split(path.sep).join("/")}`));
}
const TSDOC_PROGRAMS = tsdocPrograms();
const SNIPPETS = [...README_PROGRAMS, ...TSDOC_PROGRAMS];

/** Each folder under examples/ with TypeScript in it, and those files. */
const EXAMPLES = fs
  .readdirSync(path.join(REPO_ROOT, "examples"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({ name: entry.name, files: fs.readdirSync(path.join(REPO_ROOT, "examples", entry.name)).filter((file) => file.endsWith(".ts")) }))
  .filter((example) => example.files.length > 0);

const snippetFile = (program: SnippetProgram, name: string): string => `snippets/${folderOf(program)}/${name}`;
/** A file of the project as written below, by its path in the project. */
function fileText(file: string): string {
  if (file.startsWith("examples/")) return fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
  const found = SNIPPETS.flatMap((program) => program.files.map((snippet) => ({ path: snippetFile(program, snippet.name), snippet }))).find((entry) => entry.path === file);
  return found ? found.snippet.lines.join("\n") : "";
}
const ALL_FILES = [
  "index.ts",
  "typos.ts",
  ...SNIPPETS.flatMap((program) => program.files.map((file) => snippetFile(program, file.name))),
  ...EXAMPLES.flatMap((example) => example.files.map((file) => `examples/${example.name}/${file}`)),
];

beforeAll(() => {
  assertDistIsFresh();
  project = installConsumerProject();
  writeProjectFile(project, "index.ts", PROGRAM);
  writeProjectFile(project, "typos.ts", TYPOS);
  for (const program of SNIPPETS) for (const file of program.files) writeProjectFile(project, snippetFile(program, file.name), `${file.lines.join("\n")}\n`);
  for (const example of EXAMPLES) {
    for (const file of example.files) {
      writeProjectFile(project, `examples/${example.name}/${file}`, fs.readFileSync(path.join(REPO_ROOT, "examples", example.name, file), "utf8"));
    }
  }
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

/**
 * The files that import vitest: its typings import subpaths (`vite/module-runner`) that only node16+ resolution finds,
 * so under the older template they compile only with what the README's testing section says to add for them.
 */
const VITEST_FILES = ALL_FILES.filter((file) => file.endsWith(".ts") && /from "vitest"/.test(fileText(file)));
/** What the README's "Testing your program" tells a project of the older template to add for its test file. */
const OLDER_TEMPLATE_TEST_SETTINGS = { skipLibCheck: true };

/** A program's errors, each named by the line of the README (or typings) it came from. */
function errorsOf(program: SnippetProgram, diagnostics: readonly Diagnostic[]): string[] {
  return program.files.flatMap((file) =>
    diagnostics
      .filter((diagnostic) => diagnostic.file === snippetFile(program, file.name))
      .map((diagnostic) => `${file.origins[diagnostic.line - 1] ?? `${program.origin} (${file.name}:${diagnostic.line})`}: error ${diagnostic.text}`),
  );
}

describe.each(TEMPLATES)("a consumer project on %s, against the packed tarball", (_name, settings) => {
  let diagnostics: Diagnostic[] = [];

  beforeAll(() => {
    // The test files under the older template are compiled below, with what the README says they need.
    diagnostics = typecheck(project, settings, settings === COMMONJS_TEMPLATE ? ALL_FILES.filter((file) => !VITEST_FILES.includes(file)) : ALL_FILES);
  }, TYPECHECK_TIMEOUT_MS);

  it("compiles a program using the whole public surface with 0 errors, and flags exactly the two enum typos", () => {
    // The package is a real copy in node_modules, not a link back into this repository.
    expect(fs.lstatSync(path.join(project, "node_modules/pulumi-tenant")).isSymbolicLink()).toBe(false);
    expect(fs.existsSync(path.join(project, "node_modules/pulumi-tenant/dist/index.d.ts"))).toBe(true);

    // Nothing fails outside the files written here: not the packed typings, nor @pulumi/pulumi's.
    expect(diagnostics.filter((diagnostic) => !ALL_FILES.includes(diagnostic.file))).toEqual([]);
    expect(diagnostics.filter((diagnostic) => diagnostic.file === "index.ts")).toEqual([]);
    const typos = diagnostics.filter((diagnostic) => diagnostic.file === "typos.ts");
    expect(typos.map((diagnostic) => diagnostic.line)).toEqual(TYPO_LINES);
    expect(TYPO_LINES).toHaveLength(2);
    expect(typos[0].text).toMatch(/Type '"SNS"' is not assignable/);
    expect(typos[1].text).toMatch(/Type '"twilio"' is not assignable/);
  });

  it.each(README_PROGRAMS.map((program) => [program.origin, program] as const))("compiles the README's example at %s", (_origin, program) => {
    expect(errorsOf(program, diagnostics)).toEqual([]);
  });

  it(`compiles every TSDoc @example of the shipped typings (${TSDOC_PROGRAMS.length} today)`, () => {
    expect(TSDOC_PROGRAMS.flatMap((program) => errorsOf(program, diagnostics))).toEqual([]);
  });

  it.each(EXAMPLES.map((example) => [example.name, example] as const))("compiles examples/%s", (name, example) => {
    const files = example.files.map((file) => `examples/${name}/${file}`);
    const errors = diagnostics.filter((diagnostic) => files.includes(diagnostic.file)).map((diagnostic) => `${diagnostic.file}:${diagnostic.line}: error ${diagnostic.text}`);
    expect(errors).toEqual([]);
  });
});

describe("the test files (the README's and examples/unit-tests') on the older commonjs/node template", () => {
  it("compile with the settings the README's testing section gives for them, with 0 errors anywhere", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("\n## Testing your program\n"), readme.indexOf("\n## Detecting drift\n"));
    expect(section).toContain('"skipLibCheck": true');
    expect(section).toMatch(/"module": "nodenext".*"moduleResolution": "nodenext"/s);
    expect(VITEST_FILES.length).toBeGreaterThanOrEqual(2);
    const programs = VITEST_FILES.map((file) => path.posix.join(path.posix.dirname(file), "index.ts"));
    expect(typecheck(project, { ...COMMONJS_TEMPLATE, ...OLDER_TEMPLATE_TEST_SETTINGS }, [...VITEST_FILES, ...programs])).toEqual([]);
  }, TYPECHECK_TIMEOUT_MS);
});
