// Command-line flags of the emulator CLI, parsed without a framework so mistakes give a clear usage error.
import type { EmulatorClient, EmulatorOptions } from "./types";
import { ADAPTIVE_MFA_ENTITLEMENTS, type AdaptiveMfaEntitlement } from "./riskAssessment";
import { isContractScope } from "./scopes";

export const USAGE = `usage: npm run emulator -- [options]

  --port <n>                  port on 127.0.0.1 (0 picks a free one; default 0)
  --client <id:secret[:scope,scope,...]>
                              a client allowed to get tokens; repeatable. Without a scope list the client
                              holds every contract scope; "id:secret:" holds none.
                              Default: demo:demo-secret with every contract scope.
  --token-ttl <seconds>       access token lifetime (default 86400)
  --rate-limit <n>            size of the tenant's /api/v2 bucket, then 429s (default: unlimited); it
                              refills fully at each epoch second unless --refill-per-second says otherwise
  --refill-per-second <r>     tokens returned at each epoch second, above 0 and at most the size (e.g. 0.5);
                              x-ratelimit-reset is then when the bucket is full again
  --retry-after               send Retry-After on 429 responses (default: only x-ratelimit-* headers)
  --tenant <name>             tenant name reported by the API (default demo-tenant)
  --adaptive-mfa <entitled|insufficient_entitlement|not_entitled>
                              whether the tenant holds the Adaptive MFA add-on (default entitled); otherwise
                              the risk-assessment paths and a PUT of the confidence-score policy answer 403
                              with that errorCode
  --confidence-score-side-effect <on|off>
                              whether a PUT of the confidence-score policy turns risk assessment on, as a user
                              reported (default on)
  --id-seed <text>            mint every id from a sequence fixed by this text, so the same requests give
                              the same ids (reset starts it over); default: random ids
  --help                      show this help`;

export class UsageError extends Error {}

function integer(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} needs an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

function parseClient(value: string): EmulatorClient {
  // Scopes contain ":" themselves, so split only at the first two colons.
  const first = value.indexOf(":");
  const second = first < 0 ? -1 : value.indexOf(":", first + 1);
  const id = first < 0 ? "" : value.slice(0, first);
  const secret = first < 0 ? "" : value.slice(first + 1, second < 0 ? undefined : second);
  if (!id || !secret) throw new UsageError(`--client needs id:secret[:scope,scope,...], got "${value}"`);
  if (second < 0) return { id, secret };
  const scopeList = value.slice(second + 1);
  const scopes = scopeList.split(",").filter(Boolean);
  const unknown = scopes.filter((scope) => !isContractScope(scope));
  if (unknown.length > 0) throw new UsageError(`--client ${id}: not a contract scope: ${unknown.join(", ")}`);
  return { id, secret, scopes };
}

/** Turns argv (without node and script) into options; throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[]): EmulatorOptions | "help" {
  const options: EmulatorOptions = {};
  const clients: EmulatorClient[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--port":
        options.port = integer(flag, value(), 0, 65_535);
        break;
      case "--client":
        clients.push(parseClient(value()));
        break;
      case "--token-ttl":
        options.tokenTtlSeconds = integer(flag, value(), 1, 10 * 365 * 86_400);
        break;
      case "--rate-limit":
        options.rateLimit = integer(flag, value(), 1, 1_000_000);
        break;
      case "--refill-per-second": {
        const raw = value();
        if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) throw new UsageError(`${flag} needs a number above 0, got "${raw}"`);
        options.refillPerSecond = Number(raw);
        break;
      }
      case "--tenant": {
        const tenant = value();
        if (tenant.length < 1 || tenant.length > 255) throw new UsageError("--tenant needs 1 to 255 characters");
        options.tenant = tenant;
        break;
      }
      case "--id-seed": {
        const seed = value();
        if (seed === "") throw new UsageError("--id-seed needs a non-empty text");
        options.idSeed = seed;
        break;
      }
      case "--adaptive-mfa": {
        const entitlement = value();
        if (!(ADAPTIVE_MFA_ENTITLEMENTS as readonly string[]).includes(entitlement)) {
          throw new UsageError(`--adaptive-mfa needs one of ${ADAPTIVE_MFA_ENTITLEMENTS.join(", ")}, got "${entitlement}"`);
        }
        options.adaptiveMfa = entitlement as AdaptiveMfaEntitlement;
        break;
      }
      case "--confidence-score-side-effect": {
        const setting = value();
        if (setting !== "on" && setting !== "off") throw new UsageError(`--confidence-score-side-effect needs on or off, got "${setting}"`);
        options.confidenceScoreSideEffect = setting === "on";
        break;
      }
      case "--retry-after":
        if (inline !== undefined) throw new UsageError("--retry-after takes no value");
        options.retryAfter = true;
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  const ids = clients.map((client) => client.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate !== undefined) throw new UsageError(`--client ${duplicate} is given twice`);
  if (clients.length > 0) options.clients = clients;
  if (options.refillPerSecond !== undefined) {
    if (options.rateLimit === undefined) throw new UsageError("--refill-per-second needs --rate-limit (the bucket size)");
    if (options.refillPerSecond > options.rateLimit) {
      throw new UsageError(`--refill-per-second (${options.refillPerSecond}) cannot exceed --rate-limit (${options.rateLimit})`);
    }
  }
  return options;
}
