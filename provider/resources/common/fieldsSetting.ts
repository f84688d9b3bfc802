/**
 * The lifecycle of a tenant setting of several fields (Duo's keys, a WebAuthn factor's options, the MFA session
 * settings, the one-time codes, the push factor's app), which the API can set but not delete. Each field is an input
 * the program may leave out, and one left out is not managed: never compared, and a write that must send the whole
 * object fills it from the tenant's, read just before (or by the create's own read).
 *
 * Create reads first, records what the tenant had of the fields the program manages, and writes only when a given
 * field differs (adopting a tenant as it is writes nothing); an update records a field the program starts to manage
 * and forgets one it stops managing; refresh is one read, reporting as inputs only the managed fields; delete reads
 * the tenant and puts back the managed fields create found with one write, none when the tenant holds them (a change
 * by hand since the last refresh is undone too), never touching a field the program left out; a resource brought in
 * by `get` or an import records nothing and leaves the setting.
 * What cannot be put back (a field the tenant had not set, which no recorded call clears; a returned secret the stack
 * replaced, which is never stored) stays, and delete says so in a warning.
 *
 * A secret the service returns in clear (Duo's key) reaches the handler as a ReturnedSecret: it is compared with the
 * program's own value and sent back when the program leaves it out, and the outputs hold the program's value only,
 * dropped by a refresh that finds the tenant's differs (a drift on that input, never the tenant's key).
 */
import { ReturnedSecret } from "../../client/returnedSecret";
import { propertiesOf, type PropertyShape } from "../../shapes/property";
import type { OperationContext } from "./operationContext";
import type { InputsOf, OutputsOf, ResourceDefinition, StoredOutputs } from "./definition";
import type { ResourceOperations } from "./operations";
import { inputChanged } from "./diff";
import { LookupNotFoundError } from "./get";
import type { PropertyBag } from "./jsonValues";

type Name<Definition extends ResourceDefinition> = keyof InputsOf<Definition> & keyof OutputsOf<Definition> & string;

export interface FieldsSetting<Definition extends ResourceDefinition> {
  /** The inputs that are the setting's fields; the output of the same name reports the tenant's. */
  fields: readonly Name<Definition>[];
  /** The output recording the fields create found, put back on delete (`null` after `get` or an import). */
  recordedAs: keyof OutputsOf<Definition> & string;
  /** A secret field the service returns in clear, and the output saying whether the stack replaced the tenant's. */
  returnedSecret?: { field: Name<Definition>; replacedAs: keyof OutputsOf<Definition> & string };
  /** A setting kept per key (a factor): the input naming it (also the resource's id) and every key there is. */
  key?: { input: Name<Definition>; all: readonly string[] };
  /**
   * The setting as the tenant holds it, flattened: each field (`null` when unset; a returned secret as a
   * ReturnedSecret), and anything else the outputs report.
   */
  read(context: OperationContext, key: string | undefined): Promise<PropertyBag>;
  /**
   * Writes the fields wanted (those the program gives, or those delete puts back) and answers the setting as it then
   * is, flattened as `read` does — unless `answered` is false (a delete, which has no use for it). A write that sends
   * the whole object sends `whole()`: every field, those `wanted` leaves out as the tenant holds them (read just
   * before, only when one is left out).
   */
  write(context: OperationContext, wanted: PropertyBag, whole: () => Promise<PropertyBag>, key: string | undefined, answered: boolean): Promise<PropertyBag>;
  /** Whether the tenant holds a setting worth declaring (what `pulumi-tenant export` lists); default: always. */
  held?(live: PropertyBag): boolean;
}

