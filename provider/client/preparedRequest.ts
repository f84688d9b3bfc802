/** A request as the attempt loop sends it, and how an attempt ended: shared by the attempt loop and its errors. */
import type { z } from "zod";
import type { Deadline } from "./deadline";
import type { AttemptOutcome, HttpMethod } from "./retry";

/** Everything one call needs across its attempts: the request, what its messages may show, its deadline. */
export interface PreparedRequest {
  method: HttpMethod;
  /** Full request path, query included. */
  path: string;
  /** Path for messages and logs (no query). */
  shownPath: string;
  operation: string;
  body: string | undefined;
  headers: Record<string, string>;
  authenticated: boolean;
  /** May the request be sent again after an ambiguous failure? */
  resendable: boolean;
  schema: z.ZodType | undefined;
  /** Secrets this call carries beyond the client's own (a resource's secret inputs): kept out of its messages. */
  secrets: readonly string[];
  /** Fields of an answer whose values are secret (a ticket's id and URL), at any depth: kept out of its messages. */
  secretResponseFields: readonly string[];
  deadline: Deadline;
}

/** How an attempt ended, with what the result or the error needs beyond the decision's input. */
export type Attempt =
  | (Extract<AttemptOutcome, { kind: "response" }> & { text: string; overLimit: boolean })
  | (Extract<AttemptOutcome, { kind: "transport" }> & { reason: string; cause: unknown });
