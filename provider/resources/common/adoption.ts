/**
 * Record and restore, driven by the definition (its `adoptionRecord`, identity and inputs): create adopts what the
 * tenant holds, records it, and writes only the fields the program manages and only when they differ; destroy reads
 * the tenant again and puts back what was recorded (a change made by hand since the last refresh is undone too), with
 * no write when the tenant holds it. A tenant setting runs all of its life on this (settingLifecycle.ts); a resource
 * that adopts only when asked (PhoneTemplate) calls `adopt` and `restore` from its own create and delete.
 *
 * The fields are the inputs that change in place, each compared by the definition's rules (diff.ts). One the program
 * leaves out is not managed when its property says so (`unmanagedWhenOmitted`: never compared, never recorded);
 * otherwise leaving it out clears it (an SNS platform ARN), and its absence is recorded and put back. No secret is
 * recorded: one the service returns in clear (Duo's key) arrives as a ReturnedSecret, is compared with the program's,
 * and outputs hold the program's own value only; one it never returns (`writeOnly`: an SNS key, an APNs certificate)
 * cannot be compared, so a given one is always written, and create adopts without it only what the tenant holds.
 *
 * What cannot be put back stays, and destroy says so (`texts`): a secret the stack replaced; a configuration the
 * tenant did not have, which only a clearing request (`clear`) removes; a field the tenant had not set, which a write
 * that leaves it out leaves alone.
 */
import { ReturnedSecret } from "../../client/returnedSecret";
import { adoptedFieldsOf } from "./adoptedFields";
import { adoptionTexts, type AdoptionTexts } from "./adoptionTexts";
import type { AdoptionRecord, InputsOf, ResourceDefinition } from "./definition";
import type { PropertyBag } from "./jsonValues";
import type { OperationContext } from "./operationContext";
import { reportRefusedClear } from "./pushCredentials";
import { refusalKind } from "./refusals";

/** What a write is given beside the fields it writes. */
export interface WriteOptions<Definition extends ResourceDefinition> {
  /** The setting's key (a factor's name), for a setting kept per key. */
  key: string | undefined;
  /**
   * Every field, for a write that must send the whole object: those given, and the tenant's for those left out (read
   * just before, only when one is left out).
   */
  whole(): Promise<Partial<InputsOf<Definition>>>;
  /** The setting as the tenant holds it: as read before this write, or read now. */
  tenant(): Promise<PropertyBag>;
  /** Which write: create's (adopting), an update's, or destroy's (putting back; it has no use for the answer). */
  purpose: WritePurpose;
}

export type WritePurpose = "adopt" | "update" | "restore";

/** The requests that read and write what is adopted, and what its messages say; everything else comes from the definition. */
export interface AdoptionRequests<Definition extends ResourceDefinition> {
  /**
   * What the tenant holds, flattened: each field (`null` when unset; a returned secret as a ReturnedSecret) and what
   * else the outputs report; `undefined` when there is nothing left to put back (a template deleted by hand).
   */
  read(context: OperationContext, key: string | undefined): Promise<PropertyBag | undefined>;
  /** Writes the fields wanted (those the program gives, or those destroy puts back); answers as `read` does. */
  write(context: OperationContext, wanted: Partial<InputsOf<Definition>>, options: WriteOptions<Definition>): Promise<PropertyBag>;
  /** Removes a configuration the tenant did not have before the stack set one (SNS); without it, it stays, said so. */
  clear?(context: OperationContext, key: string | undefined): Promise<void>;
  /** What the messages say where the defaults (adoptionTexts.ts) do not fit. */
  texts?: AdoptionTexts;
}

