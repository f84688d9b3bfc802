// The export's progress: on a terminal one line rewritten at each change, the streams' count moving page by page; in
// a CI log (no terminal) a status line every few seconds while reading, and nothing but the summary for a short read.
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveEnvironmentSettings } from "../../provider/config";
import { LOG_LINE_EVERY_MS, stderrProgress, type Progress } from "../../provider/cli/progress";
import { readTenant } from "../../provider/cli/tenantReader";
import { tenantConnection, useSettings } from "../../provider/resources/tenantConnection";
import { startEmulator } from "../../tools/emulator";

/** A stderr stand-in that keeps what was written. */
function fakeStream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const stream = {
    isTTY,
    text: "",
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream as unknown as NodeJS.WriteStream & { text: string };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("without a terminal", () => {
  it("prints the latest status with the time so far every few seconds while the work lasts, then the summary", () => {
    vi.useFakeTimers();
    const stream = fakeStream(false);
    const progress = stderrProgress("Reading t: ", stream);
    progress.update("0 of 9 resource types read");
    vi.advanceTimersByTime(LOG_LINE_EVERY_MS - 1);
    expect(stream.text).toBe("");
    vi.advanceTimersByTime(1);
    progress.update("8 of 9 resource types read; EventStream: 300 so far");
    vi.advanceTimersByTime(LOG_LINE_EVERY_MS);
    // Nothing changed, and a line comes all the same: the time so far says the command is alive.
    vi.advanceTimersByTime(LOG_LINE_EVERY_MS);
    progress.finish("9 resource types, 310 objects, in 9.1 s");
    vi.advanceTimersByTime(5 * LOG_LINE_EVERY_MS);
    expect(stream.text.split("\n")).toEqual([
      "Reading t: 0 of 9 resource types read (3 s)",
      "Reading t: 8 of 9 resource types read; EventStream: 300 so far (6 s)",
      "Reading t: 8 of 9 resource types read; EventStream: 300 so far (9 s)",
      "Reading t: 9 resource types, 310 objects, in 9.1 s",
      "",
    ]);
    expect(LOG_LINE_EVERY_MS).toBeLessThanOrEqual(5_000);
  });

  it("a read shorter than that prints its summary alone", () => {
    vi.useFakeTimers();
    const stream = fakeStream(false);
    const progress = stderrProgress("Reading t: ", stream);
    progress.update("9 of 9 resource types read");
    progress.finish("9 resource types, 12 objects, in 0.3 s");
    expect(stream.text).toBe("Reading t: 9 resource types, 12 objects, in 0.3 s\n");
  });
});

describe("on a terminal", () => {
  it("rewrites one line at each change, clears it at the end and prints the summary", () => {
    vi.useFakeTimers();
    const stream = fakeStream(true);
    const progress = stderrProgress("Reading t: ", stream);
    progress.update("0 of 2 resource types read");
    progress.update("0 of 2 resource types read; EventStream: 100 so far");
    vi.advanceTimersByTime(10 * LOG_LINE_EVERY_MS);
    progress.finish("2 resource types, 150 objects, in 1.0 s");
    expect(stream.text).toBe(
      "\r\x1b[KReading t: 0 of 2 resource types read" +
        "\r\x1b[KReading t: 0 of 2 resource types read; EventStream: 100 so far" +
        "\r\x1b[K" +
        "Reading t: 2 resource types, 150 objects, in 1.0 s\n",
    );
  });
});

describe("reading a tenant", () => {
  it("moves the count during the stream listing, page by page, before the types are all read", async () => {
    const client = { id: "progress-ci", secret: "sentinel-progress-client-secret-7c1d" };
    const emulator = await startEmulator({ clients: [client] });
    try {
      emulator.seedEventStreams(250);
      useSettings(resolveEnvironmentSettings({ TENANT_DOMAIN: emulator.url, TENANT_CLIENT_ID: client.id, TENANT_CLIENT_SECRET: client.secret }));
      const updates: string[] = [];
      const progress: Progress = { update: (text) => updates.push(text), finish: () => undefined };
      const { kinds } = await readTenant(progress);
      expect(updates[0]).toBe(`0 of ${kinds.length} resource types read`);
      // Each page moves the count; a type read meanwhile shows it again, unchanged.
      const streamCounts = updates.flatMap((text) => /EventStream: (\d+) so far/.exec(text)?.[1] ?? []).map(Number);
      expect([...new Set(streamCounts)]).toEqual([100, 200, 250]);
      expect(updates.at(-1)).toBe(`${kinds.length} of ${kinds.length} resource types read`);
    } finally {
      await (await tenantConnection()).client.close();
      await emulator.close();
    }
  });
});
