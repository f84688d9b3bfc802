/**
 * The native `tenant` provider plugin's gRPC server: Pulumi's ResourceProvider service over the same handlers
 * and client as the dynamic resources. A hand-written server, because the SDK's `provider.main()` ignores
 * Configure's arguments and cannot answer an import-shaped Read. Errors go back as gRPC errors whose messages
 * are the handlers' (which never hold a secret).
 */
import { cancelWaits, resumeWaits } from "../client/cancel";
import { functionOfToken } from "../functions/registry";
import { tenantConnection } from "../resources/tenantConnection";
import type { PropertyBag } from "../resources/common/jsonValues";
import { checkConfig, configure, diffConfig } from "./configuration";
import { connectEngineLog } from "./engineLog";
import { packageVersion, schemaText } from "./packageFiles";
import { empty, grpc, plugin, provider as proto, providerGrpc } from "./protocol";
import * as resources from "./resources";
import { fromStruct, toStruct, wholeKeys } from "./values";

/** What grpc-js hands a unary method (its ServerUnaryCall): here, only the request. */
type UnaryCall<Request> = { request: Request };
type Callback<Response> = (error: Error | null, response?: Response) => void;

/** A unary method from an async function of the request; a thrown error becomes the call's error. */
function unary<Request, Response>(handle: (request: Request) => Response | Promise<Response>) {
  return (call: UnaryCall<Request>, callback: Callback<Response>): void => {
    Promise.resolve()
      .then(() => handle(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
  };
}

const version = packageVersion();

async function invoke(req: InstanceType<typeof proto.InvokeRequest>): Promise<InstanceType<typeof proto.InvokeResponse>> {
  const token = req.getTok();
  const entry = functionOfToken(token);
  if (!entry) throw new Error(`the tenant provider has no function "${token}"`);
  const args = fromStruct(req.getArgs());
  const { client } = await tenantConnection();
  const result = await entry.invoke(client, args.plain);
  // Any secret argument makes the whole result secret, as the engine does for dynamic providers.
  const secret = args.secretKeys.size > 0 ? Object.keys(entry.definition.result.shape) : [];
  return new proto.InvokeResponse().setReturn(toStruct(result as unknown as PropertyBag, wholeKeys(secret)));
}

export const service = {
  getPluginInfo: unary(() => new plugin.PluginInfo().setVersion(version)),
  getSchema: unary((req: InstanceType<typeof proto.GetSchemaRequest>) => {
    if (req.getVersion() !== 0) throw new Error(`schema version ${req.getVersion()} is not supported; ask for version 0`);
    return new proto.GetSchemaResponse().setSchema(schemaText());
  }),
  checkConfig: unary(checkConfig),
  diffConfig: unary(diffConfig),
  configure: unary(configure),
  check: unary(resources.check),
  diff: unary(resources.diff),
  create: unary(resources.create),
  read: unary(resources.read),
  update: unary(resources.update),
  delete: unary(async (req: InstanceType<typeof proto.DeleteRequest>) => {
    await resources.remove(req);
    return new empty.Empty();
  }),
  invoke: unary(invoke),
  // An engine that dialled a plugin started by hand (PULUMI_DEBUG_PROVIDERS=tenant:<port>): its Log service, and a
  // new session after an earlier engine's Cancel.
  attach: unary((req: InstanceType<typeof plugin.PluginAttach>) => {
    resumeWaits();
    connectEngineLog(req.getAddress());
    return new empty.Empty();
  }),
  // The engine is shutting down: waits and retries in flight end now (requests on the wire finish).
  cancel: unary(() => {
    cancelWaits();
    return new empty.Empty();
  }),
};

/** Serves on a free loopback port and resolves with it. */
export function startServer(): Promise<{ port: number; server: InstanceType<typeof grpc.Server> }> {
  const server = new grpc.Server();
  server.addService(providerGrpc.ResourceProviderService, service as unknown as Parameters<typeof server.addService>[1]);
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
      if (error) reject(error);
      else resolve({ port, server });
    });
  });
}
