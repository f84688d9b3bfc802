/**
 * The handler contract as the plugin calls it (plain camelCase values in and out), and where a type's handler
 * module comes from: loaded on the type's first call, so a plugin start loads no handler it does not use.
 */
import type { ResourceDefinition } from "../resources/common/definition";
import type { DefinitionDiff } from "../resources/common/diff";
import type { ResourceModule } from "../resources/registry";

export interface Handler {
  check(olds: unknown, news: unknown): Promise<{ inputs?: unknown; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: unknown, news: unknown): Promise<DefinitionDiff>;
  create(inputs: unknown): Promise<{ id: string; outs?: unknown }>;
  read(id: string, props: unknown): Promise<{ id?: string; props?: unknown; inputs?: unknown }>;
  update(id: string, olds: unknown, news: unknown): Promise<{ outs?: unknown }>;
  delete(id: string, props: unknown): Promise<void>;
}

/** The registry's handler for a definition (a require at first use, as provider/vendor.ts loads undici). */
export async function loadHandler(definition: ResourceDefinition): Promise<Handler> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { handlers } = require("../host") as typeof import("../host");
  return handlers[definition.module as ResourceModule];
}
