/**
 * TEST TOOL — the file of `pulumi import --file <file>` as the CLI reads it (pkg/cmd/pulumi/operations/import.go in
 * pulumi/pulumi: the `importFile` and `importSpec` types, `readImportFile`, `parseImportFile`):
 * `{"resources": [{"type", "name", "id", …}], "nameTable"?: {"<name>": "<urn>"}}`, decoded as Go's encoding/json
 * decodes it (keys matched case-insensitively, unknown keys ignored, null leaves a field empty, a value of the
 * wrong kind fails), then checked with the CLI's rules and words: every resource needs a type, a name (or a
 * logical name, each defaulting to the other) and an id; a URN may be claimed once (the name table's URNs
 * included). Every error is collected and reported as go-multierror lists them.
 *
 * What the stand-in cannot mirror is refused, naming the field: a field set to anything but its empty value among
 * parent, provider, version, pluginDownloadUrl, properties, component, remote, inputs, outputs, parameterization and
 * extension; a provider declared in `resources`; the deprecated `providerInputs`.
 */
import * as fs from "node:fs";
import type { ImportSpec } from "./importer";
import { isProviderType, makeUrn } from "./steps";

/** The import file cannot be used: the message is what the CLI prints after "error: ", or the stand-in's refusal. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

type JsonKind = "string" | "number" | "bool" | "array" | "object" | "null";

function kindOf(value: unknown): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "boolean") return "bool";
  return typeof value as "string" | "number" | "object";
}

/** Go's type of each importSpec field (for its decode errors), the JSON kind it takes, and why the stand-in refuses it. */
const SPEC_FIELDS = {
  type: { goType: "tokens.Type", kind: "string" },
  name: { goType: "string", kind: "string" },
  id: { goType: "resource.ID", kind: "string" },
  logicalName: { goType: "string", kind: "string" },
  parent: { goType: "string", kind: "string", refused: "the stand-in imports under the root stack only" },
  provider: { goType: "string", kind: "string", refused: "the stand-in imports through the package's default provider only" },
  version: { goType: "string", kind: "string", refused: "a version selects a versioned default provider and plugin; the stand-in runs the plugin Pulumi.yaml names" },
  pluginDownloadUrl: { goType: "string", kind: "string", refused: "the stand-in cannot download plugins" },
  properties: { goType: "[]string", kind: "array", refused: "Check of a subset of the read inputs, with its own warning, is not mirrored" },
  component: { goType: "bool", kind: "bool", refused: "the stand-in does not import components" },
  remote: { goType: "bool", kind: "bool", refused: "the stand-in does not import components" },
  inputs: { goType: "map[string]interface {}", kind: "object", refused: "supplied inputs merged into the read ones are not mirrored" },
  outputs: { goType: "map[string]interface {}", kind: "object", refused: "an import from supplied outputs, without a Read, is not mirrored" },
  parameterization: { goType: "operations.importParameterization", kind: "object", refused: "parameterized providers are not mirrored" },
  extension: { goType: "operations.importExtension", kind: "object", refused: "provider extensions are not mirrored" },
} as const;

type SpecField = keyof typeof SPEC_FIELDS;
type DecodedSpec = { [K in SpecField]?: unknown };

const FILE_FIELDS = {
  nameTable: { goType: "map[string]resource.URN", kind: "object" },
  resources: { goType: "[]operations.importSpec", kind: "array" },
  providerInputs: { goType: "map[string]map[string]interface {}", kind: "object" },
} as const;

function decodeError(kind: JsonKind, where: string, goType: string): ImportFileError {
  return new ImportFileError(`could not read import file: json: cannot unmarshal ${kind} into Go ${where} of type ${goType}`);
}

/** The Go struct field a JSON key fills: an exact match first, else a case-insensitive one (encoding/json). */
function fieldFor<F extends string>(fields: readonly F[], key: string): F | undefined {
  return fields.find((field) => field === key) ?? fields.find((field) => field.toLowerCase() === key.toLowerCase());
}

