/**
 * Reads what the tenant holds of every registered type the definitions export, through each handler's `list` (the
 * shared client: its rate-limit budget, retries and redaction; one GET per setting and per page of streams), all
 * types at once, saying how far it is as it goes (each type read, and the objects of a paged listing so far). Each
 * listed object's inputs are checked by the resource's own check, as a program declaring them would be; an object no
 * resource can declare comes with why. A 403 does not stop the others. One that says the tenant's plan does not offer
 * a kind, or (for a kind that came after the export's first ones) that the token lacks its scope, skips that kind with
 * a line in the report; told apart by `errorCode` (refusals.ts). Every other scope the token lacks is named in one error.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { ApiError } from "../client/errors";
import { isExported, type ExportFacts } from "../resources/common/exported";
import type { ResourceDefinition } from "../resources/common/definition";
import type { ListedResource, UndeclarableResource } from "../resources/common/handler";
import { refusalKind } from "../resources/common/refusals";
import { REGISTRY } from "../resources/registry";
import { CommandError } from "./commandError";
import type { Progress } from "./progress";

/** One object the tenant holds, and what its resource's check says of its inputs (as an existing resource). */
export interface ReadObject extends ListedResource {
  failures: CheckFailure[];
}

export interface ReadKind {
  definition: ResourceDefinition;
  facts: ExportFacts;
  objects: ReadObject[];
  /** What the tenant holds of the type that no resource of it can declare, and why. */
  undeclarable: UndeclarableResource[];
}

export interface TenantContents {
  kinds: ReadKind[];
  /** The types not read, and why (their definitions' words). */
  notRead: { definition: ResourceDefinition; reason: string }[];
}

const isScopeError = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403;

/** The scopes a 403 names ("Insufficient scope, expected any of: read:x"), else those the type's read needs. */
function missingScopes(error: ApiError, definition: ResourceDefinition): string[] {
  const named = /expected any of:\s*(.+)$/i.exec(error.serviceMessage)?.[1];
  const scopes = named?.split(/[\s,]+/).filter((scope) => /^\w+:\w+$/.test(scope));
  return scopes && scopes.length > 0 ? scopes : [...definition.scopes.read];
}

export async function readTenant(progress: Progress): Promise<TenantContents> {
  const notRead: TenantContents["notRead"] = [];
  const exported: { registered: (typeof REGISTRY)[number]; facts: ExportFacts }[] = [];
  for (const registered of REGISTRY) {
    const rule = (registered.definition as ResourceDefinition).exported;
    if (isExported(rule)) exported.push({ registered, facts: rule });
    else notRead.push({ definition: registered.definition, reason: rule?.skipped ?? "its definition does not say how to export it" });
  }

  const status = readingStatus(exported.length, progress);
  const readKind = async ({ registered, facts }: (typeof exported)[number]): Promise<ReadKind> => {
    const definition: ResourceDefinition = registered.definition;
    const handler = await registered.handler();
    if (!handler.list) throw new Error(`${definition.name} is exported but its handler has no list`);
    const listed = await handler.list((count) => status.listing(definition.name, count));
    const undeclarable = listed.filter((object): object is UndeclarableResource => "undeclarable" in object);
    const declarable = listed.filter((object): object is ListedResource => !("undeclarable" in object));
    const objects = await Promise.all(
      declarable.map(async (object) => ({ ...object, failures: (await handler.check(object.inputs, object.inputs)).failures ?? [] })),
    );
    status.read(definition.name);
    return { definition, facts, objects, undeclarable };
  };
  const settle = (kind: (typeof exported)[number]): Promise<PromiseSettledResult<ReadKind>> =>
    readKind(kind).then(
      (value) => ({ status: "fulfilled", value }),
      (reason: unknown) => ({ status: "rejected", reason }),
    );
  // The first type alone: an unreachable tenant or refused credentials then fail once, not once per type.
  const [first, ...others] = exported;
  const firstOutcome = await settle(first);
  if (firstOutcome.status === "rejected" && !isScopeError(firstOutcome.reason) && refusalKind(firstOutcome.reason) === undefined) throw firstOutcome.reason;
  const outcomes = [firstOutcome, ...(await Promise.all(others.map(settle)))];

  const scopes = new Set<string>();
  let firstError: unknown;
  outcomes.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") return;
    const error = outcome.reason;
    const { registered, facts } = exported[index];
    const definition: ResourceDefinition = registered.definition;
    const refusal = refusalKind(error);
    if (refusal === "plan") notRead.push({ definition, reason: notOffered(error) });
    else if (refusal === "scope" && facts.skippedWithoutScope) notRead.push({ definition, reason: lacking(missingScopes(error as ApiError, definition)) });
    else if (isScopeError(error)) missingScopes(error, definition).forEach((scope) => scopes.add(scope));
    else firstError ??= error;
  });
  if (firstError !== undefined) throw firstError;
  if (scopes.size > 0) {
    const list = [...scopes].sort();
    throw new CommandError(
      `The tenant refused to list what it holds: the client's token lacks the scope${list.length === 1 ? "" : "s"} ` +
        `${list.join(", ")}. Grant ${list.length === 1 ? "it" : "them"} to the client in the management API's settings, then run the export again.`,
    );
  }
  const kinds = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  return { kinds, notRead };
}

/** The report's line for a kind the tenant's plan does not offer. */
function notOffered(error: unknown): string {
  const code = (error as { errorCode?: string }).errorCode;
  return `not read: the tenant's plan does not offer it (the service answered 403 ${code})`;
}

/** The report's line for a kind whose scope the client's token lacks. */
function lacking(scopes: readonly string[]): string {
  const one = scopes.length === 1;
  return `not read: the client's token lacks the scope${one ? "" : "s"} ${scopes.join(", ")}; grant ${one ? "it" : "them"} to export it`;
}

/**
 * The progress line while reading: how many types are read, and the objects of the listings still under way (the
 * streams' pages, most of the time on a large tenant), e.g. `8 of 9 resource types read; EventStream: 1200 so far`.
 */
function readingStatus(types: number, progress: Progress) {
  let done = 0;
  const underWay = new Map<string, number>();
  const show = (): void => {
    const listing = [...underWay].map(([name, count]) => `${name}: ${count} so far`);
    progress.update([`${done} of ${types} resource types read`, ...listing].join("; "));
  };
  show();
  return {
    listing(name: string, count: number): void {
      underWay.set(name, count);
      show();
    },
    read(name: string): void {
      underWay.delete(name);
      done++;
      show();
    },
  };
}
