// The lint rule that keeps import circles out (tools/lint/importCycles.mjs) reports a circle made of type-only
// imports, at the import that closes it in each file of the circle, and nothing in a file that only uses it.
import { describe, expect, it } from "vitest";
import { lintFixture } from "./lintFixture";

describe("the import-circle lint rule", () => {
  it("reports a type-only circle in each of its files, and not a file outside it", async () => {
    const messages = await lintFixture("importCycles.mjs", "no-import-cycle", [], "test/support/fixtures/importCircle");
    expect(messages.get("order.ts")).toEqual([expect.stringMatching(/^Import circle: "\.\/customer" leads back to this file/)]);
    expect(messages.get("customer.ts")).toEqual([expect.stringMatching(/^Import circle: "\.\/order" leads back to this file/)]);
    expect(messages.get("report.ts")).toEqual([]);
  });
});
