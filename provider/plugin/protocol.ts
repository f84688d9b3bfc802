/**
 * The gRPC runtime and Pulumi's protocol stubs, loaded from the user's own @pulumi/pulumi (the package's peer):
 * it depends on @grpc/grpc-js and google-protobuf 3.x, so the plugin adds no dependency and uses the message
 * classes the engine's protocol version was generated with.
 */
import { createRequire } from "node:module";
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

const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/package.json"));

export const grpc = fromPulumi("@grpc/grpc-js") as typeof GrpcModule;
export const providerGrpc = fromPulumi("./proto/provider_grpc_pb") as typeof ProviderGrpcModule;
export const provider = fromPulumi("./proto/provider_pb") as typeof ProviderModule;
export const plugin = fromPulumi("./proto/plugin_pb") as typeof PluginModule;
export const engineGrpc = fromPulumi("./proto/engine_grpc_pb") as typeof EngineGrpcModule;
export const engine = fromPulumi("./proto/engine_pb") as typeof EngineModule;
export const status = fromPulumi("./proto/status_pb") as typeof StatusModule;
export const anyProto = fromPulumi("google-protobuf/google/protobuf/any_pb") as typeof AnyModule;
export const empty = fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof EmptyModule;
export const struct = fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof StructModule;

export type Struct = StructModule.Struct;
