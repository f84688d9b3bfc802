/**
 * Resource calls of the native plugin: each RPC's request turned into the same handler call the dynamic host
 * makes (plain camelCase values), and the handler's answer turned back, secrets wrapped. No resource logic here:
 * what differs between resources comes from their definitions (secretness, write-only inputs, importability).
 */
import { isImportable, type ResourceDefinition } from "../resources/common/definition";
import { namesWhere, propertiesOf } from "../shapes/property";
import { secretMarksOf } from "../shapes/secrets";
import { LookupNotFoundError } from "../resources/common/get";
import type { ResourceHandler } from "../resources/common/handler";
import type { PropertyBag } from "../resources/common/jsonValues";
import { REGISTRY } from "../resources/registry";
import { provider as proto, type Struct } from "./protocol";
import { tokenOf } from "./schema";
import { engineLog } from "./engineLog";
import { importRefusal, unrepresentableImport, writeOnlyAdvice } from "./importAdvice";
import { forResource } from "../resources/common/programName";
import { requestName, requestType, type NamedRequest } from "./urn";
import { fromStruct, mergeMarks, toStruct, wholeKeys, type SecretMarks } from "./values";

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

/** The registered resource a request is for, by the type the engine sends (or its URN's, from older engines). */
export function resourceFor(req: NamedRequest): Resource {
  const type = requestType(req);
  const resource = BY_TOKEN.get(type);
  if (!resource) throw new Error(`the tenant provider has no resource type "${type}"; it offers ${[...BY_TOKEN.keys()].join(", ")}`);
  return resource;
}

/**
 * Outputs (or inputs, for Check and Read) wrapped as secrets where the inputs had one (`inputMarks`), every property
 * the definition declares secret, and each secret field further down (a webhook's token), alone: however the program
 * passed it (a plain string from YAML or Python included), as the dynamic door does, and with what lies beside it
 * shown, so a diff names a changed endpoint.
 */
function outputsStruct(resource: Resource, outputs: unknown, inputMarks: SecretMarks): Struct {
  const bag = (outputs ?? {}) as PropertyBag;
  const { definition } = resource;
  const declared = [propertiesOf(definition.outputs), propertiesOf(definition.inputs)].map((shapes) => secretMarksOf(shapes, bag));
  return toStruct(bag, mergeMarks(wholeKeys(resource.secretProperties), inputMarks, ...declared));
}

export async function check(req: InstanceType<typeof proto.CheckRequest>): Promise<InstanceType<typeof proto.CheckResponse>> {
  const resource = resourceFor(req);
  const olds = fromStruct(req.getOlds());
  const news = fromStruct(req.getNews());
  const result = await (await resource.handler()).check(olds.plain, news.plain);
  const response = new proto.CheckResponse();
  // Inputs come back as the engine stores them: secrets must be envelopes here (the engine does not re-mark them).
  response.setInputs(outputsStruct(resource, result.inputs ?? news.plain, news.secretMarks));
  response.setFailuresList(
    (result.failures ?? []).map((failure) => new proto.CheckFailure().setProperty(failure.property).setReason(failure.reason)),
  );
  return response;
}

export async function diff(req: InstanceType<typeof proto.DiffRequest>): Promise<InstanceType<typeof proto.DiffResponse>> {
  const resource = resourceFor(req);
  const handler = await resource.handler();
  // A replacement's warning (common/diff.ts) goes under the resource.
  const result = await serving(req, () => handler.diff(req.getId(), fromStruct(req.getOlds()).plain, fromStruct(req.getNews()).plain));
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

/** Runs a handler's call for the resource the request names: what it tells the user names it and goes under it. */
function serving<T>(req: NamedRequest, call: () => Promise<T>): Promise<T> {
  return forResource({ name: requestName(req), urn: req.getUrn() ?? "" }, call);
}

export async function create(req: InstanceType<typeof proto.CreateRequest>): Promise<InstanceType<typeof proto.CreateResponse>> {
  const resource = resourceFor(req);
  const inputs = fromStruct(req.getProperties());
  const handler = await resource.handler();
  const result = await serving(req, () => handler.create(inputs.plain));
  return new proto.CreateResponse().setId(result.id).setProperties(outputsStruct(resource, result.outs, inputs.secretMarks));
}

/**
 * Refresh (stored outputs and inputs given), `.get` (the program's inputs, usually none), and `pulumi import`
 * (the id alone: no inputs at all). The handlers tell the last two apart from a refresh by the empty property bag,
 * as they do for the dynamic host's `.get`; an import's errors are put in import words here.
 */
export async function read(req: InstanceType<typeof proto.ReadRequest>): Promise<InstanceType<typeof proto.ReadResponse>> {
  const resource = resourceFor(req);
  const stored = fromStruct(req.getProperties());
  const storedInputs = fromStruct(req.getInputs());
  const isImport = !req.hasInputs() && Object.keys(stored.plain).length === 0;
  if (isImport && !isImportable(resource.definition)) throw importRefusal(resource.definition, req.getId());
  const handler = await resource.handler();
  const result = await serving(req, () => handler.read(req.getId(), stored.plain)).catch((error: unknown) => {
    // The engine's own words for an id that names nothing ("resource '<id>' does not exist"), then the handler's why.
    if (isImport && error instanceof LookupNotFoundError) throw new Error(`resource '${error.id}' does not exist: ${error.detail}`);
    throw error;
  });
  const response = new proto.ReadResponse().setId(result.id ?? "");
  // An empty id means the object is gone; the engine then drops it from state.
  if (!result.id) return response;
  if (isImport) {
    // The engine's import checks the inputs read against themselves, and the CLI writes the program's code from them.
    const { failures = [] } = await handler.check(result.inputs ?? {}, result.inputs ?? {});
    if (failures.length > 0) throw unrepresentableImport(resource.definition, req.getId(), failures);
  }
  const advice = isImport ? writeOnlyAdvice(resource.definition, result.inputs) : undefined;
  if (advice) await engineLog("warning", advice, req.getUrn());
  const secretMarks = mergeMarks(stored.secretMarks, storedInputs.secretMarks);
  return response
    .setProperties(outputsStruct(resource, result.props, secretMarks))
    .setInputs(outputsStruct(resource, result.inputs, secretMarks));
}

export async function update(req: InstanceType<typeof proto.UpdateRequest>): Promise<InstanceType<typeof proto.UpdateResponse>> {
  const resource = resourceFor(req);
  const news = fromStruct(req.getNews());
  const handler = await resource.handler();
  const result = await serving(req, () => handler.update(req.getId(), fromStruct(req.getOlds()).plain, news.plain));
  return new proto.UpdateResponse().setProperties(outputsStruct(resource, result.outs, news.secretMarks));
}

export async function remove(req: InstanceType<typeof proto.DeleteRequest>): Promise<void> {
  const handler = await resourceFor(req).handler();
  await serving(req, () => handler.delete(req.getId(), fromStruct(req.getProperties()).plain));
}

