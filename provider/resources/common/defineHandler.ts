/**
 * A handler built from its definition: the contract the stored provider texts and the plugin call (handler.ts), made
 * of what the resource's handler.ts gives — its operations on typed values (operations.ts), or, for a tenant setting,
 * only the requests that read and write it (settingLifecycle.ts) — and of what the definition says: `configure`,
 * `check` and `diff` (check.ts, diff.ts), the checked inputs, the state of every handler version (resourceState.ts),
 * the Read and its lookup errors (readOperation.ts), the secrets every operation redacts (operationContext.ts), and
 * the program's name (programName.ts).
 *
 * Check and Diff load no request code: of the client, only its leaf modules are imported at run time (errors, log,
 * returnedSecret).
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { recordConfiguration } from "../tenantConnection";
import { checkByDefinition, parseCheckedInputs } from "./check";
import type { ResourceDefinition, StoredOutputs } from "./definition";
import { diffByDefinition, type DefinitionDiff } from "./diff";
import type { ListedResource, ListingProgress, ResourceHandler, UndeclarableResource } from "./handler";
import { reportingOnce } from "./hostReport";
import { hasState } from "./jsonValues";
import { operationContext, operationSecrets } from "./operationContext";
import type { ResourceOperations } from "./operations";
import { servedFromBags } from "./programName";
import { readResource } from "./readOperation";
import { replacementOf } from "./replacement";
import { existingResource, storedOutputsOf } from "./resourceState";
import { isSetting, settingOperations, type IsSetting, type SettingRequests } from "./settingLifecycle";
import { withStoredSettingsNote } from "./storedSettings";
import { inputsFromOutputs } from "./storedState";

/** What a resource's handler.ts gives, as its definition says: a tenant setting's requests, or its operations. */
export type HandlerParts<Definition extends ResourceDefinition> =
  IsSetting<Definition> extends true ? SettingRequests<Definition> : ResourceOperations<Definition>;

/** The contract, plus `remove` (what the module exports as `delete`, a word an export list cannot declare). */
export type BuiltHandler = ResourceHandler & { remove: ResourceHandler["delete"] };

/** Runs a call made with the settings the stack stored (a refresh's, a destroy's): see storedSettings.ts. */
async function withStoredSettings<Result>(run: () => Promise<Result>): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    throw await withStoredSettingsNote(error);
  }
}

export function defineHandler<Definition extends ResourceDefinition>(definition: Definition, parts: HandlerParts<Definition>): BuiltHandler {
  const operations = isSetting(definition)
    ? settingOperations(definition, parts as SettingRequests<Definition>)
    : (parts as ResourceOperations<Definition>);
  const what = definition.name;
  const replacement = replacementOf(definition);

  const remove = (id: string, props: unknown): Promise<void> =>
    reportingOnce(() =>
      withStoredSettings(() =>
        servedFromBags([props], async () => {
          const { stored, context } = await existingResource(definition, id, props);
          await operations.delete(id, stored, context);
          replacement.deleted(id, stored);
        }),
      ),
    );

  return {
    async configure(req: ConfigureRequest): Promise<void> {
      recordConfiguration(req);
    },
    check: (olds: unknown, news: unknown): Promise<CheckResult> =>
      reportingOnce(() =>
        servedFromBags([news], async (keep) => {
          const checked = checkByDefinition(definition, olds, news);
          return { ...checked, inputs: keep(checked.inputs) };
        }),
      ),
    diff: (_id: string, olds: unknown, news: unknown): Promise<DefinitionDiff> =>
      reportingOnce(async () => {
        const result = diffByDefinition(definition, olds, news);
        if (result.deleteBeforeReplace) await replacement.warn(olds, news);
        return result;
      }),
    create: (inputs: unknown): Promise<CreateResult<StoredOutputs<Definition>>> =>
      servedFromBags([inputs], async (keep) => {
        const desired = parseCheckedInputs(definition, inputs, false);
        const context = operationContext({ what, identity: definition.identity, secrets: operationSecrets(definition, desired, undefined) });
        const predecessor = replacement.predecessorOf(desired);
        const { id, outputs } = await operations.create(desired, context).catch((error: unknown) => {
          throw replacement.createFailed(error, predecessor);
        });
        return { id, outs: keep(storedOutputsOf(definition, outputs)) };
      }),
    read: (id: string, props: unknown): Promise<ReadResult> =>
      reportingOnce(() => {
        const read = () => servedFromBags([props], (keep) => readResource(definition, operations, id, props, keep));
        return hasState(props) ? withStoredSettings(read) : read();
      }),
    update: (id: string, olds: unknown, news: unknown): Promise<UpdateResult<StoredOutputs<Definition>>> =>
      servedFromBags([news, olds], async (keep) => {
        const desired = parseCheckedInputs(definition, news, true);
        const { stored, context } = await existingResource(definition, id, olds, desired);
        return { outs: keep(storedOutputsOf(definition, await operations.update(id, stored, desired, context))) };
      }),
    delete: remove,
    remove,
    ...(operations.list && {
      async list(progress?: ListingProgress): Promise<(ListedResource | UndeclarableResource)[]> {
        const listed = await operations.list?.(operationContext({ what, identity: definition.identity, secrets: [] }), progress);
        return (listed ?? []).map((item) => {
          if ("undeclarable" in item) return item;
          const props = storedOutputsOf(definition, item.outputs);
          return { id: item.id, props, inputs: inputsFromOutputs(definition, props) };
        });
      },
    }),
  };
}
