/**
 * The life of a tenant setting: what the tenant always has, which the API can set but not delete — one value (the MFA
 * policy, a factor's switch), several fields (Duo's keys, the MFA session settings), or a push credential. A definition
 * that adopts "always" and declares its `adoptionRecord` is one: its handler gives only the requests that read and write
 * it (and, for some, what its messages say), and defineHandler.ts builds the rest here, from the definition:
 *
 * - the id is the tenant's domain, or, for a setting kept per key (`identity.kind: "keyed"`), the key, with the
 *   tenant recorded beside it; an id that names no key fails before any call, listing the keys;
 * - create reads, records, and writes what differs (adoption.ts); an update writes, keeping the record and recording a
 *   field the program starts to manage; refresh is one read, reporting as inputs only the fields the program manages;
 * - delete puts back what create found (adoption.ts); a setting brought in by `.get` or an import recorded nothing,
 *   and its delete leaves it as it is;
 * - the listing (`pulumi-tenant export`) is one read per key, or one for all (`readAll`), of what the tenant holds;
 * - a setting whose write makes the service change another one (`sideEffect`) records that one before the first write
 *   that changes it, and delete puts it back after the setting itself.
 */
import type { InputsOf, OutputsOf, ResourceDefinition } from "./definition";
import { adoptionOf, type AdoptionRequests } from "./adoption";
import { LookupNotFoundError } from "./get";
import type { PropertyBag } from "./jsonValues";
import type { OperationContext } from "./operationContext";
import type { ResourceOperations } from "./operations";
import { propertiesOf } from "../../shapes/property";

/**
 * Another setting the service changes when this one is written (a `confidence-score` MFA policy turns risk assessment
 * on), recorded in the output `output` and put back by delete.
 */
export interface SideEffect {
  output: string;
  /**
   * Before a write of `wanted` over `current` (the tenant's setting as create read it, or the stored state on an
   * update): the other setting's value to record, or `null` when this write does not change it.
   */
  record(context: OperationContext, wanted: PropertyBag, current: PropertyBag): Promise<unknown>;
  /** After delete put this setting back: puts back what was recorded (`null`: nothing), `stored` being the state. */
  restore(context: OperationContext, recorded: unknown, stored: PropertyBag): Promise<void>;
}

/** What a tenant setting's handler gives. */
export interface SettingRequests<Definition extends ResourceDefinition> extends AdoptionRequests<Definition> {
  /** Another setting its writes change: recorded and put back. */
  sideEffect?: SideEffect;
  /** The setting as the tenant holds it (see AdoptionRequests); a setting is always there to read. */
  read(context: OperationContext, key: string | undefined): Promise<PropertyBag>;
  /** A setting kept per key: every one the tenant has, each with its key, in one read. */
  readAll?(context: OperationContext): Promise<PropertyBag[]>;
}

/** Whether a definition is a tenant setting, whose handler gives a setting's requests. */
export type IsSetting<Definition extends ResourceDefinition> = Definition extends { adopts: "always"; adoptionRecord: object } ? true : false;

export function isSetting(definition: ResourceDefinition): boolean {
  return definition.adopts === "always" && definition.adoptionRecord !== undefined;
}

