/**
 * The resource a host call serves, named as the program named it: what a handler tells the user says
 * `SnsPushProvider "sns"`, not its id (a tenant's host), and goes under its URN where the door knows it.
 *
 * Each door says it once, and every message reads it from here (`currentResource`). The native plugin knows the name
 * and URN from each request (`forResource`). The dynamic provider's calls carry neither (its delete gets the id and the
 * stored outputs only), so the class of a definition whose destroy may warn (`warnsOnDestroy`) registers the name as
 * an input, `__programName`; the host call takes it from the bags it is given and puts it back into those it returns
 * (`servedFromBags`), so state carries it on to destroy: a few bytes, for those types alone. A state stored before
 * has none; its messages name the id.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isPlainObject, PROGRAM_NAME_KEY, type PropertyBag } from "./jsonValues";

interface ServedResource {
  /** The resource's name in the program. */
  name: string;
  /** Its URN, where the door knows it (the plugin's). */
  urn?: string;
}

const serving = new AsyncLocalStorage<ServedResource>();

/** The plugin's door: runs a handler's call for the resource a request names. */
export function forResource<T>(resource: ServedResource & { urn: string }, call: () => Promise<T>): Promise<T> {
  return serving.run(resource, call);
}

/** The resource whose request this call serves, when the door said. */
export function currentResource(): ServedResource | undefined {
  return serving.getStore();
}

/** Puts the served resource's name into a bag a host call returns (or leaves the bag as it is when there is none). */
export type KeepName = <Bag extends PropertyBag | undefined>(bag: Bag) => Bag;

/**
 * The dynamic door: runs a host call on the resource whose property bags are `bags` (what the program gives first,
 * then what state holds). The name the first of them holds is the served resource's for the call (unless the plugin's
 * door said already), and `keep` puts it into the bags the call returns.
 */
export function servedFromBags<Result>(bags: readonly unknown[], call: (keep: KeepName) => Promise<Result>): Promise<Result> {
  const name = bags.map(nameIn).find((found) => found !== undefined);
  if (name === undefined) return call((bag) => bag);
  const keep: KeepName = <Bag extends PropertyBag | undefined>(bag: Bag): Bag => (bag === undefined ? bag : ({ ...bag, [PROGRAM_NAME_KEY]: name } as Bag));
  return serving.getStore() === undefined ? serving.run({ name }, () => call(keep)) : call(keep);
}

function nameIn(bag: unknown): string | undefined {
  const name = isPlainObject(bag) ? bag[PROGRAM_NAME_KEY] : undefined;
  return typeof name === "string" && name !== "" ? name : undefined;
}
