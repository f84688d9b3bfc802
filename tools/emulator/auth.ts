// Signs access tokens with a key pair made at start, and checks bearer tokens on /api/v2 calls.
import type { CryptoKey, JWTPayload } from "jose" with { "resolution-mode": "import" };
import { apiError, type ApiResult } from "./http";

type Jose = typeof import("jose", { with: { "resolution-mode": "import" } });

export interface TokenRequest {
  clientId: string;
  scopes: readonly string[];
  expiresInSeconds: number;
  audience?: string;
  issuer?: string;
  notBeforeSeconds?: number;
}

export type BearerCheck = { ok: true; scopes: ReadonlySet<string> } | { ok: false; result: ApiResult };

interface VerifiedToken {
  exp: number;
  scopes: ReadonlySet<string>;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_CACHED_TOKENS = 10_000;

function unauthorized(message: string): ApiResult {
  return apiError(401, message, undefined, { attributes: { error: message } });
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export class TokenAuthority {
  /** Verified tokens, so RS256 verification is paid once per token rather than per request. */
  private readonly verified = new Map<string, VerifiedToken>();
  private lastToken: string | undefined;
  private lastVerified: VerifiedToken | undefined;
  private baseUrl = "";

  private constructor(
    private readonly jose: Jose,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
  ) {}

  static async create(): Promise<TokenAuthority> {
    const jose: Jose = await import("jose");
    const { privateKey, publicKey } = await jose.generateKeyPair("RS256");
    return new TokenAuthority(jose, privateKey, publicKey);
  }

  /** Known once the server listens; iss and aud derive from it. */
  setBaseUrl(baseUrl: string): void {
    this.baseUrl = baseUrl;
  }

  get issuer(): string {
    return `${this.baseUrl}/`;
  }

  get audience(): string {
    return `${this.baseUrl}/api/v2/`;
  }

  async issue(request: TokenRequest): Promise<string> {
    const iat = nowSeconds();
    const claims: JWTPayload = { azp: request.clientId, scope: request.scopes.join(" "), gty: "client-credentials" };
    if (request.notBeforeSeconds !== undefined) claims.nbf = iat + request.notBeforeSeconds;
    return new this.jose.SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(request.issuer ?? this.issuer)
      .setSubject(`${request.clientId}@clients`)
      .setAudience(request.audience ?? this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + request.expiresInSeconds)
      .sign(this.privateKey);
  }

  /** Checks an Authorization header value; the failure carries the 401 the service would send. */
  async check(authorization: string | undefined): Promise<BearerCheck> {
    if (authorization === undefined || authorization === "") {
      return { ok: false, result: apiError(401, "Missing authentication") };
    }
    // Plain string checks: a regex over an ~8 KB all-scopes token is measurable at thousands of requests/s.
    const token = authorization.slice(0, 7).toLowerCase() === "bearer " ? authorization.slice(7).trim() : "";
    if (token === "" || token.includes(" ")) {
      return { ok: false, result: unauthorized("Bad HTTP authentication header format") };
    }

    // Callers reuse one token, and comparing to the last one beats hashing an ~8 KB string for the Map.
    const cached = token === this.lastToken ? this.lastVerified : this.verified.get(token);
    if (cached) {
      if (cached.exp > nowSeconds()) {
        this.lastToken = token;
        this.lastVerified = cached;
        return { ok: true, scopes: cached.scopes };
      }
      this.verified.delete(token);
      this.lastToken = undefined;
      return { ok: false, result: unauthorized("Expired token received for JSON Web Token validation") };
    }
    if (!JWT_SHAPE.test(token)) return { ok: false, result: unauthorized("Invalid token") };

    try {
      const { payload } = await this.jose.jwtVerify(token, this.publicKey, {
        algorithms: ["RS256"],
        issuer: this.issuer,
        audience: this.audience,
        requiredClaims: ["exp", "sub"],
      });
      const scopes = new Set(typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : []);
      if (this.verified.size >= MAX_CACHED_TOKENS) this.verified.clear();
      this.verified.set(token, { exp: payload.exp as number, scopes });
      return { ok: true, scopes };
    } catch (error) {
      if (error instanceof this.jose.errors.JWTExpired) {
        return { ok: false, result: unauthorized("Expired token received for JSON Web Token validation") };
      }
      if (error instanceof this.jose.errors.JWSSignatureVerificationFailed) {
        return { ok: false, result: unauthorized("Invalid signature received for JSON Web Token validation.") };
      }
      return { ok: false, result: unauthorized("Invalid token") };
    }
  }
}

/** The 403 the service sends when the token lacks the operation's scope. */
export function insufficientScope(scope: string): ApiResult {
  return apiError(403, `Insufficient scope, expected any of: ${scope}`, "insufficient_scope");
}
