/**
 * Resource calls of the native plugin: each RPC's request turned into the same handler call the dynamic host
 * makes (plain camelCase values), and the handler's answer turned back, secrets wrapped. No resource logic here.
 */
import { namesWhere, type ResourceDefinition } from "../resources/common/definition";
import type { ResourceHandler } from "../resources/common/handler";
import type { PropertyBag } from "../resources/common/values";
import { REGISTRY } from "../resources/registry";
import { provider as proto, type Struct } from "./protocol";
import { tokenOf } from "./schema";
import { engineLog } from "./engineLog";
import { fromStruct, toStruct } from "./values";

interface Resource {
  definition: ResourceDefinition;
  /** The type's handler, loaded on first use (a plugin serving one type never loads the others). */
  handler: () => Promise<ResourceHandler>;
  /** Outputs the definition declares secret, plus secret inputs (which the engine returns as outputs too). */
  secretProperties: Set<string>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

const BY_TOKEN = new Map<string, Resource>(
  REGISTRY.map(({ definition, handler }) => [
    tokenOf(definition.name),
    {
      definition,
      handler: once(handler),
      secretProperties: new Set([
        ...namesWhere(definition.outputs, (shape) => shape.secret === true),
        ...namesWhere(definition.inputs, (shape) => shape.secret === true),
      ]),
    },
  ]),
);

/** The engine gives the resource's URN; its type is the part after the last "::" (parent types come before). */
export function resourceFor(urn: string): Resource {
  const type = urn.split("::").slice(2, -1).join("::").split("$").pop() ?? "";
  const resource = BY_TOKEN.get(type);
  if (!resource) throw new Error(`the tenant provider has no resource type "${type}"; it offers ${[...BY_TOKEN.keys()].join(", ")}`);
  return resource;
}

/** Outputs with every secret property, and every property whose input was secret, wrapped. */
function outputsStruct(resource: Resource, outputs: unknown, secretInputs: ReadonlySet<string>): Struct {
  return toStruct((outputs ?? {}) as PropertyBag, new Set([...resource.secretProperties, ...secretInputs]));
}

export async function check(req: InstanceType<typeof proto.CheckRequest>): Promise<InstanceType<typeof proto.CheckResponse>> {
  const resource = resourceFor(req.getUrn());
  const olds = fromStruct(req.getOlds());
  const news = fromStruct(req.getNews());
  const result = await (await resource.handler()).check(olds.plain, news.plain);
  const response = new proto.CheckResponse();
  // Inputs come back as the engine stores them: secrets must be envelopes here (the engine does not re-mark them).
  response.setInputs(outputsStruct(resource, result.inputs ?? news.plain, news.secretKeys));
  response.setFailuresList(
    (result.failures ?? []).map((failure) => new proto.CheckFailure().setProperty(failure.property).setReason(failure.reason)),
  );
  return response;
}

export async function diff(req: InstanceType<typeof proto.DiffRequest>): Promise<InstanceType<typeof proto.DiffResponse>> {
  const resource = resourceFor(req.getUrn());
  const result = await (await resource.handler()).diff(req.getId(), fromStruct(req.getOlds()).plain, fromStruct(req.getNews()).plain);
  const response = new proto.DiffResponse();
  const { DiffChanges } = proto.DiffResponse;
  response.setChanges(result.changes ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
  const replaces = result.replaces ?? [];
  response.setReplacesList(replaces);
  response.setDiffsList(result.diffs);
  response.setDeletebeforereplace(result.deleteBeforeReplace === true);
  response.setHasdetaileddiff(true);
  const detailed = response.getDetaileddiffMap();
  for (const name of result.diffs) {
    const kind = replaces.includes(name) ? proto.PropertyDiff.Kind.UPDATE_REPLACE : proto.PropertyDiff.Kind.UPDATE;
    detailed.set(name, new proto.PropertyDiff().setKind(kind).setInputdiff(true));
  }
  return response;
}

export async function create(req: InstanceType<typeof proto.CreateRequest>): Promise<InstanceType<typeof proto.CreateResponse>> {
  const resource = resourceFor(req.getUrn());
  const inputs = fromStruct(req.getProperties());
  const result = await (await resource.handler()).create(inputs.plain);
  return new proto.CreateResponse().setId(result.id).setProperties(outputsStruct(resource, result.outs, inputs.secretKeys));
}

/**
 * Refresh (stored outputs and inputs given), `.get`, and `pulumi import` (the id alone): the handlers tell the
 * last two apart from a refresh by the empty property bag, as they do for the dynamic host's `.get`.
 */
export async function read(req: InstanceType<typeof proto.ReadRequest>): Promise<InstanceType<typeof proto.ReadResponse>> {
  const resource = resourceFor(req.getUrn());
  const stored = fromStruct(req.getProperties());
  const storedInputs = fromStruct(req.getInputs());
  const result = await (await resource.handler()).read(req.getId(), stored.plain);
  const response = new proto.ReadResponse().setId(result.id ?? "");
  // An empty id means the object is gone; the engine then drops it from state.
  if (!result.id) return response;
  if (!req.getProperties() && !req.getInputs()) adviseOnImport(resource, req.getUrn(), result.inputs);
  const secretKeys = new Set([...stored.secretKeys, ...storedInputs.secretKeys]);
  return response
    .setProperties(outputsStruct(resource, result.props, secretKeys))
    .setInputs(outputsStruct(resource, result.inputs, secretKeys));
}

export async function update(req: InstanceType<typeof proto.UpdateRequest>): Promise<InstanceType<typeof proto.UpdateResponse>> {
  const resource = resourceFor(req.getUrn());
  const news = fromStruct(req.getNews());
  const result = await (await resource.handler()).update(req.getId(), fromStruct(req.getOlds()).plain, news.plain);
  return new proto.UpdateResponse().setProperties(outputsStruct(resource, result.outs, news.secretKeys));
}

export async function remove(req: InstanceType<typeof proto.DeleteRequest>): Promise<void> {
  const handler = await resourceFor(req.getUrn()).handler();
  await handler.delete(req.getId(), fromStruct(req.getProperties()).plain);
}

/** An import brings no write-only input back: say which ones the generated code lacks. */
function adviseOnImport(resource: Resource, urn: string, inputs: unknown): void {
  const name = (inputs as PropertyBag | undefined)?.name;
  if (resource.definition.name === "PhoneProvider" && name === "vendor_a") {
    engineLog(
      "warning",
      "The imported phone provider's credentials.authToken is write-only (the service never returns it), so the " +
        "imported inputs and the generated code have none: add it to your program (as a secret) before the next up.",
      urn,
    );
  }
}
