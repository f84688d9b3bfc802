/**
 * A fake of the engine's Log service, for the plugin suites that read what the plugin tells the user (the Pulumi
 * CLI hides a plugin's stderr): it collects every log request and answers it, on a free port of 127.0.0.1.
 */
import type { LogRequest } from "@pulumi/pulumi/proto/engine_pb";
import { empty, engineGrpc, grpc } from "../../provider/plugin/protocol";

export interface EngineLog {
  severity: number;
  message: string;
  urn: string;
}

export interface EngineLogServer {
  /** Every log request so far, in order. */
  logs: EngineLog[];
  /** The address to start the plugin with, e.g. "127.0.0.1:41234". */
  address: string;
  stop(): void;
}

export async function startEngineLogServer(): Promise<EngineLogServer> {
  const logs: EngineLog[] = [];
  const server = new grpc.Server();
  server.addService(engineGrpc.EngineService, {
    log: (call: { request: LogRequest }, callback: (error: null, response: unknown) => void) => {
      logs.push({ severity: call.request.getSeverity(), message: call.request.getMessage(), urn: call.request.getUrn() });
      callback(null, new empty.Empty());
    },
  } as never);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { logs, address: `127.0.0.1:${port}`, stop: () => server.forceShutdown() };
}
