/**
 * A handler built from its definition. The resource's handler.ts gives only what talks to the service — create,
 * read, update and delete on typed values — and this supplies the rest of the contract the stored provider texts and
 * the plugin call: `configure`, `check` and `diff` (from the definition's metadata), the parsing of checked inputs
 * (defaults filled in) and of stored state of every handler version, `schemaVersion`, the inputs a Read reports, the
 * `.get` error of an id that names nothing, the tenant guard, and the secrets every call redacts: those of the
 * desired inputs and of the stored state, always both.
 *
 * Check and Diff load no request code: nothing here imports the client at run time.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { holdsReturnedSecret } from "../../client/returnedSecret";
import { secretStrings } from "../../shapes/secrets";
import { recordConfiguration, tenantConnection, tenantDomain } from "../tenantConnection";
import { makeCall, type Call } from "./call";
import { checkByDefinition, parseCheckedInputs } from "./check";
import type { InputsOf, OutputsOf, ResourceDefinition, StoredOutputs } from "./definition";
import { diffByDefinition, type DefinitionDiff } from "./diff";
import { LookupNotFoundError } from "./get";
import { reportingOnce } from "./hostReport";
import { withStoredSettingsNote } from "./storedSettings";
import type { ListedResource, ListingProgress, ResourceHandler, UndeclarableResource } from "./handler";
import { compact, hasState, withoutDoorKeys, PROGRAM_NAME_KEY, type PropertyBag } from "./jsonValues";
import { programNameIn } from "./programName";
import { replacementOf } from "./replacement";
import { inputsFromOutputs, needsTenantDomain, readStored, STATE_VERSION } from "./storedState";

/** What a resource's handler.ts writes: the calls, on typed values. */
export interface HandlerCalls<Definition extends ResourceDefinition> {
  /** Creates (or adopts) the resource: its id and outputs. */
  create(desired: InputsOf<Definition>, call: Call): Promise<{ id: string; outputs: OutputsOf<Definition> }>;
  /**
   * The resource as the service holds it now; `stored` is undefined for a `.get` or an import (nothing stored yet).
   * `undefined` when it is gone (a refresh then drops it; a `.get` fails naming the id). Not given for a definition
   * that is `unreadable`: its refresh keeps the stored state.
   */
  read?(id: string, stored: StoredOutputs<Definition> | undefined, call: Call): Promise<ReadFound<Definition> | undefined>;
  /** Updates in place; on an existing resource, values the service keeps may be missing from `desired`. */
  update(id: string, stored: StoredOutputs<Definition>, desired: InputsOf<Definition>, call: Call): Promise<OutputsOf<Definition>>;
  delete(id: string, stored: StoredOutputs<Definition>, call: Call): Promise<void>;
  /**
   * Every object of this type the tenant has, with the fewest requests, each with its outputs or, when no resource of
   * this type can declare it, why; not given when the service cannot list.
   */
  list?(call: Call, progress?: ListingProgress): Promise<({ id: string; outputs: OutputsOf<Definition> } | UndeclarableResource)[]>;
}

/** What a read found: the id and outputs, and the inputs the program does not manage (reported as no input). */
export interface ReadFound<Definition extends ResourceDefinition> {
  id: string;
  outputs: OutputsOf<Definition>;
  unmanaged?: readonly string[];
}

/** The contract, plus `remove` (what the module exports as `delete`, a word an export list cannot declare). */
export type BuiltHandler = ResourceHandler & { remove: ResourceHandler["delete"] };

