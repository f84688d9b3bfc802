// The README's "The emulator on its own", run as a user runs it: its `npm run emulator` command line (on a free port
// instead of 4000), then its shell blocks through `sh` with curl, against that emulator: a token of the default client
// and a change made through the management API, then the controls (seed streams, set MFA, read the state, reset).
// Every flag the emulator takes is named there.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE } from "../../tools/emulator/cliArgs";
import { REPO_ROOT } from "../../tools/stacks/packageLink";
import { readmeFencedBlocks } from "./snippets";

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
const HEADING = "### The emulator on its own";
const start = README.indexOf(`\n${HEADING}\n`);
const text = README.slice(start, README.indexOf("\n## ", start + 1) < 0 ? undefined : README.indexOf("\n## ", start + 1));
const [serve, byApi, byControls] = readmeFencedBlocks(text, "sh");
const README_ADDRESS = "http://127.0.0.1:4000";

let server: ReturnType<typeof spawn> | undefined;
let address = "";

/** A block's commands, its `\`-continued lines joined, pointed at the emulator the test started. */
const commands = (block: string): string[] => block.replace(/\\\n\s*/g, "").split("\n").filter((line) => line.trim() !== "").map((line) => line.replaceAll(README_ADDRESS, address));
const sh = (script: string): string => {
  const run = spawnSync("sh", ["-e", "-c", script], { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 });
  expect(run.status, `${script}\n${run.stderr}`).toBe(0);
  return run.stdout;
};
const state = async (): Promise<{ pushProvider: string; eventStreams: unknown[]; mfa: { policies: string[] } }> =>
  (await fetch(`${address}/__emulator/state`)).json() as never;

beforeAll(async () => {
  expect(start, `README has "${HEADING}"`).toBeGreaterThan(-1);
  const [command] = commands(serve);
  const [npm, ...args] = command.replace(/\s+#.*$/, "").replace("--port 4000", "--port 0").split(/\s+/);
  expect(`${npm} ${args.slice(0, 2).join(" ")}`).toBe("npm run emulator");
  // A process group of its own: npm and tsx start others, and all of them end with it.
  server = spawn(npm, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true });
  address = await new Promise<string>((resolve, reject) => {
    let printed = "";
    server!.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      printed += chunk;
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (listening) resolve(listening[1]);
    });
    server!.once("exit", (code) => reject(new Error(`npm run emulator exited (${code}): ${printed}`)));
  });
}, 60_000);

afterAll(async () => {
  if (!server?.pid) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  await exited;
});

describe("the README's emulator on its own", () => {
  it("names every flag the emulator takes", () => {
    const flags = [...USAGE.matchAll(/^\s+(--[\w-]+)/gm)].map((match) => match[1]).filter((flag) => flag !== "--help");
    expect(flags.length).toBeGreaterThan(5);
    expect(flags.filter((flag) => !text.includes(`\`${flag}`))).toEqual([]);
  });

  it("its variables point a program at the emulator's default client", () => {
    expect(commands(serve)[1]).toContain(`export TENANT_DOMAIN=${address} TENANT_CLIENT_ID=demo TENANT_CLIENT_SECRET=demo-secret`);
  });

  it("changes the tenant through the management API with a token of that client", async () => {
    const listing = sh(commands(byApi).join("\n"));
    expect((await state()).pushProvider).toBe("direct");
    expect(listing).toBe('{"provider":"direct"}{"eventStreams":[]}');
  });

  it("changes it through the controls, and resets it", async () => {
    const lines = commands(byControls);
    expect(lines.at(-1)).toContain("/__emulator/reset");
    sh(lines.slice(0, -1).join("\n"));
    const seeded = await state();
    expect(seeded.eventStreams).toHaveLength(20);
    expect(seeded.mfa.policies).toEqual(["all-applications"]);
    sh(lines.at(-1)!);
    expect((await state()).eventStreams).toEqual([]);
  });
});