export interface Adoption<Definition extends ResourceDefinition> {
  /** The record's output, and the output saying a returned secret was replaced. */
  declared: AdoptionRecord;
  /** Whether a setting as the tenant holds it (`live`) is one at all (`heldWhen`). */
  held(live: PropertyBag): boolean;
  /** Whether `desired` changes anything it manages of what the tenant holds (`live`). */
  changes(live: PropertyBag, desired: InputsOf<Definition>): boolean;
  /** What the tenant holds, as outputs: a secret as the program (`program`: inputs or stored outputs) gave it. */
  outputsOf(live: PropertyBag, program: PropertyBag): PropertyBag;
  /** Adopts what the tenant holds (`found`): writes what `desired` changes of it; the outputs, the record among them. */
  adopt(context: OperationContext, found: PropertyBag, desired: InputsOf<Definition>, key: string | undefined): Promise<PropertyBag>;
  /** Writes `desired` over a resource in state: the outputs, its record kept (a field newly managed recorded now). */
  rewrite(context: OperationContext, stored: PropertyBag, desired: InputsOf<Definition>, key: string | undefined): Promise<PropertyBag>;
  /** The record of every field as `live` holds it: what a `.get` or an import of what may have been created records. */
  recordOfAll(live: PropertyBag): unknown;
  /** Whether `stored` holds a record (`null` after a `.get` or an import of a setting, or for what create made). */
  recorded(stored: PropertyBag): boolean;
  /** The fields a resource in state does not manage (a refresh reports them as no input). */
  unmanaged(stored: PropertyBag | undefined): string[];
  /** Puts back what `stored` records (see the module comment). */
  restore(context: OperationContext, stored: PropertyBag, key: string | undefined): Promise<void>;
}