export function defineHandler<Definition extends ResourceDefinition>(definition: Definition, calls: HandlerCalls<Definition>): BuiltHandler {
  const what = definition.name;
  const secretsOf = (desired: unknown, stored: unknown): string[] => [
    ...secretStrings(definition.inputs, withoutDoorKeys(desired)),
    ...secretStrings(definition.outputs, withoutDoorKeys(stored)),
    ...secretStrings(definition.inputs, withoutDoorKeys(stored)),
  ];
  /** The outputs as stored, with the program's name when the inputs or state gave one (programName.ts). */
  const finished = (outputs: OutputsOf<Definition>, programName?: string): StoredOutputs<Definition> => {
    // A secret the service returned (Duo's key) is the handler's to compare and send back, never state's.
    if (holdsReturnedSecret(outputs)) throw new Error(`${what}: a secret the service returned reached the outputs; nothing of it is stored`);
    return compact<PropertyBag>({ ...(outputs as PropertyBag), [PROGRAM_NAME_KEY]: programName, schemaVersion: STATE_VERSION }) as StoredOutputs<Definition>;
  };
  const replacement = replacementOf(definition);
  const withProgramName = (bag: PropertyBag, programName: string | undefined): PropertyBag =>
    programName === undefined ? bag : { ...bag, [PROGRAM_NAME_KEY]: programName };

  /** Stored state of any version, and the call for resource `id` that reads it. */
  async function existing(id: string, props: unknown, desired?: unknown, news?: unknown): Promise<{ stored: StoredOutputs<Definition>; call: Call }> {
    const domain = needsTenantDomain(definition, props) ? tenantDomain((await tenantConnection()).settings) : "";
    const stored = readStored(definition, props, () => domain);
    const { identity } = definition;
    const recordedTenant = identity.kind === "keyed" ? ((stored as PropertyBag)[identity.tenantOutput] as string | undefined) : undefined;
    const programName = programNameIn(news) ?? programNameIn(props);
    return { stored, call: makeCall({ what, identity, id, recordedTenant, programName, secrets: secretsOf(desired, props) }) };
  }

  /** A Read: of a resource in state (a refresh), or of an id alone (`.get`, an import). */
  async function read(id: string, props: unknown): Promise<ReadResult> {
    const forGet = !hasState(props);
    const { stored, call } = forGet
      ? { stored: undefined, call: makeCall({ what, identity: definition.identity, id, forGet, secrets: [] }) }
      : await existing(id, props);
    const programName = programNameIn(props);
    if (definition.unreadable !== undefined || !calls.read) {
      if (!stored) throw new LookupNotFoundError(what, id, definition.unreadable ?? "the service cannot read it back.");
      return { id, props: withProgramName(stored, programName), inputs: withProgramName(inputsFromOutputs(definition, stored), programName) };
    }
    const found = await calls.read(id, stored, call);
    if (found) {
      const outputs = finished(found.outputs, programName);
      const inputs = without(inputsFromOutputs(definition, outputs), found.unmanaged ?? []);
      return { id: found.id, props: outputs, inputs: withProgramName(inputs, programName) };
    }
    if (!forGet) return { id: "" };
    const { identity } = definition;
    const detail =
      identity.kind === "service"
        ? `the tenant has no ${identity.noun} with this id. Check the id (it starts with "${identity.prefix}").`
        : "the tenant has nothing with this id.";
    throw new LookupNotFoundError(what, id, detail);
  }

  /** Runs a call made with the settings the stack stored (a refresh's, a destroy's): see storedSettings.ts. */
  const withStoredSettings = async <Result>(run: () => Promise<Result>): Promise<Result> => {
    try {
      return await run();
    } catch (error) {
      throw await withStoredSettingsNote(error);
    }
  };

  const remove = (id: string, props: unknown): Promise<void> =>
    reportingOnce(() =>
      withStoredSettings(async () => {
        const { stored, call } = await existing(id, props);
        await calls.delete(id, stored, call);
        replacement.deleted(id, stored);
      }),
    );

  return {
    async configure(req: ConfigureRequest): Promise<void> {
      recordConfiguration(req);
    },
    check: (olds: unknown, news: unknown): Promise<CheckResult> =>
      reportingOnce(async () => {
        const checked = checkByDefinition(definition, olds, news);
        return { ...checked, inputs: checked.inputs && withProgramName(checked.inputs, programNameIn(news)) };
      }),
    diff: (_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> =>
      reportingOnce(async () => {
        const result = diffByDefinition(definition, olds, news);
        if (result.deleteBeforeReplace) await replacement.warn(olds, news);
        return result;
      }),
    async create(inputs: unknown): Promise<CreateResult<StoredOutputs<Definition>>> {
      const desired = parseCheckedInputs(definition, inputs, false);
      const programName = programNameIn(inputs);
      const call = makeCall({ what, identity: definition.identity, programName, secrets: secretsOf(desired, undefined) });
      const predecessor = replacement.predecessorOf(desired);
      const { id, outputs } = await calls.create(desired, call).catch((error: unknown) => {
        throw replacement.createFailed(error, predecessor);
      });
      return { id, outs: finished(outputs, programName) };
    },
    read: (id: string, props: unknown): Promise<ReadResult> => reportingOnce(() => (hasState(props) ? withStoredSettings(() => read(id, props)) : read(id, props))),
    async update(id: string, olds: unknown, news: unknown): Promise<UpdateResult<StoredOutputs<Definition>>> {
      const desired = parseCheckedInputs(definition, news, true);
      const { stored, call } = await existing(id, olds, desired, news);
      return { outs: finished(await calls.update(id, stored, desired, call), programNameIn(news) ?? programNameIn(olds)) };
    },
    delete: remove,
    remove,
    ...(calls.list && {
      async list(progress?: ListingProgress): Promise<(ListedResource | UndeclarableResource)[]> {
        const listed = await calls.list?.(makeCall({ what, identity: definition.identity, secrets: [] }), progress);
        return (listed ?? []).map((item) => {
          if ("undeclarable" in item) return item;
          const props = finished(item.outputs);
          return { id: item.id, props, inputs: inputsFromOutputs(definition, props) };
        });
      },
    }),
  };
}

function without(bag: PropertyBag, names: readonly string[]): PropertyBag {
  return names.length === 0 ? bag : Object.fromEntries(Object.entries(bag).filter(([name]) => !names.includes(name)));
}
