/**
 * The emulator in a child process of its own, so a measured process holds only the client under test and
 * the two do not share one event loop. Plain http by default; https when given a key and certificate file.
 *
 *   tsx test/bench/emulatorProcess.ts [--tls KEY_FILE CERT_FILE]      prints: listening on <url>
 *
 * `startEmulatorProcess()` spawns it and talks to it through the emulator's /__emulator controls.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import * as fs from "node:fs";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { DEFAULT_CLIENT, startEmulator, type EmulatorClient, type RequestLogEntry, type SeedDestination } from "../../tools/emulator";

const TSX_LOADER = "tsx";

export interface EmulatorControls {
  url: string;
  /** The emulator process (to watch its CPU, or to kill). */
  pid: number;
  /** `destinations` are used in turn (default: webhooks with basic authorization). */
  seedEventStreams(count: number, destinations?: readonly SeedDestination[]): Promise<void>;
  reset(): Promise<void>;
  requests(): Promise<{ total: number; tokenRequests: number; counts: Record<string, number>; requests: RequestLogEntry[] }>;
  close(): Promise<void>;
}

export const EMULATOR_CLIENT: Readonly<EmulatorClient> = DEFAULT_CLIENT;

async function control(url: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}/__emulator/${route}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator control ${method} ${route}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** Spawns the emulator; with `tls`, the controls are reached with a fetch that trusts only that certificate. */
export async function startEmulatorProcess(tls?: { keyFile: string; certFile: string }): Promise<EmulatorControls> {
  const args = ["--import", TSX_LOADER, __filename, ...(tls ? ["--tls", tls.keyFile, tls.certFile] : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: path.join(__dirname, "..", ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, "line").then(([line]) => line as string),
    once(child, "exit").then(([code]) => {
      throw new Error(`emulator process exited early with code ${String(code)}`);
    }),
  ]);
  lines.close();
  const match = /^listening on (https?:\/\/127\.0\.0\.1:\d+)$/.exec(first);
  if (!match) {
    child.kill("SIGKILL");
    throw new Error(`unexpected first line from the emulator process: ${first}`);
  }
  const url = match[1];
  // The controls are plain requests; over https they need the certificate, which this process does not trust.
  const controlUrl = tls ? undefined : url;
  const viaControls = async (method: string, route: string, body?: unknown): Promise<unknown> => {
    if (controlUrl) return control(controlUrl, method, route, body);
    return controlOverTls(url, tls!.certFile, method, route, body);
  };
  return {
    url,
    pid: child.pid ?? -1,
    seedEventStreams: async (count, destinations) => void (await viaControls("POST", "event-streams/seed", { count, destinations })),
    reset: async () => void (await viaControls("POST", "reset")),
    requests: async () => (await viaControls("GET", "requests")) as Awaited<ReturnType<EmulatorControls["requests"]>>,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/** A control request over https that trusts exactly the throwaway certificate (an undici Agent with that CA). */
async function controlOverTls(url: string, certFile: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const { Agent, request } = await import("undici");
  const agent = new Agent({ connect: { ca: fs.readFileSync(certFile, "utf8") } });
  try {
    const response = await request(`${url}/__emulator/${route}`, {
      method: method as "GET" | "POST",
      dispatcher: agent,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) throw new Error(`emulator control ${method} ${route}: ${response.statusCode} ${text}`);
    return text === "" ? undefined : JSON.parse(text);
  } finally {
    await agent.close();
  }
}

async function main(): Promise<void> {
  const tlsAt = process.argv.indexOf("--tls");
  const tls =
    tlsAt >= 0 ? { key: fs.readFileSync(process.argv[tlsAt + 1], "utf8"), cert: fs.readFileSync(process.argv[tlsAt + 2], "utf8") } : undefined;
  const emulator = await startEmulator({ tls });
  console.log(`listening on ${emulator.url}`);
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
