import { join } from "node:path";
import type { Emulator } from "../../tools/emulator";
import { PulumiCliEngine } from "../../tools/pulumi-cli/driver";
import { emulatorConnectionConfig } from "../../tools/stacks/basicStack";
import { packageLookupEnv } from "../../tools/stacks/packageLink";

/** The many-tickets fixture project (test/support/fixtures/manyTickets); its config key is `many-tickets:count`. */
export const MANY_TICKETS_PROJECT = join(__dirname, "fixtures", "manyTickets");

export interface ManyTicketsStack {
  emulator: Emulator;
  client: { id: string; secret: string };
  tickets: number;
  stack: string;
  stateDir: string;
  /** The phone provider's auth token (secret config); the fixture's default when absent. */
  smsAuthToken?: string;
  /** Extra variables for the program and hosts (e.g. a timing recorder's). */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** "recorded": register every resource with the `__provider` text an earlier release stored. */
  providerTexts?: "recorded" | "current";
}

/** The many-tickets project's stack under the Pulumi CLI, connected to an emulator with one client. */
export function manyTicketsEngine(opts: ManyTicketsStack): PulumiCliEngine {
  return new PulumiCliEngine({
    projectDir: MANY_TICKETS_PROJECT,
    stack: opts.stack,
    stateDir: opts.stateDir,
    passphrase: `${opts.stack} passphrase`,
    config: {
      ...emulatorConnectionConfig(opts.emulator, opts.client),
      "many-tickets:count": { value: String(opts.tickets) },
      ...(opts.smsAuthToken ? { "many-tickets:smsAuthToken": { value: opts.smsAuthToken, secret: true } } : {}),
      ...(opts.providerTexts ? { "many-tickets:providerTexts": { value: opts.providerTexts } } : {}),
    },
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true", ...packageLookupEnv(), ...opts.env },
    timeoutMs: opts.timeoutMs ?? 240_000,
  });
}
