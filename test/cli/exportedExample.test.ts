// examples/exported is what export writes today: the seeded tenant exported again (fixed port, fixed id seed)
// gives every file of the example byte for byte; the command its README gives serves that same tenant.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, assertDistIsFresh } from "../resources/dist";
import { REPO_COMMAND, runCommand } from "../support/exportProcess";
import { EXAMPLE_FOLDER, EXPORTED_FILES, exportExample } from "../support/exportedExample";

let scratch: string;

beforeAll(() => {
  assertDistIsFresh();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tenant-exported-example-"));
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("examples/exported", () => {
  it("holds the files export writes for its tenant, byte for byte", async () => {
    const folder = path.join(scratch, "exported");
    const run = await exportExample(folder);
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readdirSync(folder).sort()).toEqual([...EXPORTED_FILES].sort());
    for (const file of EXPORTED_FILES) {
      expect(fs.readFileSync(path.join(folder, file), "utf8"), `${file}: run "npx tsx test/support/exportedExample.ts" after a change to export`).toBe(
        fs.readFileSync(path.join(EXAMPLE_FOLDER, file), "utf8"),
      );
    }
  });

  it("its README's command serves the tenant it was exported from, and says how to reach it", async () => {
    const readme = fs.readFileSync(path.join(EXAMPLE_FOLDER, "README.md"), "utf8");
    const command = /^npm run build && (npx tsx test\/support\/exportedExample\.ts --serve)$/m.exec(readme)?.[1];
    expect(command, "the README names the command that seeds the example's tenant").toBeDefined();
    const [npx, ...args] = command!.split(" ");
    // A process group of its own: npx and tsx each start another process, and all of them end with it.
    const server = spawn(npx, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true });
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let text = "";
        server.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
          if (/TENANT_CLIENT_SECRET=\S+\n/.test(text)) resolve(text);
        });
        server.once("exit", (code) => reject(new Error(`the command exited (${code}) before serving: ${text}`)));
      });
      const env = Object.fromEntries([...printed.matchAll(/\b(TENANT_\w+)=(\S+)/g)].map((match) => [match[1], match[2]]));
      expect(Object.keys(env).sort()).toEqual(["TENANT_CLIENT_ID", "TENANT_CLIENT_SECRET", "TENANT_DOMAIN"]);
      const folder = path.join(scratch, "served");
      const run = await runCommand(REPO_COMMAND, ["export", folder, "--name", "exported-tenant"], { cwd: REPO_ROOT, env });
      expect(run.code, run.stderr).toBe(0);
      expect(fs.readFileSync(path.join(folder, "index.ts"), "utf8")).toBe(fs.readFileSync(path.join(EXAMPLE_FOLDER, "index.ts"), "utf8"));
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
  });
});
