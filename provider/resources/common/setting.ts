/**
 * The lifecycle of a tenant setting: a value the tenant always has, which the API can set but not delete (the push
 * provider selection, the MFA policy, the phone message types, one MFA factor). Create reads first and records what
 * the tenant had, and writes only when it differs from the declared value (adopting a tenant as it is writes
 * nothing); delete reads the tenant and puts the recorded value back unless the tenant holds it (whatever happened
 * since the last refresh: a change by hand is undone too); a resource brought in
 * by `get` or an import records nothing, and its delete leaves the setting as it is. Each resource gives only its
 * read, its write and whether a recorded value can be written back.
 */
import { propertiesOf, type PropertyShape } from "../../shapes/property";
import type { OperationContext } from "./operationContext";
import { inputChanged } from "./diff";
import type { InputsOf, OutputsOf, ResourceDefinition, StoredOutputs } from "./definition";
import type { ResourceOperations } from "./operations";
import { LookupNotFoundError } from "./get";
import type { PropertyBag } from "./jsonValues";

type Outputs<Definition extends ResourceDefinition> = Partial<OutputsOf<Definition>>;

export interface Setting<Definition extends ResourceDefinition, Value> {
  /** The input holding the value the resource sets; the output of the same name reports the tenant's. */
  value: keyof InputsOf<Definition> & keyof OutputsOf<Definition> & string;
  /** The output recording the value create found, put back on delete. */
  recordedAs: keyof OutputsOf<Definition> & string;
  /** For a setting kept per key (a factor), the input naming it, which is also the resource's id. */
  key?: keyof InputsOf<Definition> & keyof OutputsOf<Definition> & string;
  /** The detail of the error for an id that cannot name such a setting (a factor name that does not exist). */
  invalidId?(id: string): string | undefined;
  /** The setting as the tenant holds it: the value, and what else the service reports with it. */
  read(context: OperationContext, key: string | undefined): Promise<Outputs<Definition>>;
  /** A keyed setting: every one the tenant has (each with its key), in one read. */
  readAll?(context: OperationContext): Promise<Outputs<Definition>[]>;
  /** Sets the value; answers what the service reports back (the value at least). */
  write(context: OperationContext, value: Value, key: string | undefined): Promise<Outputs<Definition>>;
  /** Whether a recorded value is one this package can write back (the service may report values it does not know). */
  restorable(recorded: unknown): recorded is Value;
}

export function settingCalls<Definition extends ResourceDefinition, Value>(
  definition: Definition,
  setting: Setting<Definition, Value>,
): ResourceOperations<Definition> {
  const { identity } = definition;
  const valueShape = propertiesOf(definition.inputs).find((shape) => shape.name === setting.value) as PropertyShape;
  /** Whether writing `wanted` would change a setting that holds `held`, by the value's own comparison rules. */
  const changes = (held: unknown, wanted: unknown): boolean => inputChanged(valueShape, held, wanted);
  const tenantOutput = identity.kind === "keyed" ? identity.tenantOutput : undefined;
  const keyOf = (bag: object): string | undefined => (setting.key === undefined ? undefined : String((bag as PropertyBag)[setting.key]));
  const outputs = (bag: PropertyBag): OutputsOf<Definition> => bag as OutputsOf<Definition>;

  return {
    async create(desired, context) {
      const key = keyOf(desired);
      const before = await setting.read(context, key);
      const wanted = (desired as PropertyBag)[setting.value];
      const held = (before as PropertyBag)[setting.value];
      const written = changes(held, wanted) ? await setting.write(context, wanted as Value, key) : {};
      const id = key ?? (await context.tenantDomain());
      const recorded = (before as PropertyBag)[setting.value] ?? null;
      return { id, outputs: outputs({ ...before, ...written, [setting.recordedAs]: recorded, ...(await identifying(context, key, undefined)) }) };
    },
    async read(id, stored, context) {
      const invalid = setting.invalidId?.(id);
      if (invalid !== undefined) throw stored ? new Error(`${context.what} "${id}": ${invalid}`) : new LookupNotFoundError(context.what, id, invalid);
      const key = setting.key === undefined ? undefined : id;
      await context.connection();
      const now = await setting.read(context, key);
      return { id, outputs: outputs({ [setting.recordedAs]: null, ...stored, ...(await identifying(context, key, stored)), ...now }) };
    },
    async update(id, stored, desired, context) {
      await context.connection();
      const written = await setting.write(context, (desired as PropertyBag)[setting.value] as Value, keyOf(desired));
      return outputs({ ...stored, ...written, ...(setting.key ? { [setting.key]: keyOf(desired) } : {}) });
    },
    async list(context) {
      const domain = await context.tenantDomain();
      if (setting.key === undefined) return [{ id: domain, outputs: outputs({ ...(await setting.read(context, undefined)), [setting.recordedAs]: null }) }];
      const all = (await setting.readAll?.(context)) ?? [];
      return all.map((found) => {
        const key = String((found as PropertyBag)[setting.key as string]);
        return { id: key, outputs: outputs({ ...found, [setting.recordedAs]: null, ...(tenantOutput ? { [tenantOutput]: domain } : {}) }) };
      });
    },
    async delete(id, stored, context) {
      const recorded = (stored as PropertyBag)[setting.recordedAs];
      // Nothing recorded (after get or import), or a value this package cannot send: leave the setting as it is.
      if (recorded === null || !setting.restorable(recorded)) return;
      await context.connection();
      const key = setting.key === undefined ? undefined : keyOf(stored) || id;
      // Decided by the tenant, not the state: a change made by hand since the last refresh is put back too.
      const live = await setting.read(context, key);
      if (!changes((live as PropertyBag)[setting.value], recorded)) return;
      await setting.write(context, recorded, key);
    },
  };

  /** A keyed setting's outputs that name it: its key, and the tenant it belongs to (as recorded, if it was). */
  async function identifying(context: OperationContext, key: string | undefined, stored: StoredOutputs<Definition> | undefined): Promise<PropertyBag> {
    if (setting.key === undefined || tenantOutput === undefined) return {};
    const recorded = (stored as PropertyBag | undefined)?.[tenantOutput];
    return { [setting.key]: key, [tenantOutput]: typeof recorded === "string" ? recorded : await context.tenantDomain() };
  }
}
