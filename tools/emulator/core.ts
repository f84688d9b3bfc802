/** The emulator's parts, as one value every request handler (API routes and test controls alike) receives. */
import type { TokenAuthority } from "./auth";
import type { FaultBook } from "./faults";
import type { HeldRequests } from "./heldRequests";
import type { RateLimiter } from "./rateLimit";
import type { RequestLog } from "./requestLog";
import type { Router } from "./routes";
import type { EmulatorState, SeedOptions } from "./state";
import type { TokenEndpoint } from "./tokenEndpoint";

/** Everything a request can touch; built once by startEmulator. */
export interface EmulatorCore {
  state: EmulatorState;
  authority: TokenAuthority;
  tokenEndpoint: TokenEndpoint;
  limiter: RateLimiter;
  faults: FaultBook;
  held: HeldRequests;
  log: RequestLog;
  router: Router;
  baseUrl: string;
  retryAfter: boolean;
  reset(): void;
  seed(count: number, options?: SeedOptions): void;
}
