/**
 * A replacement that deletes the old resource first (a definition's `replaceDeletesFirst`): the old one is gone before
 * the new one exists, and what goes with it does not come back. So the diff that plans such a replacement warns of it
 * (the preview shows the warning; the plugin's under the resource), and a create that fails after that delete says
 * what is gone and how to recover. The engine deletes and then creates in the same provider process, so the process
 * remembers what it deleted, by the value that had to be free.
 */
import { showWarning } from "../../client/log";
import type { ResourceDefinition } from "./definition";
import { isPlainObject, withoutDoorKeys, type PropertyBag } from "./jsonValues";
import { currentResource } from "./programName";

type DeletesFirst = NonNullable<ResourceDefinition["replaceDeletesFirst"]>;

/** A resource this process deleted: the one a create that follows with the same unique value replaces. */
export interface Predecessor {
  name: string;
  id: string;
  stored: PropertyBag;
}

export interface Replacement {
  /** Warns that the replacement a diff planned deletes first, and what that loses. */
  warn(olds: unknown, news: unknown): Promise<void>;
  /** Records a delete this process made. */
  deleted(id: string, stored: PropertyBag): void;
  /** The deleted resource a create of `desired` replaces, if any: taken, so only the create right after it counts. */
  predecessorOf(desired: PropertyBag): Predecessor | undefined;
  /** A create's error, saying what is gone when its predecessor was deleted first. */
  createFailed(error: unknown, predecessor: Predecessor | undefined): unknown;
}

const NONE: Replacement = { warn: async () => undefined, deleted: () => undefined, predecessorOf: () => undefined, createFailed: (error) => error };

/** The noun a definition's messages use: "event stream". */
function nounOf(definition: ResourceDefinition): string {
  return definition.identity.kind === "minted" ? definition.name : definition.identity.noun;
}

/** The value of the input that must be free, as text, when there is one. */
function uniqueValue(rule: DeletesFirst, bag: unknown): string | undefined {
  const value = isPlainObject(bag) ? bag[rule.unique] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function replacementOf(definition: ResourceDefinition): Replacement {
  const rule = definition.replaceDeletesFirst;
  if (rule === undefined) return NONE;
  const noun = nounOf(definition);
  const deletedHere = new Map<string, Predecessor>();
  return {
    async warn(olds, news) {
      const recorded = withoutDoorKeys(olds);
      const name = uniqueValue(rule, news) ?? uniqueValue(rule, recorded);
      const which = name === undefined ? `the ${noun}` : `the ${noun} ${JSON.stringify(name)}`;
      await showWarning(
        `This change replaces ${which} by deleting it first (${rule.because}), then creating the new one: ` +
          `${rule.loses(recorded)}. If the create fails, the old one is gone all the same.`,
        currentResource()?.urn,
      );
    },
    deleted(id, stored) {
      const name = uniqueValue(rule, stored);
      if (name !== undefined) deletedHere.set(name, { name, id, stored });
    },
    predecessorOf(desired) {
      const name = uniqueValue(rule, desired);
      const predecessor = name === undefined ? undefined : deletedHere.get(name);
      if (name !== undefined) deletedHere.delete(name);
      return predecessor;
    },
    createFailed(error, predecessor) {
      if (predecessor === undefined || !(error instanceof Error)) return error;
      return new Error(
        `${error.message.replace(/\.?$/, ".")} Before this create, the ${noun} ${JSON.stringify(predecessor.name)} it ` +
          `replaces (${predecessor.id}) was deleted (${rule.because}) and is gone: ${rule.loses(predecessor.stored)}. ` +
          `Putting the old inputs back does not bring it back; fix the cause and run "pulumi up" again to create the new one.`,
      );
    },
  };
}
