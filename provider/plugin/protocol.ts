/**
 * The gRPC runtime and Pulumi's protocol stubs, from the user's own @pulumi/pulumi (the package's peer) and the
 * @grpc/grpc-js and google-protobuf 3.x it depends on, so the plugin adds no dependency and uses the message classes
 * the engine's protocol version was generated with. Plain requires by name, which a bundler follows (the single
 * executable is one bundle): npm installs a peer's dependencies beside it, so the names reach the copies the stubs
 * load themselves (their serializers test `instanceof` against google-protobuf's classes).
 */
import * as grpcModule from "@grpc/grpc-js";
import * as providerGrpcModule from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerModule from "@pulumi/pulumi/proto/provider_pb";
import * as pluginModule from "@pulumi/pulumi/proto/plugin_pb";
import * as engineGrpcModule from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineModule from "@pulumi/pulumi/proto/engine_pb";
import * as statusModule from "@pulumi/pulumi/proto/status_pb";
import * as anyModule from "google-protobuf/google/protobuf/any_pb";
import * as emptyModule from "google-protobuf/google/protobuf/empty_pb";
import * as structModule from "google-protobuf/google/protobuf/struct_pb";

export const grpc = grpcModule;
export const providerGrpc = providerGrpcModule;
export const provider = providerModule;
export const plugin = pluginModule;
export const engineGrpc = engineGrpcModule;
export const engine = engineModule;
export const status = statusModule;
export const anyProto = anyModule;
export const empty = emptyModule;
export const struct = structModule;

export type Struct = structModule.Struct;
