/**
 * What the user gave, or the tenant they pointed at, stops the command: an unknown flag, a folder in use, missing
 * settings, an unreachable tenant, refused credentials or scopes. Printed as one line; the exit code is 2.
 */
export class CommandError extends Error {
  override name = "CommandError";
}
