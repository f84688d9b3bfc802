/**
 * Benchmark: HTTP requests the API sees per operation, against the floor. One examples/basic stack (through the
 * Pulumi CLI: real program, real provider hosts) goes through create → update → no-op up → preview →
 * refresh → destroy on one emulator; each run's requests are attributed to resources by path, and the preload
 * counts token requests per process. The MFA resources are measured the same way on examples/mfa-sms (a phone
 * provider, its message types, two phone templates, the sms factor and the policy), with preview --refresh in place
 * of preview.
 *
 *   npx tsx test/bench/callsPerOperation.ts [event-streams]    (needs `npm run build`)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator, type RequestLogEntry } from "../../tools/emulator";
import { ExpectNoChangesError, PulumiCliEngine, type RunResult } from "../../tools/pulumi-cli/driver";
import { REPO_ROOT, packageLookupEnv } from "../../tools/stacks/packageLink";
import { SENTINEL_CLIENT, basicStack } from "../../tools/stacks/basicStack";
import { mfaStack } from "../../tools/stacks/mfaStack";
import { TimingRecorder, processTimelines, tokensPerProcess, TOKEN_PATH } from "./processTimings";

export type ResourceName =
  | "PushProviderSelection"
  | "PhoneProvider"
  | "EnrollmentTicket"
  | "MfaFactor"
  | "MfaPolicy"
  | "PhoneMessageTypes"
  | "SnsPushProvider"
  | "ApnsPushProvider"
  | "FcmPushProvider"
  | "EventStream"
  | "PhoneTemplate"
  | "DuoSettings"
  | "WebAuthnSettings"
  | "PushCustomApp"
  | "MfaSettings"
  | "OtpSettings"
  | "TenantMfaFlags"
  | "RiskAssessmentSettings"
  | "RiskAssessmentNewDevice"
  | "getEventStreams";
export type Operation = "create" | "update" | "no-op up" | "preview" | "preview --refresh" | "read (refresh)" | "delete (destroy)";

const ROUTES: [ResourceName, (path: string, method: string) => boolean][] = [
  ["PushProviderSelection", (path) => path === "/api/v2/guardian/factors/push-notification/selected-provider"],
  ["PhoneProvider", (path) => path === "/api/v2/branding/phone/providers" || path.startsWith("/api/v2/branding/phone/providers/")],
  ["EnrollmentTicket", (path) => path === "/api/v2/guardian/enrollments/ticket"],
  ["PhoneTemplate", (path) => path === "/api/v2/branding/phone/templates" || path.startsWith("/api/v2/branding/phone/templates/")],
  ["PhoneMessageTypes", (path) => path === "/api/v2/guardian/factors/phone/message-types"],
  ["DuoSettings", (path) => path === "/api/v2/guardian/factors/duo/settings"],
  ["WebAuthnSettings", (path) => /^\/api\/v2\/guardian\/factors\/webauthn-(roaming|platform)\/settings$/.test(path)],
  ["OtpSettings", (path) => /^\/api\/v2\/guardian\/factors\/(phone|email)\/settings$/.test(path)],
  ["PushCustomApp", (path) => path === "/api/v2/prompts/mfa-push"],
  ["MfaSettings", (path) => path === "/api/v2/guardian/settings"],
  ["TenantMfaFlags", (path) => path === "/api/v2/tenants/settings"],
  ["RiskAssessmentSettings", (path) => path === "/api/v2/risk-assessments/settings"],
  ["RiskAssessmentNewDevice", (path) => path === "/api/v2/risk-assessments/settings/new-device"],
  ["SnsPushProvider", (path) => path === "/api/v2/guardian/factors/push-notification/providers/sns"],
  ["ApnsPushProvider", (path) => path === "/api/v2/guardian/factors/push-notification/providers/apns"],
  ["FcmPushProvider", (path) => path === "/api/v2/guardian/factors/push-notification/providers/fcmv1"],
  // The list, and the PUT of one factor (one segment more; the paths above are longer).
  ["MfaFactor", (path) => /^\/api\/v2\/guardian\/factors(\/[^/]+)?$/.test(path)],
  ["MfaPolicy", (path) => path === "/api/v2/guardian/policies"],
  ["getEventStreams", (path, method) => path === "/api/v2/event-streams" && method === "GET"],
  ["EventStream", (path, method) => path.startsWith("/api/v2/event-streams/") || (path === "/api/v2/event-streams" && method === "POST")],
];

export interface OperationRun {
  operation: Operation;
  /** Requests per resource, e.g. { PhoneProvider: ["POST"] } in the order sent. */
  requests: Partial<Record<ResourceName, string[]>>;
  /** API requests to paths none of the resources own (should be none). */
  unattributed: string[];
  tokenRequests: number;
  /** Processes of the run (program + hosts) and how many of them called the API. */
  processes: number;
  apiCallers: number;
  maxTokensPerProcess: number;
  /** Steps the engine reported, e.g. "create PhoneProvider". */
  steps: string[];
  wallMs: number;
}

