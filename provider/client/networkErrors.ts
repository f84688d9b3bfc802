/**
 * The transport errors the client knows, one row per code: what to tell the user, and what the code proves
 * about the request. Messages come from this table only: raw error text could carry anything.
 */

/**
 * What a code proves: the request never left this machine ("notSent", so even a POST can go again); the HTTP
 * library refused it itself ("refusedLocally": never sent, and sending it again cannot help); or nothing
 * ("maybeSent": it may have reached the server).
 */
type Fate = "notSent" | "refusedLocally" | "maybeSent";

interface KnownError {
  reason: string;
  fate: Fate;
  /**
   * The TLS handshake failed: the same server, port and certificate answer a re-send the same way, so it is never
   * worth one (`noTls`: the port speaks plain http, which is what a local server such as the emulator does).
   */
  tls?: "failed" | "noTls";
}

const KNOWN_ERRORS = new Map<string, KnownError>([
  ["ECONNREFUSED", { reason: "connection refused", fate: "notSent" }],
  ["ENOTFOUND", { reason: "host not found", fate: "notSent" }],
  ["EAI_AGAIN", { reason: "host lookup failed", fate: "notSent" }],
  ["EHOSTUNREACH", { reason: "host unreachable", fate: "notSent" }],
  ["ENETUNREACH", { reason: "network unreachable", fate: "notSent" }],
  ["UND_ERR_CONNECT_TIMEOUT", { reason: "connect timeout", fate: "notSent" }],
  ["ECONNRESET", { reason: "connection reset", fate: "maybeSent" }],
  ["EPIPE", { reason: "connection closed while sending", fate: "maybeSent" }],
  ["UND_ERR_HEADERS_TIMEOUT", { reason: "no response headers within the headers timeout", fate: "maybeSent" }],
  ["UND_ERR_BODY_TIMEOUT", { reason: "response body stalled past the body timeout", fate: "maybeSent" }],
  ["UND_ERR_SOCKET", { reason: "connection closed before a complete response", fate: "maybeSent" }],
  ["ETIMEDOUT", { reason: "connection timed out", fate: "maybeSent" }],
  [
    "UND_ERR_INVALID_ARG",
    { reason: "the HTTP library refused the request as invalid (e.g. a header value with a line break)", fate: "refusedLocally" },
  ],
  ["UND_ERR_NOT_SUPPORTED", { reason: "the HTTP library does not support this request", fate: "refusedLocally" }],
  ["ERR_INVALID_ARG_TYPE", { reason: "the HTTP library refused the request as invalid", fate: "refusedLocally" }],
  ["ERR_INVALID_ARG_VALUE", { reason: "the HTTP library refused the request as invalid", fate: "refusedLocally" }],
  // TLS: the host answered, but not with a certificate this machine trusts for that name.
  ["CERT_HAS_EXPIRED", { reason: "TLS failed: the server's certificate has expired", fate: "maybeSent", tls: "failed" }],
  ["DEPTH_ZERO_SELF_SIGNED_CERT", { reason: "TLS failed: the server's certificate is self-signed", fate: "maybeSent", tls: "failed" }],
  [
    "SELF_SIGNED_CERT_IN_CHAIN",
    { reason: "TLS failed: the server's certificate chain ends in an untrusted self-signed certificate", fate: "maybeSent", tls: "failed" },
  ],
  ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", { reason: "TLS failed: the server's certificate cannot be verified", fate: "maybeSent", tls: "failed" }],
  ["UNABLE_TO_GET_ISSUER_CERT_LOCALLY", { reason: "TLS failed: the server's certificate issuer is not trusted", fate: "maybeSent", tls: "failed" }],
  ["ERR_TLS_CERT_ALTNAME_INVALID", { reason: "TLS failed: the server's certificate is for another host name", fate: "maybeSent", tls: "failed" }],
  ["ERR_SSL_WRONG_VERSION_NUMBER", { reason: "TLS failed: the server does not speak https on this port", fate: "maybeSent", tls: "noTls" }],
  ["EPROTO", { reason: "TLS failed: protocol error (does the server speak https on this port?)", fate: "maybeSent", tls: "noTls" }],
]);

export interface NetworkFailure {
  /** True when the request provably never reached the server. */
  notSent: boolean;
  /** Short, secret-free description for messages and logs. */
  reason: string;
}

function ownCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** The error's code, or its cause's (undici wraps socket errors). */
function errorCode(error: unknown): string | undefined {
  return ownCode(error) ?? ownCode((error as { cause?: unknown } | undefined)?.cause);
}

/** Classifies a transport error by its code. */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const code = errorCode(error);
  const known = code === undefined ? undefined : KNOWN_ERRORS.get(code);
  if (known === undefined) return { notSent: false, reason: `network error${code ? ` (${code})` : ""}` };
  return { notSent: known.fate !== "maybeSent", reason: known.reason };
}

function known(error: unknown): KnownError | undefined {
  const code = errorCode(error);
  return code === undefined ? undefined : KNOWN_ERRORS.get(code);
}

/** True when the HTTP library refused the request on this machine before sending anything; never worth a retry. */
export function refusedLocally(error: unknown): boolean {
  return known(error)?.fate === "refusedLocally";
}

/** True when the TLS handshake failed: a re-send meets the same server the same way, so it is never worth one. */
export function tlsFailed(error: unknown): boolean {
  return known(error)?.tls !== undefined;
}

/** True when the port answered without TLS: a plain-http server where https was asked for. */
export function noTlsOnPort(error: unknown): boolean {
  return known(error)?.tls === "noTls";
}
