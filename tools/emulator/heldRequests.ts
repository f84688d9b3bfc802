// The requests a delay fault holds, each ended by its delay or, sooner, by a test: handled as usual, or dropped
// unhandled. A test can so interrupt a caller while its request is in flight, and decide whether the tenant applied it.
import type { HeldRequest, HeldRequestOutcome } from "./types";

export class HeldRequests {
  private readonly held = new Set<HeldRequest>();

  /** Resolves when the request's delay ends ("handle") or a test releases it, with what to do with it. */
  hold(method: string, path: string, delayMs: number): Promise<HeldRequestOutcome> {
    return new Promise((resolve) => {
      const request: HeldRequest = {
        method,
        path,
        release: (outcome) => {
          if (!this.held.delete(request)) return;
          clearTimeout(timer);
          resolve(outcome);
        },
      };
      const timer = setTimeout(() => request.release("handle"), delayMs);
      // A held request never keeps the process alive by itself.
      timer.unref();
      this.held.add(request);
    });
  }

  /** The requests held now, oldest first. */
  list(): HeldRequest[] {
    return [...this.held];
  }

  /** Every held request dropped (the emulator is closing). */
  dropAll(): void {
    for (const request of this.list()) request.release("drop");
  }
}
