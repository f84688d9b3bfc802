/**
 * Loads the pieces of `@pulumi/pulumi` the Node.js client host and the host driver talk through. gRPC and protobuf
 * come from the SDK's own location (one copy of each, the same ones the generated `*_grpc_pb` files use); the
 * scripts to spawn (`cmd/run`, the dynamic-provider launcher) come from the copy the *project* resolves, as under
 * the CLI.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as GrpcJs from "@grpc/grpc-js";
import type * as PluginPb from "@pulumi/pulumi/proto/plugin_pb";
import type * as ProviderGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as ProviderPb from "@pulumi/pulumi/proto/provider_pb";
import type * as EmptyPb from "google-protobuf/google/protobuf/empty_pb";
import type * as StructPb from "google-protobuf/google/protobuf/struct_pb";

export interface PulumiSdk {
  /** Directory of the @pulumi/pulumi package these modules were loaded from. */
  dir: string;
  grpc: typeof GrpcJs;
  structPb: typeof StructPb;
  emptyPb: typeof EmptyPb;
  providerPb: typeof ProviderPb;
  pluginPb: typeof PluginPb;
  providerGrpc: typeof ProviderGrpc;
}

let loaded: PulumiSdk | undefined;

/** The SDK next to this tool (loaded once per process). */
export function pulumiSdk(): PulumiSdk {
  if (loaded) return loaded;
  const dir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  const fromSdk = createRequire(path.join(dir, "package.json"));
  loaded = {
    dir,
    grpc: fromSdk("@grpc/grpc-js") as typeof GrpcJs,
    structPb: fromSdk("google-protobuf/google/protobuf/struct_pb") as typeof StructPb,
    emptyPb: fromSdk("google-protobuf/google/protobuf/empty_pb") as typeof EmptyPb,
    providerPb: fromSdk("./proto/provider_pb") as typeof ProviderPb,
    pluginPb: fromSdk("./proto/plugin_pb") as typeof PluginPb,
    providerGrpc: fromSdk("./proto/provider_grpc_pb") as typeof ProviderGrpc,
  };
  return loaded;
}

/**
 * The @pulumi/pulumi directory a project resolves: its own copy, as `pulumi-resource-pulumi-nodejs` and the
 * language host use. Never the one next to this tool: a project without the SDK fails here, as it would
 * under the CLI, rather than silently running another version's program runner and host.
 */
export function projectPulumiDir(projectDir: string): string {
  const from = path.join(path.resolve(projectDir), "package.json");
  try {
    return path.dirname(createRequire(from).resolve("@pulumi/pulumi/package.json"));
  } catch {
    throw new Error(`@pulumi/pulumi cannot be resolved from ${path.resolve(projectDir)}: install it in the project (npm install @pulumi/pulumi)`);
  }
}

/** What the CLI runs for the `pulumi-nodejs` provider (build.ts puts a copy beside it): it starts `cmd/dynamic-provider`. */
export function dynamicProviderLauncher(projectDir: string): string {
  return path.join(projectPulumiDir(projectDir), "pulumi-resource-pulumi-nodejs");
}

export function runScript(projectDir: string): string {
  return path.join(projectPulumiDir(projectDir), "cmd", "run", "index.js");
}

export function assertFile(file: string, what: string): void {
  if (!fs.existsSync(file)) throw new Error(`${what} not found at ${file}`);
}
