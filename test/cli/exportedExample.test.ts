// examples/exported is what export writes today: the seeded tenant exported again (fixed port, fixed id seed)
// gives every file of the example byte for byte.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertDistIsFresh } from "../resources/dist";
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
});
