/**
 * `pulumi import --file <file>` on the gadget fixture plugin, as the CLI reads the file (import.go: importFile,
 * parseImportFile) and the engine imports it (deploy/import.go): every resource of the file in one deployment,
 * one provider process, the import steps on the workers at once; a resource the stack holds with that id left as
 * it is; the stack's providers used as stored. A file the CLI refuses is refused with its words, and a field the
 * stand-in cannot mirror is refused naming it, both before any process starts.
 */
import { describe, expect, it } from "vitest";
import * as fs from "node:fs";
import * as path from "node:path";
import { runCli } from "../cli";
import { ImportFileError } from "../importFile";
import { EngineRunError } from "../testEngine";
import { GADGET_PROJECT_DIR, GADGET_TYPE, GadgetStack, gadgetConfig } from "./fixtures/gadgetStack";
import { ENGINE_RUNS_TIMEOUT_MS, stackFactory } from "./fixtures/stacks";

const newStack = stackFactory(() => new GadgetStack());
const URN_PREFIX = `urn:pulumi:dev::gadget-fixture::${GADGET_TYPE}::`;

/** Writes an import file (an object, or text as it is) into the stack's folder and returns its path. */
function importFileIn(stack: GadgetStack, content: unknown, name = "import.json"): string {
  const file = path.join(stack.dir, name);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** Remote gadgets g-<n> made outside the stack. */
function remoteGadgets(stack: GadgetStack, ...numbers: number[]): void {
  stack.changeRemote((state) => {
    for (const n of numbers) state.objects[`g-${n}`] = { inputs: { name: `made-${n}`, size: n, color: "blue" }, outputs: { name: `made-${n}`, size: n, serial: n } };
  });
}

const failureOf = (pending: Promise<unknown>) => pending.then(() => new Error("expected the import to fail"), (error: unknown) => error as Error);

describe.sequential("an import file", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const stack = newStack();
  const resources = [
    { type: GADGET_TYPE, name: "first", id: "g-1" },
    // Go's decoder matches keys case-insensitively, and empty values are as good as none.
    { Type: GADGET_TYPE, NAME: "second", Id: "g-2", parent: "", properties: [], component: false, inputs: {} },
    { type: GADGET_TYPE, name: "code-name", logicalName: "third", id: "g-3" },
  ];
  const file = () => importFileIn(stack, { resources, nameTable: { elsewhere: `${URN_PREFIX}elsewhere` } });

  it("imports every resource it lists into one stack, in one deployment through one provider process", async () => {
    remoteGadgets(stack, 1, 2, 3);
    const result = await stack.engine({}).importFile(file());
    expect(result.steps.map((step) => `${step.op} ${step.name}`).sort()).toEqual(["import first", "import second", "import third"]);
    // All three import steps were on the workers at once.
    expect(result.peakOperations).toBe(3);
    expect(stack.callsSince(0, "configure")).toHaveLength(1);
    const reads = stack.callsSince(0, "read");
    expect(reads.map((read) => read.id).sort()).toEqual(["g-1", "g-2", "g-3"]);
    expect(new Set(reads.map((read) => read.pid)).size).toBe(1);
    const state = await stack.engine({}).readState();
    const imported = state.resources.filter((resource) => resource.type === GADGET_TYPE);
    expect(imported.map((resource) => [resource.urn, resource.id, resource.protect]).sort()).toEqual([
      [`${URN_PREFIX}first`, "g-1", true],
      [`${URN_PREFIX}second`, "g-2", true],
      [`${URN_PREFIX}third`, "g-3", true],
    ]);
    expect(imported.find((resource) => resource.id === "g-2")?.inputs).toEqual({ name: "made-2", size: 2, color: "blue" });
    expect(state.resources.filter((resource) => resource.type === "pulumi:pulumi:Stack")).toHaveLength(1);
  });

  it("run again, leaves what the stack holds with those ids as it is", async () => {
    const before = stack.callCount();
    const result = await stack.engine({}).importFile(file());
    expect(result.steps.map((step) => `${step.op} ${step.name}`).sort()).toEqual(["same first", "same second", "same third"]);
    expect(stack.callsSince(before, "read")).toEqual([]);
  });

  it("uses the providers the stack holds as they are stored, whatever the stack config says now", async () => {
    remoteGadgets(stack, 4);
    const before = stack.callCount();
    await stack.engine({}, { config: gadgetConfig({ endpoint: "ep-changed" }) }).importFile(importFileIn(stack, { resources: [{ type: GADGET_TYPE, name: "fourth", id: "g-4" }] }));
    expect(stack.callsSince(before, "configure").map((call) => (call.args as { endpoint: string }).endpoint)).toEqual(["ep-1"]);
    const provider = (await stack.engine({}).readState()).resources.find((resource) => resource.type === "pulumi:providers:gadget");
    expect(provider?.inputs.endpoint).toBe("ep-1");
  });

  it("fails on another id under a name the stack holds, naming the resource", async () => {
    const error = await failureOf(stack.engine({}).importFile(importFileIn(stack, { resources: [{ type: GADGET_TYPE, name: "first", id: "g-2" }] })));
    expect(error).toBeInstanceOf(EngineRunError);
    expect(error.message).toContain(`resource '${URN_PREFIX}first' already exists`);
  });
});

