/** TEST TOOL — how a provider process's failed calls come back: HostCallError with the method and the gRPC code. */

export class HostCallError extends Error {
  constructor(
    readonly method: string,
    /** gRPC status code (2 UNKNOWN for a provider throw, 4 deadline, 14 host gone, 12 unimplemented). */
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "HostCallError";
  }
}

/** gRPC status codes the driver tells apart. */
export const UNAVAILABLE = 14;
export const DEADLINE_EXCEEDED = 4;
export const UNIMPLEMENTED = 12;
