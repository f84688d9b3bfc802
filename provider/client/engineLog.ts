/**
 * The engine's Log service: how a provider process tells the user something. The Pulumi CLI shows each line with its
 * severity (a warning is shown and counted as one) under the resource whose URN it carries. Both doors use it: the
 * native plugin, whose stdout and stderr the CLI hides, and the dynamic-provider host, whose stderr the CLI shows as
 * info only. The gRPC runtime and the protocol stubs are the user's @pulumi/pulumi's (the package's peer), loaded
 * when the first line is sent: a host that never warns never loads them. From @pulumi/pulumi's own folder, or, inside
 * the plugin's single executable, the copies bundled with it (required by name, which the bundler follows).
 */
import { createRequire } from "node:module";
import { isSea } from "node:sea";
import type * as GrpcModule from "@grpc/grpc-js";
import type * as EngineGrpcModule from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as EngineModule from "@pulumi/pulumi/proto/engine_pb";

export type Severity = "debug" | "info" | "warning";

/** The engine's LogSeverity values (pulumi/proto/pulumi/engine.proto). */
const SEVERITIES: Record<Severity, number> = { debug: 0, info: 1, warning: 2 };

/** How long a line may take to reach the engine before it is given up (the call it belongs to goes on). */
const DELIVERY_DEADLINE_MS = 10_000;

/** The engine address among a provider's arguments: the first one that is not a flag (`-v=9`, `--tracing X`). */
export function engineAddressOf(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--tracing") index++;
    else if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

export interface EngineLog {
  readonly address: string;
  /** Resolves with whether the engine took the line; never rejects (a line is best effort, never a failed call). */
  send(severity: Severity, message: string, urn?: string): Promise<boolean>;
  close(): void;
}

interface Protocol {
  grpc: typeof GrpcModule;
  engineGrpc: typeof EngineGrpcModule;
  engine: typeof EngineModule;
}

let protocol: Protocol | undefined;

function loadProtocol(): Protocol {
  if (!protocol) {
    if (isSea()) {
      /* eslint-disable @typescript-eslint/no-require-imports -- the bundled copies, required by name for the bundler */
      protocol = {
        grpc: require("@grpc/grpc-js") as typeof GrpcModule,
        engineGrpc: require("@pulumi/pulumi/proto/engine_grpc_pb") as typeof EngineGrpcModule,
        engine: require("@pulumi/pulumi/proto/engine_pb") as typeof EngineModule,
      };
      /* eslint-enable @typescript-eslint/no-require-imports */
    } else {
      const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/package.json"));
      protocol = {
        grpc: fromPulumi("@grpc/grpc-js") as typeof GrpcModule,
        engineGrpc: fromPulumi("./proto/engine_grpc_pb") as typeof EngineGrpcModule,
        engine: fromPulumi("./proto/engine_pb") as typeof EngineModule,
      };
    }
  }
  return protocol;
}

/** A client of the engine's Log service at `address` (host:port). */
export function connectEngineLog(address: string): EngineLog {
  const { grpc, engineGrpc, engine } = loadProtocol();
  const client = new engineGrpc.EngineClient(address, grpc.credentials.createInsecure());
  return {
    address,
    send(severity, message, urn = "") {
      const request = new engine.LogRequest().setSeverity(SEVERITIES[severity]).setMessage(message).setUrn(urn);
      return new Promise((resolve) => {
        try {
          client.log(request, new grpc.Metadata(), { deadline: Date.now() + DELIVERY_DEADLINE_MS }, (error) => resolve(error === null));
        } catch {
          resolve(false);
        }
      });
    },
    close: () => client.close(),
  };
}

let ownEngine: EngineLog | undefined;

/**
 * This dynamic-provider host's engine log: the engine starts `@pulumi/pulumi/cmd/dynamic-provider` with its address
 * as the first argument that is not a flag. Undefined in any other process, or without an address.
 */
export function dynamicHostEngineLog(main: string | undefined = require.main?.filename, args: readonly string[] = process.argv.slice(2)): EngineLog | undefined {
  if (main === undefined || !/[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/.test(main)) return undefined;
  const address = engineAddressOf(args);
  if (address === undefined) return undefined;
  if (ownEngine?.address !== address) ownEngine = connectEngineLog(address);
  return ownEngine;
}