/** Decodes an object into the fields Go's struct has; a null value leaves the field as it was. */
function decodeStruct<F extends string>(
  object: Record<string, unknown>,
  fields: Record<F, { goType: string; kind: string }>,
  struct: string,
  path: string,
  decodeValue: (field: F, value: unknown) => unknown = (_, value) => value,
): Partial<Record<F, unknown>> {
  const decoded: Partial<Record<F, unknown>> = {};
  for (const [key, value] of Object.entries(object)) {
    const field = fieldFor(Object.keys(fields) as F[], key);
    if (field === undefined || value === null) continue;
    const { goType, kind } = fields[field];
    if (kindOf(value) !== kind) throw decodeError(kindOf(value), `struct field ${struct}.${path}${field}`, goType);
    decoded[field] = decodeValue(field, value);
  }
  return decoded;
}

function decodeSpec(value: unknown): DecodedSpec {
  if (value === null) return {};
  if (kindOf(value) !== "object") throw decodeError(kindOf(value), "struct field importFile.resources", "operations.importSpec");
  return decodeStruct(value as Record<string, unknown>, SPEC_FIELDS, "importSpec", "resources.", (field, item) => {
    if (field === "properties") {
      for (const property of item as unknown[]) {
        if (property !== null && typeof property !== "string") throw decodeError(kindOf(property), "struct field importSpec.resources.properties", "string");
      }
    }
    return item;
  });
}

function decodeFile(value: unknown): { resources: DecodedSpec[]; nameTable: Record<string, string>; providerInputs: unknown } {
  if (value === null) return { resources: [], nameTable: {}, providerInputs: undefined };
  if (kindOf(value) !== "object") throw decodeError(kindOf(value), "value", "operations.importFile");
  const decoded = decodeStruct(value as Record<string, unknown>, FILE_FIELDS, "importFile", "", (field, item) => {
    if (field === "resources") return (item as unknown[]).map(decodeSpec);
    if (field === "nameTable") {
      for (const urn of Object.values(item as Record<string, unknown>)) {
        if (urn !== null && typeof urn !== "string") throw decodeError(kindOf(urn), "struct field importFile.nameTable", "resource.URN");
      }
    }
    return item;
  });
  return {
    resources: (decoded.resources as DecodedSpec[] | undefined) ?? [],
    nameTable: (decoded.nameTable as Record<string, string> | undefined) ?? {},
    providerInputs: decoded.providerInputs,
  };
}

/** readImportFile: the file's text decoded, with Go's words for a missing file and an empty one. */
function readFile(file: string): ReturnType<typeof decodeFile> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file or directory" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new ImportFileError(`could not read import file: open ${file}: ${reason}`);
  }
  if (text.trim() === "") throw new ImportFileError("could not read import file: EOF");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Go's syntax errors are worded differently ("invalid character …"); the file is refused all the same.
    throw new ImportFileError(`could not read import file: ${(error as Error).message}`);
  }
  return decodeFile(parsed);
}

/** Errors as go-multierror's ListFormatFunc prints them (the CLI's parseImportFile collects them so). */
export function multiErrorText(errors: readonly string[]): string {
  if (errors.length === 1) return `1 error occurred:\n\t* ${errors[0]}\n\n`;
  return `${errors.length} errors occurred:\n\t${errors.map((error) => `* ${error}`).join("\n\t")}\n\n`;
}

interface Spec {
  type: string;
  name: string;
  id: string;
  logicalName: string;
  component: boolean;
  remote: boolean;
  outputs: Record<string, unknown>;
  decoded: DecodedSpec;
}

/** parseImportFile's describeResource: "resource 'foo' of type 'aws:ec2/vpc:Vpc'", "resource 3", … */
function describeResource(index: number, spec: Spec): string {
  const which = spec.name ? `'${spec.name}'` : spec.id ? `'${spec.id}'` : `${index}`;
  return `resource ${which}${spec.type ? ` of type '${spec.type}'` : ""}`;
}

