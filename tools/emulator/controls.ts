// Test controls under /__emulator/ (no auth, never rate limited, not in the request log):
//   POST   /__emulator/reset                 fresh state, log, faults and bucket
//   POST   /__emulator/event-streams/seed    {"count":N,"namePrefix"?:string,"destinations"?:[...],"status"?:...}
//   PUT    /__emulator/mfa                   {"factors"?:{name:bool},"policies"?:[...],"messageTypes"?:[...]}; GET reads them
//   PUT    /__emulator/risk-assessment       {"enabled"?,"rememberFor"?,"entitlement"?,"confidenceScoreSideEffect"?}; GET reads them
//   PUT    /__emulator/tenant-settings       keys replaced, "flags" merged, null removes; GET reads the stored object
//   GET    /__emulator/rate-limit            the bucket: size, refill, what is left
//   PUT    /__emulator/rate-limit            {"size":N,"refillPerSecond"?:R} (starts full); DELETE: no limit
//   POST   /__emulator/faults                a FaultSpec; GET lists pending faults; DELETE clears them
//   GET    /__emulator/requests              the request log and counters
//   GET    /__emulator/state                 the tenant's state (wire shapes, no secrets)
//   POST   /__emulator/clients/{id}/rotate-secret  {"secret"?:string}: a new client secret, the old one revoked
import type { IncomingHttpHeaders } from "node:http";
import { parseFaultSpec } from "./faults";
import type { EmulatorCore } from "./core";
import { apiError, noContent, ok, parseBody, type ApiResult } from "./http";
import { parseMfaSeed } from "./mfaState";
import { parseRiskAssessmentSeed } from "./riskAssessment";
import { parseTenantSettingsSeed } from "./tenantSettings";
import { bucketConfigProblem } from "./rateLimit";
import { TOKEN_PATH } from "./requestLog";
import { SEED_DESTINATIONS, type SeedOptions } from "./state";

const MAX_SEED = 100_000;

function jsonBody(raw: Buffer, headers: IncomingHttpHeaders): { ok: true; value: unknown } | { ok: false; result: ApiResult } {
  return parseBody(raw, headers["content-type"], "json");
}

export function handleControl(
  core: EmulatorCore,
  method: string,
  path: string,
  raw: Buffer,
  headers: IncomingHttpHeaders,
): ApiResult {
  const route = `${method} ${path.replace(/\/$/, "")}`;
  const rotation = ROTATE_SECRET.exec(route);
  if (rotation) return rotateSecret(core, decodeURIComponent(rotation[1]), raw, headers);
  switch (route) {
    case "POST /__emulator/reset":
      core.reset();
      return ok({ reset: true });
    case "POST /__emulator/event-streams/seed": {
      const parsed = jsonBody(raw, headers);
      if (!parsed.ok) return parsed.result;
      const seed = seedRequest(parsed.value);
      if (typeof seed === "string") return apiError(400, seed);
      core.seed(seed.count, seed.options);
      return ok({ seeded: seed.count, total: core.state.eventStreams.length }, 201);
    }
    case "GET /__emulator/mfa":
      return ok(core.state.mfa.snapshot());
    case "PUT /__emulator/mfa":
      return seedWith(raw, headers, parseMfaSeed, (seed) => core.state.mfa.seed(seed), () => core.state.mfa.snapshot());
    case "GET /__emulator/risk-assessment":
      return ok(core.state.riskAssessment.snapshot());
    case "PUT /__emulator/risk-assessment":
      return seedWith(raw, headers, parseRiskAssessmentSeed, (seed) => core.state.riskAssessment.seed(seed), () =>
        core.state.riskAssessment.snapshot(),
      );
    case "GET /__emulator/tenant-settings":
      return ok(core.state.tenantSettings.snapshot());
    case "PUT /__emulator/tenant-settings":
      return seedWith(raw, headers, parseTenantSettingsSeed, (seed) => core.state.tenantSettings.seed(seed), () =>
        core.state.tenantSettings.snapshot(),
      );
    case "GET /__emulator/rate-limit":
      return ok(bucketView(core));
    case "PUT /__emulator/rate-limit": {
      const parsed = jsonBody(raw, headers);
      if (!parsed.ok) return parsed.result;
      const { size, refillPerSecond, ...extra } = (parsed.value ?? {}) as Record<string, unknown>;
      if (Object.keys(extra).length > 0) return apiError(400, `unknown fields: ${Object.keys(extra).join(", ")}`);
      const config = { size: size as number, refillPerSecond: refillPerSecond as number | undefined };
      const problem = bucketConfigProblem(config);
      if (problem) return apiError(400, problem);
      core.limiter.configure(config);
      return ok(bucketView(core));
    }
    case "DELETE /__emulator/rate-limit":
      core.limiter.configure(undefined);
      return noContent();
    case "POST /__emulator/faults": {
      const parsed = jsonBody(raw, headers);
      if (!parsed.ok) return parsed.result;
      const spec = parseFaultSpec(parsed.value);
      if (typeof spec === "string") return apiError(400, spec);
      core.faults.add(spec);
      return ok({ faults: core.faults.list() }, 201);
    }
    case "GET /__emulator/faults":
      return ok({ faults: core.faults.list() });
    case "DELETE /__emulator/faults":
      core.faults.clear();
      return noContent();
    case "GET /__emulator/requests":
      return ok({
        total: core.log.count(),
        tokenRequests: core.log.count("POST", TOKEN_PATH),
        counts: core.log.countsByRoute(),
        requests: core.log.entries,
      });
    case "GET /__emulator/state":
      return ok(core.state.snapshot());
    default:
      return apiError(404, "Not Found");
  }
}