export function settingOperations<Definition extends ResourceDefinition>(
  definition: Definition,
  requests: SettingRequests<Definition>,
): ResourceOperations<Definition> {
  const adoption = adoptionOf(definition, requests);
  const { declared } = adoption;
  const { identity } = definition;
  const keyed = identity.kind === "keyed" ? identity : undefined;
  const keyShape = propertiesOf(definition.inputs).find((shape) => shape.name === keyed?.key);
  const keys = keyShape?.type.kind === "enum" ? keyShape.type.values : [];
  const keyOf = (bag: object): string | undefined => (keyed === undefined ? undefined : String((bag as PropertyBag)[keyed.key]));
  const outputs = (bag: PropertyBag): OutputsOf<Definition> => bag as OutputsOf<Definition>;
  /** A fresh record: nothing recorded yet (a listing, or the first read of a `.get`). */
  const { sideEffect } = requests;
  const unrecorded: PropertyBag = {
    [declared.output]: null,
    ...(declared.secretReplacedAs ? { [declared.secretReplacedAs]: false } : {}),
    ...(sideEffect ? { [sideEffect.output]: null } : {}),
  };
  /** What a write of `desired` over `current` records of the other setting it changes: kept once recorded. */
  async function sideEffectRecord(context: OperationContext, desired: PropertyBag, current: PropertyBag, stored?: PropertyBag): Promise<PropertyBag> {
    if (sideEffect === undefined) return {};
    const kept = stored?.[sideEffect.output];
    if (kept !== undefined && kept !== null) return { [sideEffect.output]: kept };
    // A `.get` or import records nothing of the setting, nor of what its writes change.
    if (stored !== undefined && !adoption.recorded(stored)) return { [sideEffect.output]: null };
    return { [sideEffect.output]: await sideEffect.record(context, desired, current) };
  }

  /** A keyed setting's outputs that name it: its key, and the tenant it belongs to (as recorded, if it was). */
  async function identifying(context: OperationContext, key: string | undefined, stored: PropertyBag | undefined): Promise<PropertyBag> {
    if (keyed === undefined) return {};
    const recorded = stored?.[keyed.tenantOutput];
    return { [keyed.key]: key, [keyed.tenantOutput]: typeof recorded === "string" ? recorded : await context.tenantDomain() };
  }

  /** Every setting of the type the tenant has: one read for all (`readAll`), else one per key. */
  async function readEvery(context: OperationContext): Promise<{ key: string | undefined; live: PropertyBag }[]> {
    if (requests.readAll) return (await requests.readAll(context)).map((live) => ({ key: keyOf(live), live }));
    const every: { key: string | undefined; live: PropertyBag }[] = [];
    for (const key of keyed ? keys : [undefined]) every.push({ key, live: await requests.read(context, key) });
    return every;
  }

  /** The error for an id that names no key, before any call. */
  function unknownKey(context: OperationContext, id: string, stored: unknown): Error {
    const known = keys.map((name) => `"${name}"`).join(", ");
    const detail = `no such ${keyed?.key}; the known ${requests.texts?.keysCalled ?? "ones"} are ${known}.`;
    return stored ? new Error(`${context.what} "${id}": ${detail}`) : new LookupNotFoundError(context.what, id, detail);
  }

  return {
    async create(desired: InputsOf<Definition>, context) {
      const key = keyOf(desired);
      const found = await requests.read(context, key);
      const recorded = await sideEffectRecord(context, desired, found);
      const adopted = await adoption.adopt(context, found, desired, key);
      return { id: key ?? (await context.tenantDomain()), outputs: outputs({ ...adopted, ...recorded, ...(await identifying(context, key, undefined)) }) };
    },

    async read(id, stored, context) {
      const key = keyed === undefined ? undefined : id;
      if (key !== undefined && !keys.includes(key)) throw unknownKey(context, id, stored);
      await context.connection();
      const now = await requests.read(context, key);
      const storedBag = stored as PropertyBag | undefined;
      return {
        id,
        // A field the program leaves out is no input of it: a refresh reports none, so no diff shows one as removed.
        unmanaged: adoption.unmanaged(storedBag),
        outputs: outputs({ ...unrecorded, ...storedBag, ...(await identifying(context, key, storedBag)), ...adoption.outputsOf(now, storedBag ?? {}) }),
      };
    },

    async update(_id, stored, desired, context) {
      await context.connection();
      const key = keyOf(desired);
      const recorded = await sideEffectRecord(context, desired, stored as PropertyBag, stored as PropertyBag);
      const written = await adoption.rewrite(context, stored as PropertyBag, desired, key);
      return outputs({ ...(stored as PropertyBag), ...written, ...recorded, ...(keyed ? { [keyed.key]: key } : {}) });
    },

    async list(context) {
      const domain = await context.tenantDomain();
      const naming = (key: string | undefined): PropertyBag => (keyed === undefined ? {} : { [keyed.key]: key, [keyed.tenantOutput]: domain });
      return (await readEvery(context))
        .filter(({ live }) => adoption.held(live))
        .map(({ key, live }) => ({ id: key ?? domain, outputs: outputs({ ...adoption.outputsOf(live, {}), ...unrecorded, ...naming(key) }) }));
    },

    async delete(id, stored, context) {
      // A stored key missing (a state of an earlier version) reads as "": the id is the key.
      const key = keyed === undefined ? undefined : keyOf(stored) || id;
      await adoption.restore(context, stored as PropertyBag, key);
      if (sideEffect) await sideEffect.restore(context, (stored as PropertyBag)[sideEffect.output] ?? null, stored as PropertyBag);
    },
  };
}
