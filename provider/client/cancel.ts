/**
 * The engine's Cancel, as the client honours it: from then on no call waits (for a retry, the rate-limit budget
 * or a token) and none is sent again; a request already on the wire is let finish. Process-wide, like Cancel
 * itself: the engine sends it once, when it shuts the provider down.
 */
import { EventEmitter } from "node:events";
import { RequestError } from "./errors";
import type { AdmissionDeadline } from "./throttle";

const cancellation = new EventEmitter().setMaxListeners(0); // one listener per waiting call
let cancelled = false;

/** Ends every wait in flight and every later one. */
export function cancelWaits(): void {
  cancelled = true;
  cancellation.emit("cancel");
}

/** Why a call ended without its answer: the engine cancelled while it waited to send. */
export class CancelledCallError extends RequestError {
  constructor(call: { operation: string; method: string; path: string }) {
    super(
      `${call.operation} was cancelled: the Pulumi engine is shutting the provider down, so the call waited no ` +
        `longer and sent nothing more [${call.method} ${call.path}]. Run the command again.`,
      call,
    );
    this.name = "CancelledCallError";
  }
}

/** Waits `ms`, or rejects with CancelledCallError as soon as the engine cancels. */
export function cancellableDelay(ms: number, call: { operation: string; method: string; path: string }): Promise<void> {
  if (cancelled) return Promise.reject(new CancelledCallError(call));
  return new Promise((resolve, reject) => {
    const onCancel = (): void => {
      clearTimeout(timer);
      reject(new CancelledCallError(call));
    };
    const timer = setTimeout(() => {
      cancellation.off("cancel", onCancel);
      resolve();
    }, ms);
    cancellation.once("cancel", onCancel);
  });
}

/** A call's deadline that also ends at Cancel: what the rate-limit gate and the token wait are given. */
export function untilDeadlineOrCancel(deadline: AdmissionDeadline): AdmissionDeadline {
  return {
    at: deadline.at,
    get aborted() {
      return cancelled || deadline.aborted;
    },
    once(event, listener) {
      deadline.once(event, listener);
      cancellation.once("cancel", listener);
    },
    off(event, listener) {
      deadline.off(event, listener);
      cancellation.off("cancel", listener);
    },
  };
}

/** A new engine session (an engine attached to a plugin started by hand): waits are honoured again. */
export function resumeWaits(): void {
  cancelled = false;
}

export function isCancelled(): boolean {
  return cancelled;
}
