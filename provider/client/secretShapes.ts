/**
 * Text shaped like a credential, whoever's it is: what redaction takes out of the service's text (redact.ts), and what
 * a message of the package's own never quotes back (a check failure's "got …"). A leaf: nothing here sends a request.
 */
import { namedValueRedaction } from "./namedValues";

/** Anything shaped like a JWT (header.payload.signature, base64url): a token in someone's echo. */
export const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
export const BEARER_VALUE = /(bearer\s+)\S+/gi;
/** Basic credentials, anyone's: base64 that decodes to readable text holding a colon ("user:password"). */
export const BASIC_VALUE = /(basic\s+)([A-Za-z0-9+/_-]{6,}={0,2})(?![A-Za-z0-9+/_=-])/gi;
/** A URL with user info, a query or a fragment: where credentials travel (`user:pass@`, `?token=…`, `#access_token=…`). */
const URL_WITH_CREDENTIAL_PLACES = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*[@?#]/i;
/** A `user:password` pair, the text Basic credentials encode (a user name given with its password, say). */
const USER_AND_PASSWORD = /^[^\s:/@]+:[^\s/@]+$/;

const once = (pattern: RegExp): RegExp => new RegExp(pattern.source, pattern.flags.replace("g", ""));
const CREDENTIAL_SHAPES = [once(JWT_LIKE), once(BEARER_VALUE), once(BASIC_VALUE), URL_WITH_CREDENTIAL_PLACES, USER_AND_PASSWORD];

/**
 * Whether `text` may carry a secret by its shape alone: a JWT, a bearer or Basic value, a URL's user info, query or
 * fragment, a `user:password` pair, or a value joined to one of `fieldNames` (`token=…`, `"password": …`), as the
 * service's text is redacted.
 */
export function mayHoldSecret(text: string, fieldNames: readonly string[] = []): boolean {
  if (CREDENTIAL_SHAPES.some((shape) => shape.test(text))) return true;
  const named = namedValueRedaction(fieldNames);
  return named !== undefined && named(text) !== text;
}
