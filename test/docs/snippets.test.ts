// How test/docs/snippets.ts makes programs of the docs' TypeScript (the consumer-project test compiles them): whole
// examples, examples that continue another, labelled files of one project, and TSDoc @examples; every line keeps
// its origin. Also: the README's "A first program" shows the tsconfig.json of Pulumi's current template, the one
// its examples are compiled under.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { NODENEXT_TEMPLATE } from "../consumer/consumerProject";
import { readmePrograms, tsdocExamplePrograms } from "./snippets";

const fence = "```";
const README = [
  "# Title", //  1
  "## First", //  2
  `${fence}ts`, //  3
  'import * as tenant from "pulumi-tenant";', //  4
  "const a = 1;", //  5
  fence, //  6
  "## Second", //  7
  `${fence}ts`, //  8
  "const b = 2;", //  9
  fence, // 10
  `${fence}ts`, // 11
  "// Continues the example above.", // 12
  "const c = b;", // 13
  fence, // 14
  `${fence}ts`, // 15
  "// Continues the First example above.", // 16
  "const d = a;", // 17
  fence, // 18
  "## Third", // 19
  "`index.ts`, the program:", // 20
  `${fence}ts`, // 21
  "export const x = 1;", // 22
  fence, // 23
  "`index.test.ts`:", // 24
  `${fence}ts`, // 25
  'import { x } from "./index.js";', // 26
  fence, // 27
  `${fence}sh`, // 28
  "npm test", // 29
  fence, // 30
].join("\n");

describe("the README's examples as programs", () => {
  const programs = readmePrograms(README);

  it("makes one program per whole example, with continuations at the end of the one they name, and labelled files together", () => {
    expect(programs.map((program) => program.origin)).toEqual(["README.md:4", "README.md:9", "README.md:22"]);
    expect(programs[0].files).toEqual([
      { name: "index.ts", lines: [README.split("\n")[3], "const a = 1;", "// Continues the First example above.", "const d = a;"], origins: ["README.md:4", "README.md:5", "README.md:16", "README.md:17"] },
    ]);
    expect(programs[1].files[0].lines).toEqual(["const b = 2;", "// Continues the example above.", "const c = b;"]);
    expect(programs[2].files.map((file) => [file.name, file.origins])).toEqual([
      ["index.ts", ["README.md:22"]],
      ["index.test.ts", ["README.md:26"]],
    ]);
  });

  it("refuses a continuation that names no example before it", () => {
    expect(() => readmePrograms(`## A\n${fence}ts\n// Continues the Nowhere example above.\nconst e = 1;\n${fence}\n`)).toThrow(
      /README\.md:3: "\/\/ Continues the Nowhere example above\." names no example before it/,
    );
  });
});

describe("TSDoc @examples of a declaration file", () => {
  it("become programs of their own, each line named by its place in the file", () => {
    const declarations = [
      "/**", //  1
      " * A resource.", //  2
      " *", //  3
      " * @example", //  4
      ` * ${fence}ts`, //  5
      ' * import * as tenant from "pulumi-tenant";', //  6
      ' * new tenant.MfaPolicy("policy", { policy: "never" });', //  7
      ` * ${fence}`, //  8
      " * @remarks not an example", //  9
      ` * ${fence}ts`, // 10
      " * ignored();", // 11
      ` * ${fence}`, // 12
      " */", // 13
      "export declare class MfaPolicy {}", // 14
    ].join("\n");
    expect(tsdocExamplePrograms(declarations, "dist/index.d.ts")).toEqual([
      {
        origin: "dist/index.d.ts:6",
        files: [{ name: "index.ts", lines: ['import * as tenant from "pulumi-tenant";', 'new tenant.MfaPolicy("policy", { policy: "never" });'], origins: ["dist/index.d.ts:6", "dist/index.d.ts:7"] }],
      },
    ]);
  });
});

describe("the README's first program", () => {
  it("shows the tsconfig.json of Pulumi's current template, under which the examples are compiled", () => {
    const readme = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### A first program"));
    const json = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(JSON.parse(json ?? "null")).toEqual({ compilerOptions: NODENEXT_TEMPLATE, files: ["index.ts"] });
  });
});
