/**
 * `pulumi-tenant export` as a user runs it: a process of its own (the repository's executable over dist/, or
 * `npx pulumi-tenant` in a project with the packed package installed), its settings from TENANT_* variables and
 * nothing leaking in from the environment of the test run.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import type { Emulator } from "../../tools/emulator";
import { REPO_ROOT } from "../resources/dist";
import { BLANK_TENANT_ENV } from "./blankTenantEnv";

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

export const REPO_COMMAND = [process.execPath, path.join(REPO_ROOT, "pulumi-tenant")] as const;

export function runCommand(command: readonly string[], args: readonly string[], opts: { cwd: string; env: Record<string, string> }): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(
      command[0],
      [...command.slice(1), ...args],
      { cwd: opts.cwd, env: { ...process.env, ...BLANK_TENANT_ENV, NODE_NO_WARNINGS: "1", ...opts.env }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The variables that point the command at the emulator with a client's credentials. */
export function tenantEnv(emulator: Emulator, client: { id: string; secret: string }): Record<string, string> {
  return { TENANT_DOMAIN: emulator.url, TENANT_CLIENT_ID: client.id, TENANT_CLIENT_SECRET: client.secret };
}
