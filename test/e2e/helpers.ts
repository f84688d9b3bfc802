/**
 * Shared by the end-to-end suites: what the emulator saw between two steps, out-of-band edits through
 * the API, the exact access tokens the emulator issued, and the sentinel-secret scan.
 */
import { expect } from "vitest";
import type { Emulator, RequestLogEntry } from "../../tools/emulator";
import { ExpectNoChangesError, displayedChanges, proposedChanges, type PulumiCliEngine, type RunResult } from "../../tools/pulumi-cli/driver";

export const API_PREFIX = "/api/v2";
export const TOKEN_PATH = "/oauth/token";
export const PUSH_API_PATH = `${API_PREFIX}/guardian/factors/push-notification/selected-provider`;
export const PHONE_API_PATH = `${API_PREFIX}/branding/phone/providers`;
export const TICKET_API_PATH = `${API_PREFIX}/guardian/enrollments/ticket`;
export const STREAMS_API_PATH = `${API_PREFIX}/event-streams`;

/** The same as basicStack's (tools/stacks/basicStack.ts), which does not export it; the CLI must decrypt that state. */

/** Reads the emulator's request log in slices: each `take()` returns what arrived since the previous one. */
export class RequestWindow {
  private mark: number;

  constructor(private readonly emulator: Emulator) {
    this.mark = emulator.requests.length;
  }

  take(): ApiCalls {
    const entries = this.emulator.requests.slice(this.mark);
    this.mark = this.emulator.requests.length;
    return new ApiCalls(entries);
  }
}

/** A slice of the request log, summarised the way the tests assert on it. */
export class ApiCalls {
  constructor(readonly entries: readonly RequestLogEntry[]) {}

  /** Management API calls as "METHOD /path" → count (query strings dropped; token requests excluded). */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.entries.filter((e) => e.path.startsWith(API_PREFIX))) {
      const key = `${entry.method} ${pathPattern(entry.path)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  /** Calls that can change the tenant: anything on /api/v2 but GET. */
  mutating(): string[] {
    return this.entries
      .filter((entry) => entry.path.startsWith(API_PREFIX) && entry.method !== "GET")
      .map((entry) => `${entry.method} ${entry.path}`);
  }

  tokenRequests(): RequestLogEntry[] {
    return this.entries.filter((entry) => entry.path.startsWith(TOKEN_PATH));
  }

  /** Everything that is neither the management API nor a token request (should be nothing). */
  other(): string[] {
    return this.entries
      .filter((entry) => !entry.path.startsWith(API_PREFIX) && !entry.path.startsWith(TOKEN_PATH))
      .map((entry) => `${entry.method} ${entry.path}`);
  }

  /** Statuses of failed calls, to make a failing assertion explain itself. */
  failures(): string[] {
    return this.entries.filter((entry) => entry.status >= 400 || entry.status === 0).map((e) => `${e.method} ${e.path} ${e.status}`);
  }
}

/** Phone provider and template ids vary per run; group them under one key each. */
function pathPattern(path: string): string {
  return path
    .replace(/\/branding\/phone\/providers\/[^/]+/, "/branding/phone/providers/{id}")
    .replace(/\/branding\/phone\/templates\/[^/]+/, "/branding/phone/templates/{id}");
}

/** The steps as sorted "op type name" lines: the engine runs independent resources in any order. */
export function operations(result: RunResult): string[] {
  return result.steps.map((step) => `${step.op} ${step.type} ${step.name}`).sort();
}

/**
 * The properties the CLI's `--diff` display shows as changed, by "op name". The engine attaches no property list to
 * a dynamic resource's steps; the display compares the states (inputs; outputs for refresh steps).
 */
export function displayedChangesOf(result: RunResult): Record<string, string[]> {
  return Object.fromEntries(
    result.steps.map((step) => [`${step.op} ${step.name}`, displayedChanges(step)] as const).filter(([, keys]) => keys.length > 0),
  );
}

/** A caller editing the tenant behind Pulumi's back, with its own emulator-issued token. */
export class OutOfBandAdmin {
  private constructor(
    private readonly emulator: Emulator,
    readonly token: string,
  ) {}

  static async create(emulator: Emulator, clientId: string): Promise<OutOfBandAdmin> {
    return new OutOfBandAdmin(emulator, await emulator.issueToken(clientId));
  }

  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`out-of-band ${method} ${path} failed: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  selectPushProvider(provider: string): Promise<unknown> {
    return this.call("PUT", PUSH_API_PATH, { provider });
  }

  patchPhoneProvider(id: string, changes: Record<string, unknown>): Promise<unknown> {
    return this.call("PATCH", `${PHONE_API_PATH}/${id}`, changes);
  }

  deletePhoneProvider(id: string): Promise<unknown> {
    return this.call("DELETE", `${PHONE_API_PATH}/${id}`);
  }
}

/** Any JWT (an access token) in text: base64url of `{"…` three times over. */
const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;

/**
 * Fails naming the text and the secret's label (not its value) when a secret occurs in any text, or when
 * a text holds anything shaped like an access token. `soft` records the failure and carries on, so a
 * caller can still rethrow the error it is scanning.
 */
