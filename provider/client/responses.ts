/** Turning response bodies into results or error details (secrets are taken out by the caller, see redact.ts). */
import type { z } from "zod";
import { compiledReader, REJECTED } from "./compiledReader";
import { ResponseShapeError, type ShapeIssue } from "./errors";
import { NO_ARRIVING_SECRET_FIELDS, type ArrivingSecretFields } from "./secretFields";

export interface ErrorDetails {
  /** Reason phrase ("Conflict") or OAuth error code ("access_denied"). */
  error?: string;
  errorCode?: string;
  message: string;
}

const MAX_MESSAGE_LENGTH = 300;

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Reads the service's error envelope `{statusCode, error, message, errorCode}` or the token endpoint's
 * `{error, error_description}`; anything else becomes a short plain-text message. Every string taken
 * from the body goes through `clean` (the call's redaction) before it is cut to length, so a cut never
 * leaves part of a secret behind.
 */
export function parseErrorBody(text: string, statusText: string, clean: (text: string) => string = (same) => same): ErrorDetails {
  let parsed: unknown;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    const message = stringField(record, "message") ?? stringField(record, "error_description");
    const error = stringField(record, "error");
    const errorCode = stringField(record, "errorCode");
    if (message !== undefined || error !== undefined) {
      return {
        error: error && truncate(clean(error)),
        errorCode: errorCode && truncate(clean(errorCode)),
        message: truncate(clean(message ?? statusText)),
      };
    }
  }
  const plain = text.trim();
  return { error: statusText, message: plain === "" || plain.startsWith("<") ? "(no details)" : truncate(clean(plain)) };
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

export interface ShapeContext {
  operation: string;
  method: string;
  path: string;
  status: number;
}

/**
 * JSON-decodes and validates a 2xx body, write-only secret fields dropped first (no schema, nor what it returns,
 * ever holds one) and returned ones wrapped; a mismatch names the operation and each bad field path.
 */
export function parseSuccessBody<S extends z.ZodType>(
  text: string,
  schema: S,
  context: ShapeContext,
  secretFields: ArrivingSecretFields = NO_ARRIVING_SECRET_FIELDS,
): z.infer<S> {
  let data: unknown;
  if (text !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ResponseShapeError({ ...context, issues: [{ path: "(root)", message: "the body is not valid JSON" }] });
    }
    secretFields.applyTo(data);
  }
  // The compiled reader answers for a body zod accepts; zod itself has the last word on any other.
  const read = compiledReader(schema);
  const value = read === undefined ? REJECTED : read(data);
  if (value !== REJECTED) return value as z.infer<S>;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues: ShapeIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.length === 0 ? "(root)" : issue.path.map(String).join("."),
    message: text === "" && issue.path.length === 0 ? "expected a JSON body, got an empty one" : issue.message,
  }));
  throw new ResponseShapeError({ ...context, issues });
}
