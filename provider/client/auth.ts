/**
 * Access tokens: a static bearer token, or client credentials exchanged at <base>/oauth/token.
 * The Authorization header value is built once per token, so the hot path is a timestamp comparison.
 */
import { z } from "zod";

export interface TokenGrant {
  accessToken: string;
  expiresInSeconds: number;
}

/** Wire shape of a successful token response; extra fields (scope, token_type) are ignored. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

export interface TokenSource {
  /** The cached "Bearer …" value if still fresh, else undefined (call authorization()). */
  cachedAuthorization(now: number): string | undefined;
  /** A fresh "Bearer …" value, fetching one if needed; concurrent callers share a single fetch. */
  authorization(): Promise<string>;
  /** Whether a 401 can be cured by fetching a new token (never for a static token). */
  readonly renewable: boolean;
  /** A 401 came back for this header value: drops it from the cache, so the next call fetches a new one. */
  rejected(authorization: string): void;
  /** Secret strings to scrub from any text that reaches an error or a log line. */
  secrets(): readonly string[];
}

export class StaticTokenSource implements TokenSource {
  readonly renewable = false;
  private readonly header: string;

  constructor(private readonly token: string) {
    this.header = `Bearer ${token}`;
  }

  cachedAuthorization(): string {
    return this.header;
  }

  async authorization(): Promise<string> {
    return this.header;
  }

  rejected(): void {
    // Nothing cached to drop: a static token is never renewed.
  }

  secrets(): readonly string[] {
    return [this.token];
  }
}

export class ClientCredentialsTokenSource implements TokenSource {
  readonly renewable = true;
  private header: string | undefined;
  private token: string | undefined;
  /** Epoch ms after which the cached token is no longer handed out. */
  private refreshAt = 0;
  private inFlight: Promise<string> | undefined;

  constructor(
    private readonly clientSecret: string,
    private readonly fetchGrant: () => Promise<TokenGrant>,
    private readonly refreshSkewMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  cachedAuthorization(now: number): string | undefined {
    return now < this.refreshAt ? this.header : undefined;
  }

  authorization(): Promise<string> {
    const cached = this.cachedAuthorization(this.now());
    if (cached) return Promise.resolve(cached);
    if (!this.inFlight) {
      this.inFlight = this.fetchAndCache().finally(() => {
        this.inFlight = undefined;
      });
    }
    return this.inFlight;
  }

  rejected(authorization: string): void {
    // Only the first 401 for a token clears it; later ones for the same token reuse the refresh.
    if (authorization === this.header) {
      this.header = undefined;
      this.refreshAt = 0;
    }
  }

  secrets(): readonly string[] {
    return this.token ? [this.clientSecret, this.token] : [this.clientSecret];
  }

  private async fetchAndCache(): Promise<string> {
    const requestedAt = this.now();
    const grant = await this.fetchGrant();
    const lifetimeMs = grant.expiresInSeconds * 1000;
    // A short-lived token (tests, strict tenants) would otherwise be refetched on every call.
    const skew = Math.min(this.refreshSkewMs, lifetimeMs / 2);
    this.token = grant.accessToken;
    this.header = `Bearer ${grant.accessToken}`;
    // Count from the request's start: the token's clock started at the latest when we asked.
    this.refreshAt = requestedAt + lifetimeMs - skew;
    return this.header;
  }
}