export function adoptionOf<Definition extends ResourceDefinition>(definition: Definition, requests: AdoptionRequests<Definition>): Adoption<Definition> {
  const declared: AdoptionRecord | undefined = definition.adoptionRecord;
  if (declared === undefined) throw new Error(`${definition.name} declares no adoptionRecord`);
  const { output, heldWhen = [], secretReplacedAs } = declared;
  const fields = adoptedFieldsOf(definition, output);
  const { returned, writeOnly } = fields;
  const texts = adoptionTexts(definition, requests.texts, { returned: returned?.name, writeOnly: writeOnly?.name });
  const held = (live: PropertyBag): boolean => heldWhen.every((name) => live[name] !== null && live[name] !== undefined);

  function writeOptions(wanted: PropertyBag, key: string | undefined, tenant: () => Promise<PropertyBag>, purpose: WritePurpose): WriteOptions<Definition> {
    let whole: Promise<PropertyBag> | undefined;
    const complete = fields.all.every((shape) => wanted[shape.name] !== undefined);
    // The fields left out, as the tenant holds those it has set.
    const fill = (live: PropertyBag): PropertyBag => ({
      ...Object.fromEntries(fields.all.filter((shape) => live[shape.name] != null).map((shape) => [shape.name, live[shape.name]])),
      ...wanted,
    });
    return {
      key,
      whole: () => (whole ??= complete ? Promise.resolve({ ...wanted }) : tenant().then(fill)) as Promise<Partial<InputsOf<Definition>>>,
      tenant,
      purpose,
    };
  }

  const write = (context: OperationContext, wanted: PropertyBag, options: WriteOptions<Definition>): Promise<PropertyBag> =>
    requests.write(context, wanted as Partial<InputsOf<Definition>>, options);

  /** A destroy's write: one the service refuses (4xx) is a warning when the texts say what then stays. */
  async function destroyWrite(context: OperationContext, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (texts.refused === undefined) throw error;
      await reportRefusedClear(context, error, texts.refused(context.named));
    }
  }

  return {
    declared,
    held,
    changes: (live, desired) => fields.differing(live, fields.given(desired as PropertyBag)).length > 0,
    outputsOf: fields.outputsOf,

    async adopt(context, found, desired, key) {
      const program = desired as PropertyBag;
      if (writeOnly !== undefined && program[writeOnly.name] === undefined && !held(found)) throw new Error(texts.noneToAdopt(context.what));
      const wanted = fields.given(program);
      const changed = fields.differing(found, wanted);
      const written = changed.length > 0 ? await write(context, wanted, writeOptions(wanted, key, async () => found, "adopt")) : {};
      const outputs: PropertyBag = { ...fields.outputsOf({ ...found, ...written }, wanted), [output]: fields.recordOf(fields.managed(program), {}, found) };
      if (secretReplacedAs !== undefined) {
        // A key the program sent in place of one the tenant held: that one is gone for good.
        outputs[secretReplacedAs] = returned !== undefined && changed.includes(returned.name) && found[returned.name] instanceof ReturnedSecret;
      }
      return outputs;
    },

    async rewrite(context, stored, desired, key) {
      const program = desired as PropertyBag;
      const wanted = fields.given(program);
      const recorded = fields.recordIn(stored);
      let live: Promise<PropertyBag> | undefined;
      const tenant = (): Promise<PropertyBag> => (live ??= requests.read(context, key).then((found) => found ?? {}));
      const names = fields.managed(program);
      // A field the program starts to manage is recorded as the tenant holds it just before this write.
      const before = recorded !== undefined && names.some((name) => !(name in recorded)) ? await tenant() : undefined;
      const written = await write(context, wanted, writeOptions(wanted, key, tenant, "update"));
      const outputs: PropertyBag = { ...fields.outputsOf(written, program), [output]: recorded === undefined ? null : fields.recordOf(names, recorded, before) };
      if (secretReplacedAs !== undefined && returned !== undefined) {
        // A key sent that is not the one the stack sent before replaces what the tenant held (or what replaced it).
        const sent = program[returned.name];
        outputs[secretReplacedAs] = stored[secretReplacedAs] === true || (sent !== undefined && sent !== stored[returned.name]);
      }
      return outputs;
    },

    recordOfAll: (live) => fields.recordOf(fields.recordable.map((shape) => shape.name), {}, live),
    recorded: (stored) => fields.recordIn(stored) !== undefined,
    unmanaged(stored) {
      const recorded = stored === undefined ? undefined : fields.recordIn(stored);
      return recorded === undefined ? [] : fields.recordable.filter((shape) => !(shape.name in recorded)).map((shape) => shape.name);
    },

    async restore(context, stored, key) {
      const recorded = fields.recordIn(stored);
      if (recorded === undefined) {
        // Nothing recorded (after a .get or an import): left as it is; a configuration no request removes says so.
        if (writeOnly !== undefined && requests.clear === undefined) {
          await context.connection();
          await context.warn(texts.noneFound(context.named));
        }
        return;
      }
      const { putBack, unset } = fields.putBackOf(recorded);
      // Nothing this package can send back (a value the service reports that it does not know), nothing to report.
      if (Object.keys(putBack).length === 0 && !unset) return;
      await context.connection();
      const replaced = secretReplacedAs !== undefined ? stored[secretReplacedAs] === true : writeOnly !== undefined && stored[writeOnly.name] !== undefined && held(recorded);
      if (replaced) return context.warn(texts.secretReplaced(context.named));
      if (writeOnly !== undefined && !held(recorded)) {
        // The tenant had no configuration: removed where a request does it, else it stays.
        const { clear } = requests;
        if (clear === undefined) return context.warn(texts.noneFound(context.named));
        return destroyWrite(context, () => clear(context, key));
      }
      // Decided by the tenant, not the state: a change made by hand since the last refresh is put back too.
      const live = await requests.read(context, key).catch((error: unknown) => {
        // A tenant whose plan no longer offers the setting: what the stack never changed needs no write, and no call could make one.
        if (refusalKind(error) === "plan" && fields.differing(stored, putBack).length === 0) return undefined;
        throw error;
      });
      if (live === undefined) return;
      if (Object.keys(putBack).length > 0 && fields.differing(live, putBack).length > 0) {
        // Only the fields the program managed are written back; a write of the whole object sends the others as they are.
        await destroyWrite(context, () => write(context, putBack, writeOptions(putBack, key, async () => live, "restore")));
      }
      // A field the tenant did not have cannot be taken away (no known request clears one): it stays, said so.
      const left = fields.leftAsSet(recorded, live);
      if (left.length > 0) for (const line of texts.leftAsSet(context.named, left, stored)) await context.warn(line);
    },
  };
}
