/**
 * The Read of a resource: a refresh (of a resource in state), or a `.get` or an import (of an id alone). A refresh
 * that finds nothing drops the resource; a `.get` or an import of an id that names nothing fails saying why
 * (get.ts); a type the service cannot read back keeps its stored state, and cannot be looked up. The inputs it reports
 * are those the outputs make, less what the program does not manage.
 */
import type { ReadResult } from "@pulumi/pulumi/dynamic";
import type { ResourceDefinition } from "./definition";
import { LookupNotFoundError, notFoundDetail } from "./get";
import { hasState, type PropertyBag } from "./jsonValues";
import { operationContext } from "./operationContext";
import type { ResourceOperations } from "./operations";
import type { KeepName } from "./programName";
import { existingResource, storedOutputsOf } from "./resourceState";
import { inputsFromOutputs } from "./storedState";

/** Reads resource `id` (`props`: its state, or nothing for a lookup); `keep` keeps the program's name in what it returns. */
export async function readResource<Definition extends ResourceDefinition>(
  definition: Definition,
  operations: ResourceOperations<Definition>,
  id: string,
  props: unknown,
  keep: KeepName,
): Promise<ReadResult> {
  const what = definition.name;
  const forGet = !hasState(props);
  const { stored, context } = forGet
    ? { stored: undefined, context: operationContext({ what, identity: definition.identity, id, forGet, secrets: [] }) }
    : await existingResource(definition, id, props);
  if (definition.unreadable !== undefined || !operations.read) {
    if (!stored) throw new LookupNotFoundError(what, id, definition.unreadable ?? "the service cannot read it back.");
    return { id, props: keep(stored), inputs: keep(inputsFromOutputs(definition, stored)) };
  }
  const found = await operations.read(id, stored, context);
  if (found) {
    const outputs = storedOutputsOf(definition, found.outputs);
    const inputs = without(inputsFromOutputs(definition, outputs), found.unmanaged ?? []);
    return { id: found.id, props: keep(outputs), inputs: keep(inputs) };
  }
  if (!forGet) return { id: "" };
  throw new LookupNotFoundError(what, id, notFoundDetail(definition.identity));
}

function without(bag: PropertyBag, names: readonly string[]): PropertyBag {
  return names.length === 0 ? bag : Object.fromEntries(Object.entries(bag).filter(([name]) => !names.includes(name)));
}
