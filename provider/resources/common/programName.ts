/**
 * What a handler tells the user about a resource names it as the program did (`SnsPushProvider "sns"`), not by its id
 * (a tenant's host), and carries its URN where the door knows it, so the CLI shows the line under the resource.
 *
 * The native plugin knows both from each request, and runs the handler's call inside `forResource`. The dynamic
 * provider's calls carry neither (its delete gets the id and the stored outputs only), so the class of a definition
 * whose destroy may warn (`warnsOnDestroy`) passes the name it was given as an input, `__programName`, which create and
 * update keep among the outputs: a few bytes in state, for those types alone. A state stored before has none; its
 * messages name the id.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { PROGRAM_NAME_KEY } from "./jsonValues";

export { PROGRAM_NAME_KEY };

interface NamedResource {
  /** The resource's name in the program. */
  name: string;
  urn: string;
}

const serving = new AsyncLocalStorage<NamedResource>();

/** Runs a handler's call for the resource a plugin request names. */
export function forResource<T>(resource: NamedResource, call: () => Promise<T>): Promise<T> {
  return serving.run(resource, call);
}

/** The resource whose request this call serves, when the door said. */
export function currentResource(): NamedResource | undefined {
  return serving.getStore();
}

/** The program's name a dynamic resource's inputs or state hold, if any. */
export function programNameIn(props: unknown): string | undefined {
  const name = typeof props === "object" && props !== null ? (props as Record<string, unknown>)[PROGRAM_NAME_KEY] : undefined;
  return typeof name === "string" && name !== "" ? name : undefined;
}
