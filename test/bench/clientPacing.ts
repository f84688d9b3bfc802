/**
 * Benchmark: the client's rate-limit budget on its own, without an engine: `requests` ticket creates through one
 * TenantClient with `concurrency` calls in flight, against an in-process emulator allowing `rate` requests per
 * second. Shows what pacing the budget reaches when nothing upstream is slower than the API (scale.ts measures
 * the same through the Pulumi CLI and a provider host).
 *
 *   npx tsx test/bench/clientPacing.ts [requests] [concurrency] [rate]
 */
import { TenantClient } from "../../provider/client";
import { startEmulator } from "../../tools/emulator";

const CLIENT = { id: "bench-pacing", secret: "bench-pacing-secret" };

export interface ClientPacingRun {
  requests: number;
  concurrency: number;
  rate: number;
  wallMs: number;
  /** First to last /api/v2 request arriving at the emulator. */
  apiMs: number;
  /** Accepted /api/v2 requests ÷ rate. */
  boundMs: number;
  answers429: number;
  /** Most /api/v2 requests that arrived within one epoch second. */
  busiestSecond: number;
  tokenRequests: number;
}

/** The most arrivals within one epoch second. */
export function busiestSecond(arrivals: readonly number[]): number {
  const perSecond = new Map<number, number>();
  for (const at of arrivals) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return Math.max(0, ...perSecond.values());
}

export async function benchClientPacing(requests = 1_000, concurrency = 64, rate = 50): Promise<ClientPacingRun> {
  const emulator = await startEmulator({ clients: [CLIENT], rateLimit: rate });
  const tenant = new TenantClient(
    { baseUrl: emulator.url, audience: `${emulator.url}/api/v2/`, auth: { kind: "clientCredentials", clientId: CLIENT.id, clientSecret: CLIENT.secret } },
    { deadlineMs: 600_000 },
  );
  try {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < requests; index = next++) {
        await tenant.request("POST", "/guardian/enrollments/ticket", {
          operation: "create enrollment ticket",
          body: { user_id: `auth0|pacing-${index}`, factor: "otp" },
        });
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const wallMs = performance.now() - started;
    const api = emulator.requests.filter((entry) => entry.path.startsWith("/api/v2/"));
    const arrivals = api.map((entry) => entry.startedAt);
    const accepted = api.filter((entry) => entry.status !== 429).length;
    return {
      requests,
      concurrency,
      rate,
      wallMs,
      apiMs: Math.max(...arrivals) - Math.min(...arrivals),
      boundMs: (accepted / rate) * 1000,
      answers429: api.length - accepted,
      busiestSecond: busiestSecond(arrivals),
      tokenRequests: emulator.tokenRequests(),
    };
  } finally {
    await tenant.close();
    await emulator.close();
  }
}

if (require.main === module) {
  const [requests, concurrency, rate] = process.argv.slice(2).map(Number);
  benchClientPacing(requests || undefined, concurrency || undefined, rate || undefined)
    .then((run) => console.log(JSON.stringify(run, (_key, value: unknown) => (typeof value === "number" ? Math.round(value) : value))))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
