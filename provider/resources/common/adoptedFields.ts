/**
 * The fields of what a resource adopts, read from its definition (adoption.ts says what is done with them): the inputs
 * that change in place, less a keyed setting's key. How each compares, what the outputs hold of it, what the record
 * (`adoptionRecord.output`) keeps of it and in which form, and what of a record can be put back.
 */
import { ReturnedSecret } from "../../client/returnedSecret";
import { propertiesOf, type PropertyShape, type TypeShape } from "../../shapes/property";
import type { ResourceDefinition } from "./definition";
import { inputChanged } from "./diff";
import { isPlainObject, type PropertyBag } from "./jsonValues";

/** A record as the lifecycle reads it: each recorded field by name (`null`: unset). */
export type RecordedFields = PropertyBag;

export interface AdoptedFields {
  /** Every field, the secrets among them. */
  all: readonly PropertyShape[];
  /** A secret the service returns in clear (a ReturnedSecret on arrival), compared with the program's; never stored. */
  returned: PropertyShape | undefined;
  /** A secret the service never returns (`writeOnly`): it cannot be compared, so a given one is always written. */
  writeOnly: PropertyShape | undefined;
  /** The fields a record keeps: all but the secrets. */
  recordable: readonly PropertyShape[];
  /** The fields `desired` gives. */
  given(desired: PropertyBag): PropertyBag;
  /** The fields `desired` manages that a record keeps: those given, and those whose absence clears them. */
  managed(desired: PropertyBag): string[];
  /** The fields `wanted` would change of what the tenant holds (`live`). */
  differing(live: PropertyBag, wanted: PropertyBag): string[];
  /** What the tenant holds, as outputs: a secret as the program (`program`: inputs or stored outputs) gave it. */
  outputsOf(live: PropertyBag, program: PropertyBag): PropertyBag;
  /** Each of `names` as recorded, else as the tenant held it before (`null`: unset), as the record output holds it. */
  recordOf(names: readonly string[], recorded: RecordedFields, before: PropertyBag | undefined): unknown;
  /** The record `stored` holds, if any (`null`: nothing recorded). */
  recordIn(stored: PropertyBag): RecordedFields | undefined;
  /** What a record puts back (each field set, and the absence of one a write clears), and whether it holds unset fields. */
  putBackOf(recorded: RecordedFields): { putBack: PropertyBag; unset: boolean };
  /** The fields (paths) the record had unset and the tenant now holds, which a write leaving them out leaves alone. */
  leftAsSet(recorded: RecordedFields, live: PropertyBag): string[];
}

function fieldsOf(definition: ResourceDefinition): PropertyShape[] {
  const keyInput = definition.identity.kind === "keyed" ? definition.identity.key : undefined;
  return propertiesOf(definition.inputs).filter((shape) => shape.onChange !== "replace" && shape.onChange !== "ignore" && shape.name !== keyInput);
}

/** Whether leaving a field out (at any depth) leaves it alone, so that what the tenant did not have cannot be put back. */
const leftAlone = (shape: PropertyShape): boolean =>
  shape.unmanagedWhenOmitted === true || (shape.type.kind === "object" && shape.type.properties.some(leftAlone));

/**
 * Whether a destroy that restores may leave something on the tenant and say so: a secret, or a field that a write
 * leaving it out leaves alone. Such a definition declares `warnsOnDestroy`.
 */
export function restoreMayWarn(definition: ResourceDefinition): boolean {
  return definition.adoptionRecord !== undefined && fieldsOf(definition).some((shape) => shape.returnedInClear === true || shape.writeOnly === true || leftAlone(shape));
}

export function adoptedFieldsOf(definition: ResourceDefinition, recordOutput: string): AdoptedFields {
  const all = fieldsOf(definition);
  const returned = all.find((shape) => shape.returnedInClear === true);
  const writeOnly = all.find((shape) => shape.writeOnly === true);
  const recordable = all.filter((shape) => shape !== returned && shape !== writeOnly);
  // A record output that is no object holds the one field's value alone.
  const recordShape = propertiesOf(definition.outputs).find((shape) => shape.name === recordOutput);
  const single = recordShape?.type.kind === "object" ? undefined : recordable[0];
  if (recordShape === undefined || (single !== undefined && recordable.length !== 1)) {
    throw new Error(`${definition.name}: adoptionRecord.output must name an output: an object of the fields, or one field's value`);
  }

  return {
    all,
    returned,
    writeOnly,
    recordable,
    given: (desired) => Object.fromEntries(all.filter((shape) => desired[shape.name] !== undefined).map((shape) => [shape.name, desired[shape.name]])),
    managed: (desired) => recordable.filter((shape) => desired[shape.name] !== undefined || shape.unmanagedWhenOmitted !== true).map((shape) => shape.name),

    differing(live, wanted) {
      return all
        .filter((shape) => {
          const value = wanted[shape.name];
          const held = live[shape.name];
          if (shape === writeOnly) return value !== undefined; // it cannot be compared: given, it is sent
          if (shape === returned) return value !== undefined && !(held instanceof ReturnedSecret && held.matches(value));
          return inputChanged(shape, held, value);
        })
        .map((shape) => shape.name);
    },

    outputsOf(live, program) {
      const result: PropertyBag = { ...live };
      if (returned !== undefined) {
        const held = live[returned.name];
        result[returned.name] = held instanceof ReturnedSecret && held.matches(program[returned.name]) ? program[returned.name] : undefined;
      }
      if (writeOnly !== undefined) result[writeOnly.name] = program[writeOnly.name];
      return result;
    },

    recordOf(names, recorded, before) {
      const record = Object.fromEntries(names.map((name) => [name, name in recorded ? recorded[name] : (before?.[name] ?? null)]));
      return single === undefined ? record : (record[single.name] ?? null);
    },

    recordIn(stored) {
      const value = stored[recordOutput];
      if (value === null || value === undefined) return undefined;
      if (single !== undefined) return { [single.name]: value };
      return isPlainObject(value) ? value : undefined;
    },

    putBackOf(recorded) {
      const putBack: PropertyBag = {};
      let unset = false;
      for (const shape of recordable.filter((candidate) => candidate.name in recorded)) {
        const value = recorded[shape.name];
        if (value === null || value === undefined) {
          if (shape.unmanagedWhenOmitted === true) unset = true;
          else putBack[shape.name] = null;
        } else if (knownValue(shape.type, value)) putBack[shape.name] = value;
      }
      return { putBack, unset };
    },

    leftAsSet: (recorded, live) =>
      recordable.filter((shape) => shape.name in recorded).flatMap((shape) => leftAsSetUnder(shape, recorded[shape.name], live[shape.name], shape.name)),
  };
}

/** Whether a recorded value is one this package can send: an enum's value it knows (the service may report others). */
function knownValue(type: TypeShape, value: unknown): boolean {
  if (type.kind === "enum") return typeof value === "string" && type.values.includes(value);
  if (type.kind === "array") return Array.isArray(value) && value.every((item) => knownValue(type.items, item));
  return true;
}

function leftAsSetUnder(shape: PropertyShape, recorded: unknown, now: unknown, path: string): string[] {
  if (recorded === null || recorded === undefined) return shape.unmanagedWhenOmitted === true && now !== null && now !== undefined ? [path] : [];
  if (shape.type.kind !== "object" || !isPlainObject(recorded) || !isPlainObject(now)) return [];
  return shape.type.properties.flatMap((inner) => leftAsSetUnder(inner, recorded[inner.name], now[inner.name], `${path}.${inner.name}`));
}
