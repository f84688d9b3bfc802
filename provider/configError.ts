/**
 * The error of a missing, malformed or contradictory connection setting. Below both the settings' reader
 * (config.ts) and the client, which re-exports it with its other errors.
 */

/** A missing, malformed or contradictory connection setting; the message says which key or variable to set. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