describe("a failed import of a file", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const failing = { resources: [{ type: GADGET_TYPE, name: "gone", id: "g-404" }, { type: GADGET_TYPE, name: "one", id: "g-1" }, { type: GADGET_TYPE, name: "two", id: "g-2" }] };

  it("keeps the imports that ran beside the failed one", async () => {
    const stack = newStack();
    remoteGadgets(stack, 1, 2);
    const error = await failureOf(stack.engine({}).importFile(importFileIn(stack, failing)));
    expect(error).toBeInstanceOf(EngineRunError);
    expect(error.message).toContain("resource 'g-404' does not exist");
    const names = (await stack.engine({}).readState()).resources.filter((resource) => resource.type === GADGET_TYPE).map((resource) => resource.urn.split("::").pop());
    expect(names.sort()).toEqual(["one", "two"]);
  });

  it("with --parallel 1, starts no import after the failed one", async () => {
    const stack = newStack();
    remoteGadgets(stack, 1, 2);
    const error = await failureOf(stack.engine({}).importFile(importFileIn(stack, failing), { parallel: 1 }));
    expect(error.message).toContain("resource 'g-404' does not exist");
    expect(stack.callsSince(0, "read").map((read) => read.id)).toEqual(["g-404"]);
    expect((await stack.engine({}).readState()).resources.filter((resource) => resource.type === GADGET_TYPE)).toEqual([]);
  });
});

describe("a file the CLI refuses, or that asks for what the stand-in does not mirror", () => {
  const stack = newStack();
  const refusal = (content: unknown) => failureOf(stack.engine({}).importFile(importFileIn(stack, content)));

  it("is refused with the CLI's words for each missing type, name and id, every error listed", async () => {
    const error = await refusal({ resources: [{ type: GADGET_TYPE, name: "a" }, { name: "b", id: "x" }, { type: GADGET_TYPE, id: "g-5" }, null] });
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toBe(
      [
        "6 errors occurred:",
        `\t* resource 'a' of type '${GADGET_TYPE}' has no ID`,
        "\t* resource 'b' has no type",
        `\t* resource 'g-5' of type '${GADGET_TYPE}' has no name`,
        "\t* resource 3 has no type",
        "\t* resource 3 has no name",
        "\t* resource 3 has no ID",
        "",
        "",
      ].join("\n"),
    );
    expect((await refusal({ resources: [{ type: GADGET_TYPE, name: "a" }] })).message).toBe(`1 error occurred:\n\t* resource 'a' of type '${GADGET_TYPE}' has no ID\n\n`);
  });

  it("is refused for a URN claimed twice, in the file or by its name table", async () => {
    const twice = { type: GADGET_TYPE, name: "twice", id: "g-1" };
    expect((await refusal({ resources: [twice, { ...twice, id: "g-2" }] })).message).toBe(
      `1 error occurred:\n\t* resource 'twice' of type '${GADGET_TYPE}' has an ambiguous URN, set name (or logical name) to be unique\n\n`,
    );
    expect((await refusal({ resources: [twice], nameTable: { other: `${URN_PREFIX}twice` } })).message).toContain("has an ambiguous URN");
  });

  it("is refused as Go's decoder refuses it: a value of the wrong kind, no file, an empty one, no resources", async () => {
    expect((await refusal({ resources: [{ type: GADGET_TYPE, name: "a", id: 7 }] })).message).toBe(
      "could not read import file: json: cannot unmarshal number into Go struct field importSpec.resources.id of type resource.ID",
    );
    expect((await refusal([])).message).toBe("could not read import file: json: cannot unmarshal array into Go value of type operations.importFile");
    const missing = path.join(stack.dir, "missing.json");
    expect((await failureOf(stack.engine({}).importFile(missing))).message).toBe(`could not read import file: open ${missing}: no such file or directory`);
    expect((await refusal("  \n")).message).toBe("could not read import file: EOF");
    expect((await refusal({ resources: [] })).message).toBe("fatal: An assertion has failed: no resources to import");
  });

  it.each([
    ["parent", { parent: "p" }],
    ["provider", { provider: "p" }],
    ["version", { version: "1.2.3" }],
    ["pluginDownloadUrl", { pluginDownloadUrl: "https://example.com/plugins" }],
    ["properties", { properties: ["size"] }],
    ["inputs", { inputs: { size: 1 } }],
    ["outputs", { outputs: { size: 1 } }],
    ["parameterization", { parameterization: {} }],
    ["extension", { extension: {} }],
    ["component", { component: true, id: undefined }],
    ["remote", { component: true, remote: true, id: undefined }],
  ])("is refused naming '%s', a field the stand-in does not mirror", async (field, setting) => {
    const error = await refusal({ resources: [{ type: GADGET_TYPE, name: "a", id: "g-1", ...setting }] });
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toContain(`resource 'a' of type '${GADGET_TYPE}' sets '${field}', which the engine stand-in does not mirror`);
  });

  it("is refused for a provider declared in its resources, and for providerInputs", async () => {
    expect((await refusal({ resources: [{ type: "pulumi:providers:gadget", name: "p" }] })).message).toContain(
      "resource 'p' of type 'pulumi:providers:gadget' is a provider: providers declared in 'resources' are created by the import",
    );
    const providerInputs = { resources: [{ type: GADGET_TYPE, name: "a", id: "g-1" }], providerInputs: { p: { endpoint: "ep-2" } } };
    expect((await refusal(providerInputs)).message).toContain("the file sets 'providerInputs'");
  });

  it("starts no process and writes no state", async () => {
    expect(stack.callCount()).toBe(0);
    expect(await stack.engine({}).rawState()).toBe("");
  });
});

