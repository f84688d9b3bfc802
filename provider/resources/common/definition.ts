/**
 * The shape every resource definition (`<resource>/definition.ts`) has. A definition is a plain object:
 *   name             the type name (token `pulumi-nodejs:dynamic/tenant:<name>`, `tenant:index:<name>` in the plugin)
 *   module           the folder under resources/ whose handler the frozen provider text requires
 *   description      the class's TSDoc
 *   getDescription   the TSDoc of its static `get`
 *   argsDescription  the TSDoc of its constructor's `args`
 *   inputs           a strict zod object in camelCase: check validates with it, the Args type comes from it
 *   outputs          a zod object of the output properties the class declares (inputs may appear again)
 *   scopes           the management-API scopes each operation's calls need (the README's scope table)
 *   identity         what the id is and how a resource is tied to its tenant (guards and `.get` errors)
 *   adoptionRecord   for what create adopts and destroy puts back: the output recording it (common/adoption.ts)
 * Each property's schema carries its metadata (`property(schema, meta)`, shapes/property.ts): description,
 * secretness, what a change does, defaults, set semantics, what the service keeps, how stored state falls back.
 * From these the handler builder (defineHandler.ts) supplies check, diff, the reading of stored state and the
 * secrets every call redacts; the type generator the public class; the plugin its schema.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import type { ExportRule } from "./exported";
import type { PropertyBag } from "./jsonValues";

/** What a resource's id is, and what ties it to its tenant. */
export type Identity =
  /** One per tenant: the id is the tenant's domain (with its port). `noun` names it in messages ("policy"). */
  | { kind: "tenant"; noun: string }
  /**
   * One per key within the tenant (a factor, by its name): `key` is the input naming it (an enum: every key there is),
   * and `tenantOutput` records the tenant it belongs to.
   */
  | { kind: "keyed"; noun: string; key: string; tenantOutput: string }
  /** The service's own id, e.g. `est_…` (`prefix`); a `.get` or import of an id it does not know is not found. */
  | { kind: "service"; noun: string; prefix: string }
  /** An id of the package's making, which the service cannot look up (a ticket's digest). */
  | { kind: "minted" };

/**
 * The record of what a resource adopted. The fields it manages are its inputs that change in place (not `replace`, not
 * `ignore`); the record holds those the program manages as the tenant had them (`null`: unset), never a secret.
 */
export interface AdoptionRecord {
  /**
   * The output holding it: the one field's value alone, when the output is no object, else an object of fields.
   * `null` when nothing was recorded: after a `.get` or an import of a setting (destroy then leaves it as it is), or
   * for what create made rather than adopted (destroy then deletes it).
   */
  output: string;
  /**
   * The fields that must be set for the tenant to hold such a setting at all: what `pulumi-tenant export` lists, and,
   * for a setting with a write-only secret, what create can adopt without it. Default: the tenant always holds one.
   */
  heldWhen?: readonly string[];
  /** The output saying whether the stack replaced a secret the service returns in clear (never stored, never put back). */
  secretReplacedAs?: string;
}

/** A management-API scope, `<action>:<api resource>`, e.g. `read:guardian_factors`. */
export type Scope = `${"create" | "read" | "update" | "delete"}:${string}`;

/**
 * The scopes an operation's calls need, every path of it included (e.g. a create that adopts what exists reads and
 * updates too); empty when the operation makes no call. `read` serves refresh, `.get` and `pulumi import`.
 */
export interface OperationScopes {
  create: readonly Scope[];
  read: readonly Scope[];
  update: readonly Scope[];
  delete: readonly Scope[];
}

/**
 * The scopes of a tenant setting the API can read and set but not delete: create reads what it adopts before it
 * writes, and delete writes back what create found.
 */
export function settingScopes(apiResource: string): OperationScopes {
  const read = `read:${apiResource}` as const;
  const update = `update:${apiResource}` as const;
  // Delete reads first: it decides from the tenant whether to put the recorded value back.
  return { create: [read, update], read: [read], update: [update], delete: [read, update] };
}

/**
 * The scopes of a tenant setting of several fields (common/settingLifecycle.ts): as `settingScopes`, and an update reads
 * too (the fields left out of a whole-object write, or what a write's answer lacks).
 */
export function fieldsSettingScopes(apiResource: string): OperationScopes {
  return { ...settingScopes(apiResource), update: [`read:${apiResource}`, `update:${apiResource}`] };
}

/**
 * What makes a definition a tenant setting (settingLifecycle.ts), spread into it: one per tenant (its id the tenant's
 * domain), or, given `key`, one per key (its id the key, the tenant recorded in the output `tenantDomain`); adopted by
 * every create, recorded in `record`, put back by destroy.
 */
export function tenantSetting<const Record extends AdoptionRecord>(setting: {
  /** How messages name it: "policy", "MFA settings". */
  noun: string;
  /** A setting kept per key: the input naming it (an enum of every key there is). */
  key?: string;
  record: Record;
  scopes: OperationScopes;
}): { identity: Identity; adopts: "always"; adoptionRecord: Record; scopes: OperationScopes } {
  const { noun, key, record, scopes } = setting;
  const identity: Identity = key === undefined ? { kind: "tenant", noun } : { kind: "keyed", noun, key, tenantOutput: "tenantDomain" };
  return { identity, adopts: "always", adoptionRecord: record, scopes };
}

