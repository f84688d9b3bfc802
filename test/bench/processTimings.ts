/**
 * What each Pulumi process of an engine run did and when, from the preload fixtures/processTiming.js: process
 * start, a host's port line, the program's own first line, and every request the package's client sent (the
 * token requests among them). Used to split wall time and to count token requests per process.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const PRELOAD = path.join(__dirname, "fixtures", "processTiming.js");
export const TOKEN_PATH = "/oauth/token";

export interface TimingEvent {
  pid: number;
  role: "host" | "program" | "other";
  event: "start" | "port" | "main" | "handler" | "request" | "rss";
  /** Epoch milliseconds. */
  at: number;
  method?: string;
  path?: string;
  /** "rss" events: the process's peak resident set so far (process.resourceUsage().maxRSS), KB. */
  maxRssKb?: number;
}

export interface ProcessTimeline {
  pid: number;
  role: TimingEvent["role"];
  startAt: number;
  /** Hosts: when the port line was printed. */
  portAt?: number;
  /** The program: when its own code started running. */
  mainAt?: number;
  /** Hosts: when a pulumi-tenant handler was first required (the first Check). */
  handlerAt?: number;
  apiRequests: number;
  tokenRequests: number;
  firstRequestAt?: number;
  /** Hosts: the highest peak RSS sampled, KB. */
  maxRssKb?: number;
}

/** A fresh timing file and the environment that makes every Node process of a run record into it. */
export class TimingRecorder {
  readonly file: string;
  private readonly dir: string;

  constructor() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-bench-timing-"));
    this.file = path.join(this.dir, "timing.jsonl");
  }

  env(): NodeJS.ProcessEnv {
    const inherited = process.env.NODE_OPTIONS ? `${process.env.NODE_OPTIONS} ` : "";
    return { NODE_OPTIONS: `${inherited}--require ${PRELOAD}`, BENCH_TIMING_FILE: this.file };
  }

  /** Events so far; clears the file so the next run starts empty. */
  take(): TimingEvent[] {
    if (!fs.existsSync(this.file)) return [];
    const text = fs.readFileSync(this.file, "utf8");
    fs.rmSync(this.file);
    return text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as TimingEvent);
  }

  dispose(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export function processTimelines(events: readonly TimingEvent[]): ProcessTimeline[] {
  const byPid = new Map<number, ProcessTimeline>();
  for (const event of events) {
    let timeline = byPid.get(event.pid);
    if (!timeline) {
      timeline = { pid: event.pid, role: event.role, startAt: Number.NaN, apiRequests: 0, tokenRequests: 0 };
      byPid.set(event.pid, timeline);
    }
    if (event.event === "start") timeline.startAt = event.at;
    else if (event.event === "port") timeline.portAt = event.at;
    else if (event.event === "main") timeline.mainAt = event.at;
    else if (event.event === "handler") timeline.handlerAt = Math.min(timeline.handlerAt ?? event.at, event.at);
    else if (event.event === "rss") timeline.maxRssKb = Math.max(timeline.maxRssKb ?? 0, event.maxRssKb ?? 0);
    else if (event.event === "request") {
      if (event.path === TOKEN_PATH || event.path === `${TOKEN_PATH}/`) timeline.tokenRequests++;
      else timeline.apiRequests++;
      timeline.firstRequestAt = Math.min(timeline.firstRequestAt ?? event.at, event.at);
    }
  }
  return [...byPid.values()].filter((timeline) => timeline.role !== "other");
}

/** Token requests per process, over the processes that called the API at all (the floor is 1 for each). */
export function tokensPerProcess(timelines: readonly ProcessTimeline[]): { callers: number; maxTokens: number; totalTokens: number; processes: number } {
  const callers = timelines.filter((timeline) => timeline.apiRequests + timeline.tokenRequests > 0);
  return {
    callers: callers.length,
    maxTokens: Math.max(0, ...callers.map((timeline) => timeline.tokenRequests)),
    totalTokens: callers.reduce((sum, timeline) => sum + timeline.tokenRequests, 0),
    processes: timelines.length,
  };
}