export function fieldsSettingCalls<Definition extends ResourceDefinition>(
  definition: Definition,
  setting: FieldsSetting<Definition>,
): ResourceOperations<Definition> {
  const { identity } = definition;
  const shapes = setting.fields.map((name) => propertiesOf(definition.inputs).find((shape) => shape.name === name) as PropertyShape);
  const secretField = setting.returnedSecret?.field;
  const replacedAs = setting.returnedSecret?.replacedAs;
  const tenantOutput = identity.kind === "keyed" ? identity.tenantOutput : undefined;
  const keyInput = setting.key?.input;
  const keyOf = (bag: object | undefined): string | undefined => (keyInput === undefined || bag === undefined ? undefined : String((bag as PropertyBag)[keyInput]));
  const outputs = (bag: PropertyBag): OutputsOf<Definition> => bag as OutputsOf<Definition>;

  /** The fields the program gives: those left out are not managed. */
  const given = (desired: object): PropertyBag =>
    Object.fromEntries(setting.fields.filter((name) => (desired as PropertyBag)[name] !== undefined).map((name) => [name, (desired as PropertyBag)[name]]));

  /** The given fields whose value the tenant does not hold (a returned secret compared through its wrapper). */
  const differing = (live: PropertyBag, wanted: PropertyBag): string[] =>
    shapes
      .filter((shape) => wanted[shape.name] !== undefined)
      .filter((shape) => {
        const held = live[shape.name];
        if (shape.name === secretField) return !(held instanceof ReturnedSecret && held.matches(wanted[shape.name]));
        return inputChanged(shape, held, wanted[shape.name]);
      })
      .map((shape) => shape.name);

  /** The tenant's setting as outputs: a returned secret is the program's own value when the tenant holds it, else absent. */
  function asOutputs(live: PropertyBag, programSecret: unknown): PropertyBag {
    const result: PropertyBag = { ...live };
    if (secretField !== undefined) {
      const held = live[secretField];
      result[secretField] = held instanceof ReturnedSecret && held.matches(programSecret) ? programSecret : undefined;
    }
    return result;
  }

  /** The fields `wanted` manages that a record keeps: all but a returned secret (never stored). */
  const recordable = (wanted: PropertyBag): string[] => Object.keys(wanted).filter((name) => name !== secretField);

  /**
   * What delete puts back: each field the program manages as the tenant had it before the stack first managed it
   * (`null`: unset), those of `recorded` kept, a newly managed one from `before`; a field no longer managed is
   * dropped, and stays as the tenant holds it.
   */
  const recordOf = (wanted: PropertyBag, recorded: PropertyBag, before: PropertyBag | undefined): PropertyBag =>
    Object.fromEntries(recordable(wanted).map((name) => [name, name in recorded ? recorded[name] : (before?.[name] ?? null)]));

  /** A record of what create found, when there is one (`null` after `get` or an import). */
  const recordIn = (stored: PropertyBag): PropertyBag | undefined => {
    const recorded = stored[setting.recordedAs];
    return recorded !== null && typeof recorded === "object" ? (recorded as PropertyBag) : undefined;
  };

  /** A keyed setting's outputs that name it: its key, and the tenant it belongs to (as recorded, if it was). */
  async function identifying(context: OperationContext, key: string | undefined, stored: PropertyBag | undefined): Promise<PropertyBag> {
    if (keyInput === undefined || tenantOutput === undefined) return {};
    const recorded = stored?.[tenantOutput];
    return { [keyInput]: key, [tenantOutput]: typeof recorded === "string" ? recorded : await context.tenantDomain() };
  }

  /** Every field for a whole-object write: `wanted`, and the tenant's for those it leaves out, read once if any is. */
  const wholeOf = (wanted: PropertyBag, tenant: () => Promise<PropertyBag>): (() => Promise<PropertyBag>) => {
    let whole: Promise<PropertyBag> | undefined;
    const complete = setting.fields.every((name) => wanted[name] !== undefined);
    return () => (whole ??= complete ? Promise.resolve({ ...wanted }) : tenant().then((live) => ({ ...pick(live, setting.fields), ...wanted })));
  };

  /** Warns, naming the resource as the program did, that what the stack set stays on the tenant, and why. */
  const stays = (context: OperationContext, why: string): Promise<void> =>
    context.warn(`${context.named} was removed from the stack; ${why}. Change it in the service's dashboard if it is no longer wanted.`);

  return {
    async create(desired, context) {
      const key = keyOf(desired);
      const before = await setting.read(context, key);
      const wanted = given(desired);
      const changed = differing(before, wanted);
      const written = changed.length > 0 ? await setting.write(context, wanted, wholeOf(wanted, async () => before), key, true) : {};
      const programSecret = secretField === undefined ? undefined : wanted[secretField];
      // A key the program sent in place of one the tenant held: that one is gone for good.
      const replaced = secretField !== undefined && changed.includes(secretField) && before[secretField] instanceof ReturnedSecret;
      const id = key ?? (await context.tenantDomain());
      return {
        id,
        outputs: outputs({
          ...asOutputs({ ...before, ...written }, programSecret),
          [setting.recordedAs]: recordOf(wanted, {}, before),
          ...(replacedAs ? { [replacedAs]: replaced } : {}),
          ...(await identifying(context, key, undefined)),
        }),
      };
    },

    async read(id, stored, context) {
      const key = keyInput === undefined ? undefined : id;
      if (key !== undefined && !setting.key?.all.includes(key)) {
        const detail = `no such ${keyInput}; the known ones are ${setting.key?.all.map((name) => `"${name}"`).join(", ")}.`;
        throw stored ? new Error(`${context.what} "${id}": ${detail}`) : new LookupNotFoundError(context.what, id, detail);
      }
      await context.connection();
      const now = await setting.read(context, key);
      const programSecret = secretField === undefined ? undefined : (stored as PropertyBag | undefined)?.[secretField];
      const recorded = stored === undefined ? undefined : recordIn(stored as PropertyBag);
      return {
        id,
        // A field the program leaves out is no input of it: a refresh reports none, so no diff shows one as removed.
        unmanaged: recorded === undefined ? [] : setting.fields.filter((name) => name !== secretField && !(name in recorded)),
        outputs: outputs({
          [setting.recordedAs]: null,
          ...(replacedAs ? { [replacedAs]: false } : {}),
          ...stored,
          ...(await identifying(context, key, stored)),
          ...asOutputs(now, programSecret),
        }),
      };
    },

    async update(_id, stored, desired, context) {
      await context.connection();
      const key = keyOf(desired);
      const wanted = given(desired);
      const storedBag = stored as PropertyBag;
      const recorded = recordIn(storedBag);
      let live: Promise<PropertyBag> | undefined;
      const tenant = (): Promise<PropertyBag> => (live ??= setting.read(context, key));
      // A field the program starts to manage is recorded as the tenant holds it just before this write.
      const newlyManaged = recorded !== undefined && recordable(wanted).some((name) => !(name in recorded));
      const before = newlyManaged ? await tenant() : undefined;
      const written = await setting.write(context, wanted, wholeOf(wanted, tenant), key, true);
      const programSecret = secretField === undefined ? undefined : wanted[secretField];
      // A key sent that is not the one the stack sent before replaces what the tenant held (or what replaced it).
      const replaced =
        replacedAs !== undefined && (storedBag[replacedAs] === true || (programSecret !== undefined && programSecret !== storedBag[secretField as string]));
      return outputs({
        ...storedBag,
        ...asOutputs(written, programSecret),
        [setting.recordedAs]: recorded === undefined ? null : recordOf(wanted, recorded, before),
        ...(replacedAs ? { [replacedAs]: replaced } : {}),
        ...(keyInput ? { [keyInput]: key } : {}),
      });
    },

    async list(context) {
      const domain = await context.tenantDomain();
      const keys = setting.key?.all ?? [undefined];
      const listed: { id: string; outputs: OutputsOf<Definition> }[] = [];
      for (const key of keys) {
        const live = await setting.read(context, key);
        if (setting.held && !setting.held(live)) continue;
        const naming = keyInput === undefined || tenantOutput === undefined ? {} : { [keyInput]: key, [tenantOutput]: domain };
        listed.push({
          id: key ?? domain,
          outputs: outputs({ ...asOutputs(live, undefined), [setting.recordedAs]: null, ...(replacedAs ? { [replacedAs]: false } : {}), ...naming }),
        });
      }
      return listed;
    },

    async delete(id, stored: StoredOutputs<Definition>, context) {
      const storedBag = stored as PropertyBag;
      const found = recordIn(storedBag);
      // Nothing recorded (after get or import): the setting stays as it is.
      if (found === undefined) return;
      await context.connection();
      const key = keyInput === undefined ? undefined : keyOf(stored) || id;
      if (replacedAs !== undefined && storedBag[replacedAs] === true) {
        return stays(context, `the tenant keeps what the stack set: its ${secretField} replaced the one the tenant had, which is never stored and cannot be put back`);
      }
      // Decided by the tenant, not the state: a change made by hand since the last refresh is put back too.
      const live = await setting.read(context, key);
      // A field the tenant did not have cannot be taken away (no recorded call clears one): it stays, said so.
      const unset = Object.keys(found).filter((name) => found[name] === null && live[name] !== null && live[name] !== undefined);
      if (unset.length > 0) {
        await stays(context, `its ${unset.join(", ")} stay${unset.length === 1 ? "s" : ""} as the stack set ${unset.length === 1 ? "it" : "them"}: the tenant had none, and no call known to work clears one`);
      }
      const restorable = withoutNulls(found);
      // Nothing to write, or the tenant holds it already. Only the fields the program managed are written back; a
      // write of the whole object sends every other one as the tenant holds it now.
      if (Object.keys(restorable).length === 0 || differing(live, restorable).length === 0) return;
      await setting.write(context, restorable, wholeOf(restorable, async () => live), key, false);
    },
  };
}

function pick(bag: PropertyBag, names: readonly string[]): PropertyBag {
  return Object.fromEntries(names.filter((name) => bag[name] !== undefined && bag[name] !== null).map((name) => [name, bag[name]]));
}

/** A recorded object's fields that were set: a `null` one was unset, which no write can send. */
function withoutNulls(fields: PropertyBag): PropertyBag {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}
