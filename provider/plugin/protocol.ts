/**
 * The gRPC runtime and Pulumi's protocol stubs, from the user's own @pulumi/pulumi (the package's peer) and the
 * @grpc/grpc-js and google-protobuf 3.x it depends on, so the plugin adds no dependency and uses the message classes
 * the engine's protocol version was generated with: the very copies the stubs load (their serializers test
 * `instanceof` against google-protobuf's classes), whatever the layout of node_modules (npm's hoisting, pnpm's links).
 * Inside the single executable (`npm run release`, one bundle) they are the copies bundled with it: each is also
 * required by name, which is what the bundler follows.
 */
import { createRequire } from "node:module";
import { isSea } from "node:sea";
import type * as GrpcModule from "@grpc/grpc-js";
import type * as ProviderGrpcModule from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as ProviderModule from "@pulumi/pulumi/proto/provider_pb";
import type * as PluginModule from "@pulumi/pulumi/proto/plugin_pb";
import type * as EngineGrpcModule from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as EngineModule from "@pulumi/pulumi/proto/engine_pb";
import type * as StatusModule from "@pulumi/pulumi/proto/status_pb";
import type * as AnyModule from "google-protobuf/google/protobuf/any_pb";
import type * as EmptyModule from "google-protobuf/google/protobuf/empty_pb";
import type * as StructModule from "google-protobuf/google/protobuf/struct_pb";

/** Resolves from @pulumi/pulumi's own folder; undefined inside the single executable, which has no node_modules. */
const fromPulumi = isSea() ? undefined : createRequire(require.resolve("@pulumi/pulumi/package.json"));

/** `name` as @pulumi/pulumi resolves it, or the bundled copy (`bundled`, a require by name) in the executable. */
function load<T>(name: string, bundled: () => unknown): T {
  return (fromPulumi ? fromPulumi(name) : bundled()) as T;
}

/* eslint-disable @typescript-eslint/no-require-imports -- the bundled copies, required by name for the bundler */
export const grpc = load<typeof GrpcModule>("@grpc/grpc-js", () => require("@grpc/grpc-js"));
export const providerGrpc = load<typeof ProviderGrpcModule>("./proto/provider_grpc_pb", () => require("@pulumi/pulumi/proto/provider_grpc_pb"));
export const provider = load<typeof ProviderModule>("./proto/provider_pb", () => require("@pulumi/pulumi/proto/provider_pb"));
export const plugin = load<typeof PluginModule>("./proto/plugin_pb", () => require("@pulumi/pulumi/proto/plugin_pb"));
export const engineGrpc = load<typeof EngineGrpcModule>("./proto/engine_grpc_pb", () => require("@pulumi/pulumi/proto/engine_grpc_pb"));
export const engine = load<typeof EngineModule>("./proto/engine_pb", () => require("@pulumi/pulumi/proto/engine_pb"));
export const status = load<typeof StatusModule>("./proto/status_pb", () => require("@pulumi/pulumi/proto/status_pb"));
export const anyProto = load<typeof AnyModule>("google-protobuf/google/protobuf/any_pb", () => require("google-protobuf/google/protobuf/any_pb"));
export const empty = load<typeof EmptyModule>("google-protobuf/google/protobuf/empty_pb", () => require("google-protobuf/google/protobuf/empty_pb"));
export const struct = load<typeof StructModule>("google-protobuf/google/protobuf/struct_pb", () => require("google-protobuf/google/protobuf/struct_pb"));
/* eslint-enable @typescript-eslint/no-require-imports */

export type Struct = StructModule.Struct;
