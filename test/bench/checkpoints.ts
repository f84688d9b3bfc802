/**
 * Benchmark: what the state costs with a file or S3 backend. The many-tickets fixture's `up` from an empty stack
 * through the Pulumi CLI's file backend, with and without PULUMI_SKIP_CHECKPOINTS, once with the `__provider` texts
 * earlier releases stored (the recorded fixtures) and once with today's short ones, side by side. The backend's
 * writes are counted as it makes them: with PULUMI_RETAIN_CHECKPOINTS it writes each checkpoint a second time to a
 * file of its own (`<stack>.json.<nanoseconds>`), which is counted and deleted as soon as it appears (at 1,000
 * tickets with the recorded texts they would fill 6.4 GB).
 *
 *   npx tsx test/bench/checkpoints.ts [tickets]     (default 1,000; needs `npm run build` and `npm run pulumi-cli`)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../tools/emulator";
import { manyTicketsEngine } from "../support/manyTickets";
import type { Row } from "./report";

const CLIENT = { id: "bench-checkpoints", secret: "bench-checkpoints-secret" };
const TICKET_TYPE = "pulumi-nodejs:dynamic/tenant:EnrollmentTicket";

export type ProviderTexts = "recorded" | "current";

export interface CheckpointRun {
  texts: ProviderTexts;
  skipCheckpoints: boolean;
  tickets: number;
  /** Resources in the final state (tickets, push selection, phone provider, default provider, stack). */
  resources: number;
  stateBytes: number;
  /**
   * A ticket's entry in the state file as stored (mean over the tickets): compact JSON, as the file and S3 backends
   * write it since pulumi v3.238.0 (pulumi/pulumi#22245). The goal is judged on this figure.
   */
  ticketBytes: number;
  /** For information: the same entry as a CLI before v3.238 stores it (4-space indentation, four levels deep). */
  indentedTicketBytes: number;
  /** Who a ticket's entry is made of (mean bytes per ticket): see `ENTRY_SHARES`. */
  ticketShares: Record<EntryShare, number>;
  /** The checkpoints the backend wrote during the `up`, and their bytes. */
  bytesWritten: number;
  writes: number;
  wallMs: number;
}

/**
 * A JSON value as the file backend writes it since pulumi v3.238.0 (pulumi/pulumi#22245: json.Encoder,
 * SetEscapeHTML(false), no indent): compact, with U+2028 and U+2029 escaped, which JSON.stringify leaves as they are.
 */
export function compactJson(value: unknown): string {
  return JSON.stringify(value).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * Counts the copies PULUMI_RETAIN_CHECKPOINTS makes beside a stack's checkpoint from now on, deleting each once
 * counted. The backend writes a copy to a temporary file and renames it, so a name that matches is a whole checkpoint.
 */
class RetainedCheckpoints {
  writes = 0;
  bytes = 0;
  private readonly dir: string;
  private readonly pattern: RegExp;
  private readonly timer: NodeJS.Timeout;

  constructor(stackFile: string) {
    this.dir = path.dirname(stackFile);
    this.pattern = new RegExp(`^${path.basename(stackFile).replace(/\./g, "\\.")}\\.\\d+$`);
    for (const file of this.copies()) fs.rmSync(file); // the stack's creation: not counted
    this.timer = setInterval(() => this.count(), 100);
  }

  stop(): void {
    clearInterval(this.timer);
    this.count();
  }

  private count(): void {
    for (const file of this.copies()) {
      this.writes++;
      this.bytes += fs.statSync(file).size;
      fs.rmSync(file);
    }
  }

  private copies(): string[] {
    return fs.readdirSync(this.dir).filter((name) => this.pattern.test(name)).map((name) => path.join(this.dir, name));
  }
}

/**
 * A state entry's fields by who decides them: the package (the inputs and outputs its resources register and its
 * handlers return, and which outputs are secret), the engine naming the resource (URNs, type, id, provider
 * reference), and what the engine adds to every resource of any package (the SDK's stack trace, timestamps,
 * property dependencies). Each field counts as `"key":value,` in the compact entry.
 */
const ENTRY_SHARES = {
  package: ["inputs", "outputs", "additionalSecretOutputs"],
  identity: ["urn", "custom", "id", "type", "parent", "provider", "dependencies"],
  engineAdded: ["stackTrace", "sourcePosition", "created", "modified", "propertyDependencies"],
} as const;
type EntryShare = keyof typeof ENTRY_SHARES;

function entryShares(entry: Record<string, unknown>): Record<EntryShare, number> {
  const bytesOf = (keys: readonly string[]) =>
    keys.filter((key) => entry[key] !== undefined).reduce((sum, key) => sum + Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(entry[key])},`), 0);
  return { package: bytesOf(ENTRY_SHARES.package), identity: bytesOf(ENTRY_SHARES.identity), engineAdded: bytesOf(ENTRY_SHARES.engineAdded) };
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function benchCheckpointRun(tickets: number, texts: ProviderTexts, skipCheckpoints: boolean): Promise<CheckpointRun> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-checkpoints-"));
  const emulator = await startEmulator({ clients: [CLIENT] });
  try {
    const engine = manyTicketsEngine({
      emulator,
      client: CLIENT,
      tickets,
      stack: "checkpoints",
      stateDir,
      timeoutMs: 1_800_000,
      providerTexts: texts,
      env: { PULUMI_RETAIN_CHECKPOINTS: "true", ...(skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}) },
    });
    await engine.readState(); // the stack made, its config set: what is counted is the `up` alone
    const retained = new RetainedCheckpoints(engine.stateFile());
    const started = performance.now();
    try {
      await engine.up();
    } finally {
      retained.stop();
    }
    const wallMs = performance.now() - started;
    const state = await engine.readState();
    const raw = await engine.rawState();
    // Each entry is measured as the file holds it: the whole file, re-serialized so, must be the file byte for byte.
    if (compactJson(JSON.parse(raw)) !== raw) throw new Error("the checkpoint is not the compact JSON this benchmark measures entries as");
    const stored = (JSON.parse(raw) as { checkpoint: { latest: { resources: ({ type: string } & Record<string, unknown>)[] } } }).checkpoint.latest.resources;
    const ticketEntries = stored.filter((resource) => resource.type === TICKET_TYPE);
    const DEPTH = " ".repeat(4 * 4); // an entry of checkpoint.latest.resources, every line of it
    const indentedBytes = (entry: unknown) => Buffer.byteLength(DEPTH + JSON.stringify(entry, null, 4).replace(/\n/g, `\n${DEPTH}`));
    if (emulator.state.enrollmentTickets.length !== tickets) throw new Error(`minted ${emulator.state.enrollmentTickets.length} tickets, expected ${tickets}`);
    return {
      texts,
      skipCheckpoints,
      tickets,
      resources: state.resources.length,
      stateBytes: Buffer.byteLength(raw),
      ticketBytes: mean(ticketEntries.map((entry) => Buffer.byteLength(compactJson(entry)))),
      indentedTicketBytes: mean(ticketEntries.map(indentedBytes)),
      ticketShares: {
        package: mean(ticketEntries.map((entry) => entryShares(entry).package)),
        identity: mean(ticketEntries.map((entry) => entryShares(entry).identity)),
        engineAdded: mean(ticketEntries.map((entry) => entryShares(entry).engineAdded)),
      },
      bytesWritten: retained.bytes,
      writes: retained.writes,
      wallMs,
    };
  } finally {
    await emulator.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

/** Both texts, with and without PULUMI_SKIP_CHECKPOINTS: four `up`s of `tickets` tickets. */
export async function benchCheckpoints(tickets: number, onRun?: (label: string) => void): Promise<CheckpointRun[]> {
  const runs: CheckpointRun[] = [];
  for (const texts of ["recorded", "current"] as const) {
    for (const skipCheckpoints of [false, true]) {
      runs.push(await benchCheckpointRun(tickets, texts, skipCheckpoints));
      onRun?.(`${texts} texts${skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS" : ""}`);
    }
  }
  return runs;
}

