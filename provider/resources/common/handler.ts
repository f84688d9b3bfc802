/**
 * The contract every resource's handler module (`<resource>/handler.ts`) fulfils: the dynamic-provider host
 * calls it through the resource's stored provider text, the native plugin through the registry. The registry
 * holds each handler to this interface, so a missing or mistyped method is a compile error.
 */
import type { CheckResult, ConfigureRequest, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { DefinitionDiff } from "./diff";

export interface ResourceHandler {
  configure(req: ConfigureRequest): Promise<void>;
  check(olds: unknown, news: unknown): Promise<CheckResult>;
  diff(id: string, olds: unknown, news: unknown): Promise<DefinitionDiff>;
  create(inputs: unknown): Promise<CreateResult>;
  read(id: string, props: unknown): Promise<ReadResult>;
  update(id: string, olds: unknown, news: unknown): Promise<UpdateResult>;
  delete(id: string, props: unknown): Promise<void>;
}
