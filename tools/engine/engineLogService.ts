/**
 * What the stand-in's two gRPC servers share: the Engine service (`Log`, the root resource), served both beside
 * the ResourceMonitor for the program (monitorServer.ts) and alone for native plugins (pluginEngineServer.ts); the unary
 * method adapter; listening on 127.0.0.1; stopping.
 */
import type { Server, ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import type { LogRequest, SetRootResourceRequest } from "@pulumi/pulumi/proto/engine_pb";
import { pulumiSdk } from "./sdk";

export interface EngineLog {
  severity: "debug" | "info" | "warning" | "error";
  message: string;
  urn: string;
}

const SEVERITIES: EngineLog["severity"][] = ["debug", "info", "warning", "error"];

type Handler<Req, Res> = (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void;

/** A unary gRPC method from a function of the request; a thrown error answers UNKNOWN with its message. */
export function unary<Req, Res>(handle: (request: Req) => Promise<Res> | Res): Handler<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handle(call.request))
      .then(
        (response) => callback(null, response),
        (error: Error) => callback({ code: pulumiSdk().grpc.status.UNKNOWN, details: error.message, name: error.name, message: error.message }),
      );
  };
}

/** Adds the Engine service to a server: each `Log` goes to onLog; the root resource is kept as it is set. */
export function addEngineService(server: Server, onLog: (log: EngineLog) => void): void {
  const { engineGrpc, enginePb, emptyPb } = pulumiSdk();
  let rootUrn = "";
  server.addService(engineGrpc.EngineService, {
    log: unary((request: LogRequest) => {
      onLog({ severity: SEVERITIES[request.getSeverity()] ?? "info", message: request.getMessage(), urn: request.getUrn() });
      return new emptyPb.Empty();
    }),
    getRootResource: unary(() => new enginePb.GetRootResourceResponse().setUrn(rootUrn)),
    setRootResource: unary((request: SetRootResourceRequest) => {
      rootUrn = request.getUrn();
      return new enginePb.SetRootResourceResponse();
    }),
  });
}

/** Binds the server to a free port on 127.0.0.1 and returns its address. */
export async function listenOnLoopback(server: Server): Promise<string> {
  const { grpc } = pulumiSdk();
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return `127.0.0.1:${port}`;
}

/** Stops the server: calls in flight get two seconds to finish. */
export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, 2_000);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