/** What a resource may take in state with the short texts (the goal). */
export const STATE_BYTES_PER_RESOURCE_GOAL = 1_536;

const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const megabytes = (bytes: number): string => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`);

function verdictOf(run: CheckpointRun): string {
  const over = Math.round(run.ticketBytes - STATE_BYTES_PER_RESOURCE_GOAL);
  if (over <= 0) return "met";
  const added = Math.round(run.ticketShares.engineAdded);
  return over < added ? `missed by ${over} B, less than the ${added} B the engine adds to every resource of any package` : `missed by ${over} B`;
}

export function checkpointRows(runs: readonly CheckpointRun[]): Row[] {
  return runs.map((run) => {
    const perResource = run.stateBytes / run.resources;
    const texts = run.texts === "recorded" ? "texts of earlier releases (recorded)" : "today's short texts";
    const persisted = run.skipCheckpoints ? "PULUMI_SKIP_CHECKPOINTS=true" : "the file backend's checkpoints";
    return {
      section: "9",
      measure: `\`up\` of ${run.tickets.toLocaleString("en-US")} tickets, ${texts}, ${persisted}`,
      result:
        `state ${kilobytes(run.ticketBytes)} per ticket as stored (compact, as the file backend writes since pulumi v3.238; ` +
        `${kilobytes(run.indentedTicketBytes)} with the 4-space indentation of earlier CLIs): ` +
        `${Math.round(run.ticketShares.package)} B the package's inputs, outputs and secret-output names, ` +
        `${Math.round(run.ticketShares.identity)} B the engine's URNs, id and provider reference, ` +
        `${Math.round(run.ticketShares.engineAdded)} B what the engine adds to any resource (the SDK's stack trace, timestamps, property dependencies); ` +
        `${kilobytes(perResource)} per resource on average ` +
        `(${megabytes(run.stateBytes)}, ${run.resources} resources, the stack's config in the default provider included); ` +
        `the backend wrote ${megabytes(run.bytesWritten)} in ${run.writes.toLocaleString("en-US")} checkpoint${run.writes === 1 ? "" : "s"}; ` +
        `${(run.wallMs / 1000).toFixed(1)} s${run.writes > 1 ? " (each checkpoint written twice: the copy PULUMI_RETAIN_CHECKPOINTS keeps, to count it)" : ""}`,
      goal: run.texts === "current" ? `≤ ${kilobytes(STATE_BYTES_PER_RESOURCE_GOAL)} per ticket` : "— (what existing stacks hold)",
      verdict: run.texts === "current" ? verdictOf(run) : "—",
    };
  });
}

async function main(argv: readonly string[]): Promise<void> {
  const tickets = Number(argv[0] ?? 1_000);
  const startLoad = os.loadavg();
  const runs = await benchCheckpoints(tickets, (label) => process.stderr.write(`${label}: done\n`));
  process.stdout.write(`load average at start ${startLoad.map((value) => value.toFixed(2)).join(" / ")}, at the end ${os.loadavg().map((value) => value.toFixed(2)).join(" / ")}\n`);
  for (const run of runs) console.log(JSON.stringify(run, (_key, value: unknown) => (typeof value === "number" ? Math.round(value) : value)));
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
