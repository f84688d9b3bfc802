/**
 * How a checkpoint looks on disk, as the DIY (file/S3) backend writes it: each resource as Go marshals
 * `apitype.ResourceV3` (field order, `omitempty`, map keys sorted), the whole file as compact JSON.
 */
import type { ResourceState } from "./resourceState";
import { isPlainObject, type PropertyMap } from "./values";

/** Text of a checkpoint file. */
export function checkpointText(checkpoint: unknown): string {
  // The file backend writes compact JSON since pulumi v3.238.0 (pulumi/pulumi#22245, "diy: Minify json state
  // files": json.Encoder, SetEscapeHTML(false), no indent, trimmed, so no trailing newline). Before, it wrote
  // 4-space indentation. Go still escapes U+2028 and U+2029, which JSON.stringify leaves as they are.
  return JSON.stringify(checkpoint).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

const NS_PER_MS = BigInt(1_000_000);
const NS_PER_S = BigInt(1_000_000_000);
const WALL_CLOCK_NS = BigInt(Date.now()) * NS_PER_MS;
const MONOTONIC_START = process.hrtime.bigint();

/**
 * Now, as Go marshals `time.Now().UTC()`: RFC 3339 with nanoseconds, trailing zeros of the fraction dropped
 * (time.RFC3339Nano), so a stored timestamp takes the bytes the engine's does.
 */
export function goTimestamp(): string {
  const ns = WALL_CLOCK_NS + (process.hrtime.bigint() - MONOTONIC_START);
  const seconds = new Date(Number(ns / NS_PER_S) * 1000).toISOString().slice(0, 19);
  const fraction = (ns % NS_PER_S).toString().padStart(9, "0").replace(/0+$/, "");
  return `${seconds}${fraction ? `.${fraction}` : ""}Z`;
}

/** Go's encoding/json writes map keys sorted; property maps are maps at every depth. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

const nonEmpty = <T>(items: readonly T[] | undefined): T[] | undefined => (items && items.length > 0 ? [...items] : undefined);
const nonEmptyMap = (map: PropertyMap | Record<string, string[]> | undefined): unknown =>
  map && Object.keys(map).length > 0 ? sortedKeys(map) : undefined;

/**
 * A resource as SerializeResource stores it (pkg/resource/stack/deployment.go): the fields of ResourceV3 in its
 * order, each `omitempty` one left out when empty (`dependencies: []` and `inputs: {}` included).
 */
export function storedEntry(resource: ResourceState): Record<string, unknown> {
  const fields: [string, unknown][] = [
    ["urn", resource.urn],
    ["custom", resource.custom],
    ["delete", resource.delete || undefined],
    ["id", resource.id || undefined],
    ["type", resource.type],
    ["inputs", nonEmptyMap(resource.inputs)],
    ["outputs", nonEmptyMap(resource.outputs)],
    ["parent", resource.parent || undefined],
    ["protect", resource.protect || undefined],
    ["external", resource.external || undefined],
    ["dependencies", nonEmpty(resource.dependencies)],
    ["provider", resource.provider || undefined],
    ["propertyDependencies", nonEmptyMap(resource.propertyDependencies)],
    ["additionalSecretOutputs", nonEmpty(resource.additionalSecretOutputs)],
    ["retainOnDelete", resource.retainOnDelete || undefined],
    ["created", resource.created],
    ["modified", resource.modified],
    ["sourcePosition", resource.sourcePosition || undefined],
    ["stackTrace", nonEmpty(resource.stackTrace)],
    ["ignoreChanges", nonEmpty(resource.ignoreChanges)],
    ["replaceOnChanges", nonEmpty(resource.replaceOnChanges)],
  ];
  return Object.fromEntries(fields.filter(([, value]) => value !== undefined));
}

/** A stored entry back in memory: what `omitempty` left out is empty again. Reads files of older stand-ins too. */
export function loadedEntry(stored: ResourceState): ResourceState {
  return { ...stored, inputs: stored.inputs ?? {}, outputs: stored.outputs ?? {}, dependencies: stored.dependencies ?? [] };
}
