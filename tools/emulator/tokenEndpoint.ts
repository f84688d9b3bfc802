// POST /oauth/token (and /oauth/token/): the client-credentials grant, with OAuth-style errors.
// Answers as recorded: `application/json` without a charset, and no `scope` in the body (the granted
// scopes are in the token's claims only).
import type { IncomingHttpHeaders } from "node:http";
import type { TokenAuthority } from "./auth";
import { mediaType, type ApiResult } from "./http";
import type { IdMint } from "./ids";

export interface RegisteredClient {
  secret: string;
  scopes: readonly string[];
}

// Grants the service knows but does not enable for a machine-to-machine client: 403 unauthorized_client.
const KNOWN_OTHER_GRANTS = new Set([
  "authorization_code",
  "password",
  "refresh_token",
  "implicit",
  "urn:ietf:params:oauth:grant-type:device_code",
  "urn:ietf:params:oauth:grant-type:token-exchange",
]);

const TOKEN_CONTENT_TYPE = { "content-type": "application/json" };

function oauthError(status: number, error: string, description: string): ApiResult {
  return { status, body: { error, error_description: description }, headers: { ...TOKEN_CONTENT_TYPE } };
}

type ParsedParams = { ok: true; params: Record<string, unknown> } | { ok: false; result: ApiResult };

function parseParams(raw: Buffer, contentType: string | undefined): ParsedParams {
  const type = mediaType(contentType);
  const text = raw.toString("utf8");
  if (type === "application/x-www-form-urlencoded") return { ok: true, params: Object.fromEntries(new URLSearchParams(text)) };
  if (type === "application/json") {
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        return { ok: true, params: value as Record<string, unknown> };
      }
    } catch {
      // reported below, like any other non-object body
    }
    return { ok: false, result: oauthError(400, "invalid_request", "The request body must be a JSON object.") };
  }
  const expected = "Content-Type must be application/json or application/x-www-form-urlencoded.";
  return { ok: false, result: oauthError(400, "invalid_request", expected) };
}

/** client_secret_basic: credentials in an Authorization: Basic header instead of the body. */
function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic +(\S+)$/i.exec(authorization ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

export class TokenEndpoint {
  /** Every access token handed out, so tests can scan for leaks of the real values. */
  readonly issued: string[] = [];

  constructor(
    private readonly authority: TokenAuthority,
    private readonly clients: Map<string, RegisteredClient>,
    private readonly ttlSeconds: number,
    /** Makes up a rotated secret when none is given. */
    private readonly ids: IdMint,
  ) {}

  /**
   * Gives a client a new secret and revokes the old one at once (tokens already issued stay valid until they
   * expire, as with the service). Returns the new secret; throws for an unknown client or an empty secret.
   */
  rotateSecret(clientId: string, newSecret: string = this.ids.bytes(24).toString("base64url")): string {
    const client = this.clients.get(clientId);
    if (!client) throw new Error(`unknown client ${clientId}`);
    if (newSecret === "") throw new Error("the new secret must not be empty");
    if (newSecret === client.secret) throw new Error("the new secret must differ from the current one");
    this.clients.set(clientId, { ...client, secret: newSecret });
    return newSecret;
  }

  async handle(raw: Buffer, headers: IncomingHttpHeaders): Promise<ApiResult> {
    const parsed = parseParams(raw, headers["content-type"]);
    if (!parsed.ok) return parsed.result;
    const { params } = parsed;
    const field = (name: string): string | undefined => (typeof params[name] === "string" ? (params[name] as string) : undefined);

    const grantType = field("grant_type");
    if (grantType === undefined) return oauthError(400, "invalid_request", "Missing required parameter: grant_type");
    if (grantType !== "client_credentials" && !KNOWN_OTHER_GRANTS.has(grantType)) {
      return oauthError(400, "unsupported_grant_type", `Unsupported grant type: ${grantType}`);
    }

    const basic = basicCredentials(headers.authorization);
    const clientId = field("client_id") ?? basic?.id;
    const clientSecret = field("client_secret") ?? basic?.secret;
    const client = clientId === undefined ? undefined : this.clients.get(clientId);
    if (clientId === undefined || client === undefined || clientSecret !== client.secret) {
      return oauthError(401, "access_denied", "Unauthorized");
    }
    if (grantType !== "client_credentials") {
      return oauthError(403, "unauthorized_client", `Grant type '${grantType}' not allowed for the client.`);
    }

    const audience = field("audience");
    if (audience === undefined) {
      return oauthError(403, "access_denied", "No audience parameter was provided, and no default audience has been configured");
    }
    if (audience !== this.authority.audience && audience !== "/api/v2/") {
      return oauthError(403, "access_denied", `Client is not authorized to access "${audience}".`);
    }

    // Requested ∩ granted, in the order requested; everything granted when no scope is asked for.
    const requested = field("scope")?.split(" ").filter(Boolean);
    const scopes = requested ? requested.filter((scope) => client.scopes.includes(scope)) : [...client.scopes];
    const accessToken = await this.authority.issue({ clientId, scopes, expiresInSeconds: this.ttlSeconds });
    this.issued.push(accessToken);
    return {
      status: 200,
      body: { access_token: accessToken, expires_in: this.ttlSeconds, token_type: "Bearer" },
      headers: { ...TOKEN_CONTENT_TYPE, "cache-control": "no-store", pragma: "no-cache" },
    };
  }
}
