// What examples/ promises: each program has a README saying what it declares and how to run it, naming every stack
// config key the program reads, and each Pulumi program is run by a suite (the consumer-project test compiles them
// all against the packed tarball).
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const REPO_ROOT = path.resolve(__dirname, "../..");
const EXAMPLES_ROOT = path.join(REPO_ROOT, "examples");
const EXAMPLES = fs
  .readdirSync(EXAMPLES_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Example folders that hold a Pulumi program (an index.ts). */
const PROGRAMS = EXAMPLES.filter((name) => fs.existsSync(path.join(EXAMPLES_ROOT, name, "index.ts")));

/** The stack config keys a program reads by a literal name (`config.require("x")`, `config.getBoolean("y")`, …). */
export function configKeysOf(source: string): string[] {
  const keys = [...source.matchAll(/\bconfig\.(?:require|get)(?:Secret|Boolean|Number|Object|SecretBoolean|SecretNumber|SecretObject)?\(\s*["']([^"']+)["']/g)].map((match) => match[1]);
  return [...new Set(keys)];
}

/** Every .ts file of the suites and tools that run programs (not the docs tests, which only read them). */
function suiteSources(): string {
  const files: string[] = [];
  for (const root of ["test", "tools"]) {
    for (const file of fs.readdirSync(path.join(REPO_ROOT, root), { recursive: true }) as string[]) {
      if (file.endsWith(".ts") && !file.startsWith(`docs${path.sep}`) && !file.startsWith(`consumer${path.sep}`)) files.push(path.join(REPO_ROOT, root, file));
    }
  }
  return files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
}

describe.each(EXAMPLES)("examples/%s", (name) => {
  it("has a README", () => {
    expect(fs.existsSync(path.join(EXAMPLES_ROOT, name, "README.md"))).toBe(true);
  });
});

describe.each(PROGRAMS)("the program in examples/%s", (name) => {
  it("has a README that names every stack config key it reads", () => {
    const readme = fs.readFileSync(path.join(EXAMPLES_ROOT, name, "README.md"), "utf8");
    const keys = configKeysOf(fs.readFileSync(path.join(EXAMPLES_ROOT, name, "index.ts"), "utf8"));
    expect(keys.filter((key) => !readme.includes(`\`${key}\``) && !readme.includes(` ${key} `))).toEqual([]);
  });

  it("is run by a suite: a test of its own, the root project's program, or a project folder a suite names", () => {
    const folder = path.join(EXAMPLES_ROOT, name);
    const hasOwnTests = fs.readdirSync(folder).some((file) => file.endsWith(".test.ts"));
    const rootMain = (parse(fs.readFileSync(path.join(REPO_ROOT, "Pulumi.yaml"), "utf8")) as { main?: string }).main;
    const isRootProgram = rootMain === `examples/${name}/index.ts`;
    const namedBySuite = suiteSources().includes(`"examples", "${name}"`);
    expect(hasOwnTests || isRootProgram || namedBySuite).toBe(true);
  });
});

describe("the package README", () => {
  it("names every folder under examples/ in its list of examples", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    const start = readme.indexOf("`examples/` holds programs to copy");
    expect(start).toBeGreaterThan(0);
    const list = readme.slice(start, readme.indexOf("\n\n", start));
    expect(EXAMPLES.filter((name) => !list.includes(`\`${name}\``))).toEqual([]);
  });
});

describe("examples/mfa-push", () => {
  // test/e2e/mfaPush.test.ts runs both cases; its README and the comment in its program say the same.
  it.each(["README.md", "index.ts"])("%s says what destroy does to the SNS credentials, on a tenant with none before and on one that held one", (file) => {
    const text = fs.readFileSync(path.join(EXAMPLES_ROOT, "mfa-push", file), "utf8").replace(/\s*(\/\/)?\s+/g, " ");
    expect(text).toMatch(/no SNS configuration[^.;]*[:,] destroy clears (the credentials|them)/);
    expect(text).toMatch(/held a configuration[^.;]*[:,] destroy leaves the one the stack set/);
    expect(text).not.toMatch(/puts the previous selection back and clears the SNS credentials/);
  });
});

describe("configKeysOf", () => {
  it("finds the keys a program reads by name, once each", () => {
    const source = 'config.requireSecret("token"); config.get("region") ?? "x"; config.getBoolean("on"); config.get("region"); config.require(`${stage}Id`);';
    expect(configKeysOf(source)).toEqual(["token", "region", "on"]);
  });
});