/** A seeding control: the JSON body parsed into a seed (400 with what is wrong), applied, and the result read back. */
function seedWith<Seed>(
  raw: Buffer,
  headers: IncomingHttpHeaders,
  parse: (value: unknown) => Seed | string,
  apply: (seed: Seed) => void,
  readBack: () => unknown,
): ApiResult {
  const parsed = jsonBody(raw, headers);
  if (!parsed.ok) return parsed.result;
  const seed = parse(parsed.value);
  if (typeof seed === "string") return apiError(400, seed);
  apply(seed);
  return ok(readBack());
}

const ROTATE_SECRET = /^POST \/__emulator\/clients\/([^/]+)\/rotate-secret$/;

function rotateSecret(core: EmulatorCore, clientId: string, raw: Buffer, headers: IncomingHttpHeaders): ApiResult {
  let requested: unknown;
  if (raw.length > 0) {
    const parsed = jsonBody(raw, headers);
    if (!parsed.ok) return parsed.result;
    const { secret, ...extra } = (parsed.value ?? {}) as Record<string, unknown>;
    if (Object.keys(extra).length > 0) return apiError(400, `unknown fields: ${Object.keys(extra).join(", ")}`);
    if (secret !== undefined && (typeof secret !== "string" || secret === "")) return apiError(400, "secret must be a non-empty string");
    requested = secret;
  }
  try {
    // A test control: it answers with the new secret so a test can hand it to the program under test.
    return ok({ client_id: clientId, secret: core.tokenEndpoint.rotateSecret(clientId, requested as string | undefined) });
  } catch (error) {
    const message = (error as Error).message;
    return apiError(message.startsWith("unknown client") ? 404 : 400, message);
  }
}

function seedRequest(value: unknown): { count: number; options: SeedOptions } | string {
  const { count, namePrefix, destinations, status } = (value ?? {}) as Record<string, unknown>;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > MAX_SEED) {
    return `count must be an integer from 0 to ${MAX_SEED}`;
  }
  if (namePrefix !== undefined && (typeof namePrefix !== "string" || namePrefix === "")) return "namePrefix must be a non-empty string";
  const known = (kind: unknown): boolean => (SEED_DESTINATIONS as readonly unknown[]).includes(kind);
  if (destinations !== undefined && (!Array.isArray(destinations) || destinations.length === 0 || !destinations.every(known))) {
    return `destinations must be a non-empty list of ${SEED_DESTINATIONS.join(", ")}`;
  }
  if (status !== undefined && status !== "enabled" && status !== "disabled") return 'status must be "enabled" or "disabled"';
  return { count, options: { namePrefix, destinations, status } as SeedOptions };
}

/** The bucket's configuration (null: no limit) and its headers as they stand. */
function bucketView(core: EmulatorCore): Record<string, unknown> {
  const headers = core.limiter.headers();
  return {
    bucket: core.limiter.bucket ?? null,
    remaining: Number(headers["x-ratelimit-remaining"]),
    reset: Number(headers["x-ratelimit-reset"]),
  };
}
