// Test controls under /__emulator/ (no auth, never rate limited, not in the request log):
//   POST   /__emulator/reset                 fresh state, log, faults and bucket
//   POST   /__emulator/event-streams/seed    {"count":N,"namePrefix"?:string}
//   POST   /__emulator/faults                a FaultSpec; GET lists pending faults; DELETE clears them
//   GET    /__emulator/requests              the request log and counters
//   GET    /__emulator/state                 the tenant's state (wire shapes, no secrets)
import type { IncomingHttpHeaders } from "node:http";
import { parseFaultSpec } from "./faults";
import { apiError, noContent, ok, parseBody, type ApiResult } from "./http";
import { TOKEN_PATH } from "./requestLog";
import type { EmulatorCore } from "./server";

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
  switch (route) {
    case "POST /__emulator/reset":
      core.reset();
      return ok({ reset: true });
    case "POST /__emulator/event-streams/seed": {
      const parsed = jsonBody(raw, headers);
      if (!parsed.ok) return parsed.result;
      const { count, namePrefix } = (parsed.value ?? {}) as { count?: unknown; namePrefix?: unknown };
      if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > MAX_SEED) {
        return apiError(400, `count must be an integer from 0 to ${MAX_SEED}`);
      }
      if (namePrefix !== undefined && (typeof namePrefix !== "string" || namePrefix === "")) {
        return apiError(400, "namePrefix must be a non-empty string");
      }
      core.seed(count, namePrefix);
      return ok({ seeded: count, total: core.state.eventStreams.length }, 201);
    }
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
