/**
 * The Engine service the CLI gives its plugins: each provider, a native plugin or the dynamic-provider host, is started
 * with this server's address as its argument and sends its messages through `Log` (a plugin's stderr is hidden, as the
 * CLI hides it). One server per run, started before any provider; messages go where the program's messages go.
 */
import type { Server } from "@grpc/grpc-js";
import { addEngineService, listenOnLoopback, stopServer, type EngineLog } from "./engineLogService";
import { pulumiSdk } from "./sdk";

export class PluginEngineServer {
  private constructor(
    private readonly server: Server,
    readonly address: string,
  ) {}

  static async start(onLog: (log: EngineLog) => void): Promise<PluginEngineServer> {
    const server = new (pulumiSdk().grpc.Server)();
    addEngineService(server, onLog);
    return new PluginEngineServer(server, await listenOnLoopback(server));
  }

  stop(): Promise<void> {
    return stopServer(this.server);
  }
}
