/**
 * The built `pulumi-resource-tenant` started the way the Pulumi CLI starts a plugin: the executable with the
 * engine's address as argument, the port read from its first stdout line, then a gRPC client on that port.
 * Each RPC is offered as a promise of its response message.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import { createInterface } from "node:readline";
import type { ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, expect } from "vitest";
import { grpc, provider as proto, providerGrpc } from "../../provider/plugin/protocol";
import { isSecretEnvelope, secretEnvelope, toStruct } from "../../provider/plugin/values";
import { startEmulator, type Emulator } from "../../tools/emulator";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";
import { BLANK_TENANT_ENV } from "../support/blankTenantEnv";

export const PLUGIN_EXECUTABLE = path.join(REPO_ROOT, "pulumi-resource-tenant");

type Client = InstanceType<typeof providerGrpc.ResourceProviderClient>;
type Unary<Req, Res> = (request: Req, callback: (error: ServiceError | null, response: Res) => void) => unknown;

export class PluginProcess {
  private stderrText = "";

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    readonly client: Client,
  ) {
    child.stderr?.on("data", (chunk: Buffer) => (this.stderrText += chunk.toString()));
  }

  /**
   * Starts the plugin with `env` added to this process's environment (TENANT_* blanked unless given), with stdin
   * a pipe as the engine gives it. `engineAddress` null starts it as a user does by hand, to attach to it.
   */
  static async start(env: Record<string, string> = {}, executable = PLUGIN_EXECUTABLE, engineAddress: string | null = "127.0.0.1:1"): Promise<PluginProcess> {
    const args = engineAddress === null ? [] : [engineAddress];
    const child = spawn(executable, args, { env: { ...process.env, ...BLANK_TENANT_ENV, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    const firstLine = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once("line", (line) => resolve(line));
      child.once("exit", (code) => reject(new Error(`the plugin exited with code ${code} before printing its port`)));
      child.once("error", reject);
    });
    const port = Number(firstLine.trim());
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`the plugin's first line is not a port: ${firstLine}`);
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new PluginProcess(child, port, client);
  }

  /** Calls one unary RPC, e.g. `plugin.call("check", request)`. */
  call<Req, Res>(method: keyof Client, request: Req): Promise<Res> {
    const fn = (this.client[method] as unknown as Unary<Req, Res>).bind(this.client);
    return new Promise((resolve, reject) => fn(request, (error, response) => (error ? reject(error) : resolve(response))));
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** Closes the engine's end of stdin, as the CLI's exit (or death) does. */
  closeStdin(): void {
    this.child.stdin?.end();
  }

  /** Resolves with the exit code, or with "running" if the process is still alive after `ms`. */
  exitWithin(ms: number): Promise<number | string | "running"> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve(this.child.exitCode ?? String(this.child.signalCode));
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve("running"), ms);
      this.child.once("exit", (code, signal) => {
        clearTimeout(timer);
        resolve(code ?? String(signal));
      });
    });
  }

  async stop(): Promise<void> {
    this.client.close();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      this.child.kill("SIGTERM");
      await exited;
    }
  }
}

/**
 * The built plugin against a fresh emulator tenant, configured as the engine does for `tenant:*` config with client
 * credentials (the secret as a secret envelope).
 */
async function configuredPlugin(client: { id: string; secret: string }): Promise<{ emulator: Emulator; plugin: PluginProcess }> {
  assertDistIsFresh();
  const emulator = await startEmulator({ clients: [client] });
  const plugin = await PluginProcess.start();
  await plugin.call(
    "configure",
    new proto.ConfigureRequest()
      .setArgs(toStruct({ domain: emulator.url, clientId: client.id, clientSecret: secretEnvelope(client.secret), version: "0.1.0" }))
      .setAcceptsecrets(true)
      .setAcceptresources(true),
  );
  return { emulator, plugin };
}

/**
 * A suite's configured plugin and emulator (`configuredPlugin`), started before its tests and stopped after them,
 * when the plugin's stderr must not hold the client secret nor any of `secrets`.
 */
export function configuredPluginSuite(client: { id: string; secret: string }, secrets: readonly string[] = []): { readonly emulator: Emulator; readonly plugin: PluginProcess } {
  let started: { emulator: Emulator; plugin: PluginProcess } | undefined;
  const live = () => {
    if (!started) throw new Error("the plugin suite has not started");
    return started;
  };
  beforeAll(async () => {
    started = await configuredPlugin(client);
  });
  afterAll(async () => {
    await started?.plugin.stop();
    await started?.emulator.close();
    for (const secret of [client.secret, ...secrets]) expect(started?.plugin.stderr ?? "").not.toContain(secret);
  });
  return {
    get emulator() {
      return live().emulator;
    },
    get plugin() {
      return live().plugin;
    },
  };
}

/** Where a value as the plugin answers it holds a secret envelope: each one's dotted path (`destination.configuration.…`). */
export function secretPaths(value: unknown, path = ""): string[] {
  if (isSecretEnvelope(value)) return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => secretPaths(inner, path === "" ? key : `${path}.${key}`));
}

export { proto };