describe("the command line's import --file", { timeout: ENGINE_RUNS_TIMEOUT_MS }, () => {
  const run = async (stack: GadgetStack, args: string[]) => {
    const output = { stdout: "", stderr: "" };
    const common = ["--project-dir", GADGET_PROJECT_DIR, "--stack", "dev", "--state-dir", path.join(stack.dir, "state"), "--config", "gadget:endpoint=ep-1"];
    const code = await runCli(["import", ...args, ...common], {
      out: (text) => (output.stdout += `${text}\n`),
      err: (text) => (output.stderr += `${text}\n`),
      env: { PULUMI_CLI: "0", PULUMI_CONFIG_PASSPHRASE: "correct horse battery staple", GADGET_RECORD: stack.recordFile, GADGET_REMOTE: stack.remoteFile },
    });
    return { code, ...output };
  };

  it("imports every resource of the file and prints each import step", async () => {
    const stack = newStack();
    remoteGadgets(stack, 1, 2);
    const file = importFileIn(stack, { resources: [{ type: GADGET_TYPE, name: "one", id: "g-1" }, { type: GADGET_TYPE, name: "two", id: "g-2" }] });
    const { code, stdout } = await run(stack, ["--file", file, "--protect=false"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^import\s+gadget:index:Gadget\s+one/m);
    expect(stdout).toMatch(/^import\s+gadget:index:Gadget\s+two/m);
    const imported = (await stack.engine({}).readState()).resources.filter((resource) => resource.type === GADGET_TYPE);
    expect(imported.map((resource) => [resource.id, resource.protect]).sort()).toEqual([
      ["g-1", undefined],
      ["g-2", undefined],
    ]);
  });

  it("refuses a file with an inline resource, and an inline resource without its id, in the CLI's words", async () => {
    const stack = newStack();
    const both = await run(stack, ["--file", importFileIn(stack, { resources: [] }), GADGET_TYPE, "one", "g-1"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("error: an inline resource may not be specified in conjunction with an import file");
    const noId = await run(stack, [GADGET_TYPE, "one"]);
    expect(noId.stderr).toContain("error: an inline resource must be specified if no converter or import file is used, missing id");
    const refused = await run(stack, ["--file", importFileIn(stack, { resources: [{ type: GADGET_TYPE, name: "one" }] })]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`error: 1 error occurred:\n\t* resource 'one' of type '${GADGET_TYPE}' has no ID`);
  });
});