export function expectNoSecrets(texts: Record<string, string>, secrets: Record<string, readonly string[]>, { soft = false } = {}): void {
  const leaks: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const [label, values] of Object.entries(secrets)) {
      if (values.some((value) => value.length > 0 && text.includes(value))) leaks.push(`${label} in ${where}`);
    }
    if (JWT_PATTERN.test(text)) leaks.push(`a JWT-shaped token in ${where}`);
  }
  (soft ? expect.soft : expect)(leaks, "secrets found in plain text").toEqual([]);
}

/** The texts of one run a user or a CI log could see, plus the state file as stored. */
export function visibleTexts(step: string, result: RunResult, rawState: string): Record<string, string> {
  return {
    [`${step}: state file`]: rawState,
    [`${step}: program output`]: result.programOutput,
  };
}

/**
 * The properties the CLI's `--diff` output shows as changed (`~ key: old => new`, `+ key`, `- key`) in the block of
 * one resource (by its name in the program), for the step of `op` (`update`, `refresh`, …).
 */
export function diffShownFor(cliOutput: string, name: string, op: string): string[] {
  const lines = cliOutput.split("\n");
  const shown: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^\s*[~+-]?\s*[\w:/.-]+: \((\S+)\)$/.test(lines[index]) || !lines[index].trimEnd().endsWith(`(${op})`)) continue;
    const header = lines[index].match(/^(\s*)/)?.[1].length ?? 0;
    const block: string[] = [];
    let cursor = index + 1;
    for (; cursor < lines.length && (lines[cursor].match(/^(\s*)/)?.[1].length ?? 0) > header; cursor++) block.push(lines[cursor]);
    if (!block.some((line) => line.trim().startsWith("[urn=") && line.trim().endsWith(`::${name}]`))) continue;
    for (const line of block) {
      const property = /^\s*([~+-])\s+([\w.[\]]+)\s*:/.exec(line);
      if (property) shown.push(property[2]);
    }
  }
  return [...new Set(shown)];
}

/**
 * What the CLI's progress line shows changed for a resource (by its name in the program) that a command `updated`:
 * the summary in `<type> <name> updated (0.1s) [diff: ~status]`, e.g. "~status"; undefined when no such line shows one.
 */
export function progressDiffFor(cliOutput: string, name: string): string | undefined {
  const line = cliOutput.split("\n").find((text) => text.includes(` ${name} updated (`));
  return line === undefined ? undefined : /\[diff: ([^\]]*)\]/.exec(line)?.[1];
}

/**
 * The drift check of an untouched stack, `preview --refresh --expect-no-changes`: it must exit 0 (the engine rejects
 * otherwise), each of `resources` ("type name", as `operations` sorts them) read back the same as stored, no other
 * step but `same`, and nothing written to the tenant.
 */
export async function cleanDriftCheck(engine: PulumiCliEngine, requests: RequestWindow, resources: readonly string[]): Promise<RunResult> {
  const result = await engine.preview({ refresh: true, expectNoChanges: true });
  const steps = operations(result);
  expect(steps.filter((op) => op.startsWith("refresh-same ")), "resources the drift check read back the same").toEqual(resources.map((resource) => `refresh-same ${resource}`));
  expect(steps.filter((op) => !/^(same|refresh-same) /.test(op)), "other steps of the untouched stack's drift check").toEqual([]);
  expect(requests.take().mutating(), "writes during the drift check").toEqual([]);
  return result;
}

/** The changes a failed drift check counts, as "op type name: the properties the display shows" lines. */
export function proposedLines(error: ExpectNoChangesError): string[] {
  return proposedChanges(error.result.steps, error.operation)
    .map((step) => `${step.op} ${step.type} ${step.name}: ${displayedChanges(step).join(", ")}`)
    .sort();
}

/** The ExpectNoChangesError a drift check must end with; anything else (success included) fails the test. */
export async function driftFailure(run: Promise<RunResult>): Promise<ExpectNoChangesError> {
  const outcome = await run.then(
    (result) => new Error(`expected the drift check to fail, but it found no change: ${operations(result).join(", ")}`),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ExpectNoChangesError)) throw outcome;
  return outcome;
}

/**
 * What a refresh or destroy that failed on the settings the last `up` stored adds to the error: whose settings they
 * are (the stack config's, or an explicit Provider's arguments), their tenant and client id, and what stores the
 * current ones.
 */
export function storedSettingsNote(tenant: string, clientId: string, providerName?: string): string {
  const held = `(tenant "${tenant}", client id "${clientId}")`;
  const which =
    providerName === undefined
      ? `the settings the stack stored at its last "pulumi up" ${held}, not the stack config as it is now: once the config is right`
      : `the arguments the tenant Provider "${providerName}" had at the stack's last "pulumi up" ${held}, not those the program gives now: once the program is right`;
  return `Refresh and destroy use ${which}, "pulumi up" stores it (or add --run-program to this command to use it without storing).`;
}