function attribute(entries: readonly RequestLogEntry[]): Pick<OperationRun, "requests" | "unattributed" | "tokenRequests"> {
  const requests: Partial<Record<ResourceName, string[]>> = {};
  const unattributed: string[] = [];
  let tokenRequests = 0;
  for (const entry of entries) {
    if (entry.path === TOKEN_PATH) {
      tokenRequests++;
      continue;
    }
    const owner = ROUTES.find(([, matches]) => matches(entry.path, entry.method))?.[0];
    if (owner) (requests[owner] ??= []).push(entry.method);
    else unattributed.push(`${entry.method} ${entry.path}`);
  }
  return { requests, unattributed, tokenRequests };
}

export async function measured(
  emulator: Emulator,
  recorder: TimingRecorder,
  operation: Operation,
  action: () => Promise<RunResult>,
): Promise<OperationRun> {
  recorder.take();
  const startedAt = Date.now();
  const started = performance.now();
  const result = await action();
  const wallMs = performance.now() - started;
  const entries = emulator.requests.filter((entry) => entry.startedAt >= startedAt);
  const tokens = tokensPerProcess(processTimelines(recorder.take()));
  return {
    operation,
    ...attribute(entries),
    processes: tokens.processes,
    apiCallers: tokens.callers,
    maxTokensPerProcess: tokens.maxTokens,
    steps: result.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.type.replace(/^tenant:/, "")}`),
    wallMs,
  };
}

export async function benchCallsPerOperation(): Promise<OperationRun[]> {
  const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
  const recorder = new TimingRecorder();
  const initial = basicStack(emulator, { stack: "bench-calls", env: recorder.env() });
  // The same stack and state with every resource's input changed: push selection, phone provider, ticket user.
  const changed = basicStack(emulator, {
    stack: "bench-calls",
    stateDir: initial.stateDir,
    env: recorder.env(),
    projectConfig: { pushProvider: "direct", smsDisabled: "true", ticketUserId: "auth0|bob" },
  });
  try {
    const runs: OperationRun[] = [];
    runs.push(await measured(emulator, recorder, "create", () => initial.engine.up()));
    runs.push(await measured(emulator, recorder, "update", () => changed.engine.up()));
    runs.push(await measured(emulator, recorder, "no-op up", () => changed.engine.up()));
    runs.push(await measured(emulator, recorder, "preview", () => changed.engine.preview()));
    runs.push(await measured(emulator, recorder, "read (refresh)", () => changed.engine.refresh()));
    runs.push(await measured(emulator, recorder, "delete (destroy)", () => changed.engine.destroy()));
    return runs;
  } finally {
    initial.dispose();
    recorder.dispose();
    await emulator.close();
  }
}

/** Phone templates examples/mfa-sms declares (the otp_verify and otp_enroll texts). */
export const EXAMPLE_TEMPLATES = 2;

/** examples/mfa-sms through the same six runs; the second changes every MFA resource's input and both texts. */
export async function benchMfaCallsPerOperation(): Promise<OperationRun[]> {
  const emulator = await startEmulator({ clients: [SENTINEL_CLIENT] });
  const recorder = new TimingRecorder();
  const initial = mfaStack(emulator, { stack: "bench-mfa", env: recorder.env() });
  const changed = mfaStack(emulator, {
    stack: "bench-mfa",
    stateDir: initial.stateDir,
    env: recorder.env(),
    projectConfig: { mfaPolicy: "never", smsEnabled: "false", smsVoice: "false", smsSignOff: "Do not share it." },
  });
  try {
    const runs: OperationRun[] = [];
    runs.push(await measured(emulator, recorder, "create", () => initial.engine.up()));
    runs.push(await measured(emulator, recorder, "update", () => changed.engine.up()));
    runs.push(await measured(emulator, recorder, "no-op up", () => changed.engine.up()));
    runs.push(await measured(emulator, recorder, "preview --refresh", () => changed.engine.preview({ refresh: true })));
    runs.push(await measured(emulator, recorder, "read (refresh)", () => changed.engine.refresh()));
    runs.push(await measured(emulator, recorder, "delete (destroy)", () => changed.engine.destroy()));
    return runs;
  } finally {
    initial.dispose();
    recorder.dispose();
    await emulator.close();
  }
}

/** Streams examples/event-streams declares (a webhook and an EventBridge stream). */
export const EXAMPLE_STREAMS = 2;

/**
 * The same for EventStream, on examples/event-streams: create → update (the webhook token rotated) → no-op up →
 * preview --refresh (a stream disabled by hand) → refresh → destroy.
 */
export async function benchEventStreamCalls(): Promise<OperationRun[]> {
  const emulator = await startEmulator({ clients: [{ id: "bench-streams", secret: "bench-streams-secret" }] });
  const recorder = new TimingRecorder();
  const stateDir = mkdtempSync(join(tmpdir(), "pulumi-tenant-bench-streams-"));
  const stack = (token: string) =>
    new PulumiCliEngine({
      projectDir: join(REPO_ROOT, "examples", "event-streams"),
      stack: "bench-streams",
      stateDir,
      passphrase: "bench",
      config: {
        "tenant:domain": { value: emulator.url },
        "tenant:clientId": { value: "bench-streams" },
        "tenant:clientSecret": { value: "bench-streams-secret", secret: true },
        webhookToken: { value: token, secret: true },
      },
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...recorder.env() },
    });
  const [initial, rotated] = [stack("bench-token-1"), stack("bench-token-2")];
  try {
    const runs: OperationRun[] = [];
    runs.push(await measured(emulator, recorder, "create", () => initial.up()));
    runs.push(await measured(emulator, recorder, "update", () => rotated.up()));
    runs.push(await measured(emulator, recorder, "no-op up", () => rotated.up()));
    emulator.state.eventStreams[0].status = "disabled";
    runs.push(
      await measured(emulator, recorder, "preview --refresh", () =>
        rotated.preview({ refresh: true, expectNoChanges: true }).catch((error: unknown) => {
          if (error instanceof ExpectNoChangesError) return error.result; // the drift it must find
          throw error;
        }),
      ),
    );
    runs.push(await measured(emulator, recorder, "read (refresh)", () => rotated.refresh()));
    runs.push(await measured(emulator, recorder, "delete (destroy)", () => rotated.destroy()));
    return runs;
  } finally {
    recorder.dispose();
    rmSync(stateDir, { recursive: true, force: true });
    await emulator.close();
  }
}

if (require.main === module) {
  const which = process.argv[2];
  const benches: [example: string, bench: () => Promise<OperationRun[]>][] = [
    ["basic", benchCallsPerOperation],
    ["mfa-sms", benchMfaCallsPerOperation],
    ["event-streams", benchEventStreamCalls],
  ];
  Promise.all(benches.filter(([example]) => which === undefined || which === example).map(async ([example, bench]) => ({ example, runs: await bench() })))
    .then((results) => {
      for (const { example, runs } of results) for (const run of runs) console.log(JSON.stringify({ example, ...run }));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