/** The basic constraints parseImportFile checks before anything else, in its order and words. */
function basicErrors(specs: readonly Spec[]): string[] {
  const errors: string[] = [];
  specs.forEach((spec, index) => {
    const described = describeResource(index, spec);
    if (!spec.type) errors.push(`${described} has no type`);
    if (!spec.name) errors.push(`${described} has no name`);
    if (isProviderType(spec.type)) {
      if (spec.id) errors.push(`${described} has an ID, but is a provider, which is created rather than read`);
      if (spec.component) errors.push(`${described} is a provider and may not be marked as a component`);
      if (Object.keys(spec.outputs).length > 0) errors.push(`${described} is a provider and may not have outputs`);
    } else if (!spec.component && !spec.id) errors.push(`${described} has no ID`);
    else if (spec.component && spec.id) errors.push(`${described} has an ID, but is marked as a component`);
    if (spec.remote && !spec.component) errors.push(`${described} is marked as remote, but not as a component`);
  });
  return errors;
}

/** A value Go would hold as other than its zero value (a pointer field: any object). */
function isSet(field: SpecField, value: unknown): boolean {
  if (value === undefined || value === false || value === "") return false;
  if (field === "parameterization" || field === "extension") return true;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== "object" || Object.keys(value as object).length > 0;
}

/** What the stand-in refuses to go on with, each naming the field. */
function unmirrored(specs: readonly Spec[], providerInputs: unknown): string[] {
  const refusals: string[] = [];
  if (providerInputs !== undefined && Object.keys(providerInputs as object).length > 0) {
    refusals.push("the file sets 'providerInputs' (deprecated), which configures explicit providers; the stand-in imports through the package's default provider only");
  }
  specs.forEach((spec, index) => {
    const described = describeResource(index, spec);
    if (isProviderType(spec.type)) refusals.push(`${described} is a provider: providers declared in 'resources' are created by the import, which the stand-in does not mirror`);
    for (const [field, meta] of Object.entries(SPEC_FIELDS) as [SpecField, { refused?: string }][]) {
      if (meta.refused && isSet(field, spec.decoded[field])) refusals.push(`${described} sets '${field}', which the engine stand-in does not mirror: ${meta.refused}`);
    }
  });
  return refusals;
}

export interface ImportFileOptions {
  project: string;
  stack: string;
  /** `--protect` (default true): every imported resource is protected. */
  protect?: boolean;
}

/**
 * The imports a file describes, for one deployment; throws ImportFileError with the CLI's message for what it
 * refuses and the stand-in's for what it cannot mirror.
 */
export function importsFromFile(file: string, opts: ImportFileOptions): ImportSpec[] {
  const { resources, nameTable, providerInputs } = readFile(file);
  // parseImportFile: name and logicalName default to each other.
  const specs: Spec[] = resources.map((decoded) => {
    const name = (decoded.name as string | undefined) ?? "";
    const logicalName = (decoded.logicalName as string | undefined) ?? "";
    return {
      type: (decoded.type as string | undefined) ?? "",
      name: name || logicalName,
      logicalName: logicalName || name,
      id: (decoded.id as string | undefined) ?? "",
      component: decoded.component === true,
      remote: decoded.remote === true,
      outputs: (decoded.outputs as Record<string, unknown> | undefined) ?? {},
      decoded,
    };
  });
  const basic = basicErrors(specs);
  if (basic.length > 0) throw new ImportFileError(multiErrorText(basic));
  const refusals = unmirrored(specs, providerInputs);
  if (refusals.length > 0) throw new ImportFileError(`the engine stand-in cannot import this file:\n${refusals.map((refusal) => `  ${refusal}`).join("\n")}`);
  // Each resource's URN (the root stack its parent) may be claimed once, the name table's URNs included.
  const takenUrns = new Set(Object.values(nameTable));
  const ambiguous: string[] = [];
  specs.forEach((spec, index) => {
    const urn = makeUrn(opts.stack, opts.project, spec.type, spec.logicalName, undefined);
    if (takenUrns.has(urn)) ambiguous.push(`${describeResource(index, spec)} has an ambiguous URN, set name (or logical name) to be unique`);
    takenUrns.add(urn);
  });
  if (ambiguous.length > 0) throw new ImportFileError(multiErrorText(ambiguous));
  // The import deployment asserts it has something to import; the CLI would fail there (a Go panic).
  if (specs.length === 0) throw new ImportFileError("fatal: An assertion has failed: no resources to import");
  return specs.map((spec) => ({ type: spec.type, name: spec.logicalName, id: spec.id, protect: opts.protect !== false }));
}
