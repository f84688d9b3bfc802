/**
 * The Engine service the CLI gives its plugins: each native plugin is started with this server's address as its
 * argument and sends its messages through `Log` (a plugin's stderr is hidden, as the CLI hides it). One server
 * per run, started before any provider; messages go where the program's messages go.
 */
import type { Server } from "@grpc/grpc-js";
import type { LogRequest } from "@pulumi/pulumi/proto/engine_pb";
import type { EngineLog } from "./monitor";
import { pulumiSdk } from "./sdk";

const SEVERITIES: EngineLog["severity"][] = ["debug", "info", "warning", "error"];

export class EngineServer {
  private constructor(
    private readonly server: Server,
    readonly address: string,
  ) {}

  static async start(onLog: (log: EngineLog) => void): Promise<EngineServer> {
    const { grpc, engineGrpc, enginePb, emptyPb } = pulumiSdk();
    const server = new grpc.Server();
    server.addService(engineGrpc.EngineService, {
      log: (call: { request: LogRequest }, callback: (error: null, response: InstanceType<typeof emptyPb.Empty>) => void) => {
        const request = call.request;
        onLog({ severity: SEVERITIES[request.getSeverity()] ?? "info", message: request.getMessage(), urn: request.getUrn() });
        callback(null, new emptyPb.Empty());
      },
      getRootResource: (_call: unknown, callback: (error: null, response: InstanceType<typeof enginePb.GetRootResourceResponse>) => void) =>
        callback(null, new enginePb.GetRootResourceResponse()),
      setRootResource: (_call: unknown, callback: (error: null, response: InstanceType<typeof enginePb.SetRootResourceResponse>) => void) =>
        callback(null, new enginePb.SetRootResourceResponse()),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    return new EngineServer(server, `127.0.0.1:${port}`);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      const force = setTimeout(() => {
        this.server.forceShutdown();
        resolve();
      }, 2_000);
      this.server.tryShutdown(() => {
        clearTimeout(force);
        resolve();
      });
    });
  }
}