export interface ResourceDefinition<Inputs extends z.ZodObject = z.ZodObject, Outputs extends z.ZodObject = z.ZodObject> {
  name: string;
  module: string;
  description: string;
  getDescription: string;
  argsDescription: string;
  inputs: Inputs;
  outputs: Outputs;
  identity: Identity;
  /** Inputs stored among the outputs as the program gave them (what the service never returns, say); "all" for every one. */
  echoedInputs?: readonly string[] | "all";
  /** Check rules across properties (the per-property ones are in the schema); unknown values are skipped. */
  rules?: (inputs: PropertyBag) => CheckFailure[];
  /**
   * Whether create adopts what the tenant already has: "always" (a tenant setting: it reads first and writes only
   * what differs), or "whenAsked" (with the input `adoptExisting: true`). Adopting, a value the service keeps
   * (`keptWhenOmitted`) may be left out, as on an existing resource: the tenant's stays.
   */
  adopts?: "always" | "whenAsked";
  /**
   * What create records of what it adopts, which destroy puts back (common/adoption.ts). A definition that adopts
   * "always" and declares this is a tenant setting: its handler gives only the requests (common/settingLifecycle.ts).
   */
  adoptionRecord?: AdoptionRecord;
  /**
   * A replacement must delete the old resource first, `because` the value of the input `unique` must be free (a
   * stream's name is unique in the tenant); `loses` says, from the old resource's stored outputs, what goes with it
   * ("its partner event source …"). The preview warns so, and a create that fails after that delete says what is gone
   * and how to recover (replacement.ts).
   */
  replaceDeletesFirst?: { unique: string; because: string; loses: (recorded: PropertyBag) => string };
  /** What the client's token must hold for each operation; checked against the emulator's routes by running them. */
  scopes: OperationScopes;
  /**
   * Scopes some operations use when the client's token holds them and do without otherwise, saying what they could
   * not do and how to do it by hand (a policy's side effect on another setting): which, per operation, and what they
   * serve. The README's scope table marks them.
   */
  optionalScopes?: { scopes: Partial<OperationScopes>; serve: string };
  /**
   * The scopes no published source gives for these calls (the service documents none for the endpoint): which, and
   * what they rest on instead ("the package's choice"). The README's scope table marks them.
   */
  unpublishedScopes?: { scopes: readonly Scope[]; basis: string };
  /**
   * Set when the service cannot read one back: why, in words that fit a `.get` or an import (which it fails). A
   * refresh then keeps the stored state as it is, and the handler has no read of its own to write.
   */
  unreadable?: string;
  /** How `pulumi-tenant export` declares what the tenant holds of this type, or why it does not (common/exported.ts). */
  exported?: ExportRule;
  /**
   * Its destroy may warn (what it leaves on the tenant). The warning names the resource as the program did, which a
   * dynamic provider's delete is not told: the class then keeps that name in state (programName.ts), a few bytes
   * that the types whose destroy says nothing go without.
   */
  warnsOnDestroy?: true;
}

/**
 * Whether these inputs may leave out a value the service keeps: on an existing resource, or on a create that adopts
 * what the tenant has (the create then fails before any write when there is nothing to adopt).
 */
export function mayKeepServiceValues(definition: ResourceDefinition, existing: boolean, inputs: Record<string, unknown>): boolean {
  return existing || definition.adopts === "always" || (definition.adopts === "whenAsked" && inputs.adoptExisting === true);
}

/** Whether `pulumi import` (and `.get`) can read a resource of this definition back by id. */
export function isImportable(definition: ResourceDefinition): boolean {
  return definition.unreadable === undefined;
}

/** A definition with its literal names kept (`name: "MfaPolicy"`), checked against the shape above. */
export function defineResource<const Definition extends ResourceDefinition>(definition: Definition): Definition {
  return definition;
}

/** The inputs a definition validates, as handlers receive them after check (defaults filled in). */
export type InputsOf<Definition extends ResourceDefinition> = z.infer<Definition["inputs"]>;

type EchoedOf<Definition extends ResourceDefinition> = Definition extends { echoedInputs: "all" }
  ? keyof InputsOf<Definition>
  : Definition extends { echoedInputs: readonly (infer Key)[] }
    ? Extract<Key, keyof InputsOf<Definition>>
    : never;

/** What a handler's calls return as a resource's outputs: the definition's outputs and the inputs it echoes. */
export type OutputsOf<Definition extends ResourceDefinition> = z.infer<Definition["outputs"]> & Pick<InputsOf<Definition>, EchoedOf<Definition>>;

/** What state holds: the outputs and `schemaVersion`, which lets later handlers read what this version wrote. */
export type StoredOutputs<Definition extends ResourceDefinition> = OutputsOf<Definition> & { schemaVersion: number };
