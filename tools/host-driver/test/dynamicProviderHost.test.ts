/**
 * The host driver's own promises, which every suite using it relies on: the host runs under its launcher as the CLI
 * runs it and goes with it when stopped; a host that dies fails the call it was answering and every later one at once
 * (no test waits for a deadline); and a host that cannot start says why.
 */
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DynamicProviderHost, HostCallError } from "..";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");
const URN = "urn:pulumi:test::driver::pulumi-nodejs:dynamic/test:Crashing::c";
/** A provider that checks anything and exits with code 3 when asked to create. */
const CRASHING_PROVIDER =
  "exports.handler = function () { return { check: function (olds, news) { return Promise.resolve({ inputs: news }); }, " +
  "create: function () { process.exit(3); } }; };";

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let host: DynamicProviderHost | undefined;

afterEach(async () => {
  await host?.stop();
  host = undefined;
});

describe("DynamicProviderHost", () => {
  it("runs the host as the launcher's child, and stop ends both", async () => {
    host = await DynamicProviderHost.start({ cwd: REPO_ROOT });
    const served = host.servingPid();
    expect(served).not.toBe(host.pid);
    expect(alive(served)).toBe(true);
    await host.stop();
    expect(alive(host.pid)).toBe(false);
    await expect.poll(() => alive(served), { timeout: 3_000 }).toBe(false);
  });

  it("fails the crashing call and every later one at once, naming the method and the exit code", async () => {
    host = await DynamicProviderHost.start({ cwd: REPO_ROOT });
    const checked = await host.check(URN, {}, { __provider: CRASHING_PROVIDER });
    expect(checked.failures).toEqual([]);
    const started = Date.now();
    const crash = await host.create(URN, checked.inputs).catch((caught: unknown) => caught);
    expect(crash).toBeInstanceOf(HostCallError);
    expect((crash as HostCallError).message).toMatch(/host \(pid \d+\) exited with code 3 during or before Create/);
    const later = await host.check(URN, {}, { __provider: CRASHING_PROVIDER }).catch((caught: unknown) => caught);
    expect((later as HostCallError).message).toMatch(/exited with code 3 during or before Check/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a directory whose project has no @pulumi/pulumi of its own, rather than using another copy", async () => {
    await expect(DynamicProviderHost.start({ cwd: os.tmpdir(), startTimeoutMs: 20_000 })).rejects.toThrow(/@pulumi\/pulumi cannot be resolved from/);
  });

  it("says so when the host exits before printing its port", async () => {
    const start = DynamicProviderHost.start({ cwd: REPO_ROOT, startTimeoutMs: 20_000, env: { NODE_OPTIONS: "--require=./no-such-preload.js" } });
    await expect(start).rejects.toThrow(/dynamic-provider host .* exited with code \d+ before starting/);
  });
});
