// The lint rule that keeps the package's layers importing downwards (tools/lint/importLayers.mjs) reports a lower
// layer reaching up, naming both layers, and a file placed in no layer; a file importing downwards passes. The rule
// the repository runs (eslint.config.mjs) holds provider/ to the layers CONTRIBUTING describes.
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFixture as lint } from "./lintFixture";

const FIXTURE = "test/support/fixtures/importLayers";
const lintFixture = () => lint("importLayers.mjs", "import-layers", [{ root: FIXTURE, layers: [["top/"], ["bottom/"]] }], FIXTURE);

describe("the import-layers lint rule", () => {
  it("reports an import from a lower layer to a higher one, naming both layers", async () => {
    const messages = await lintFixture();
    expect(messages.get(path.join("bottom", "reachesUp.ts"))).toEqual([
      expect.stringMatching(/^Import of a higher layer: "\.\.\/top\/uses" is in layer 1 \(top\/\), above this file's layer 2 \(bottom\/\)/),
    ]);
  });

  it("passes imports downwards and within a layer", async () => {
    const messages = await lintFixture();
    expect(messages.get(path.join("top", "uses.ts"))).toEqual([]);
    expect(messages.get(path.join("bottom", "base.ts"))).toEqual([]);
  });

  it("reports a file in no layer", async () => {
    expect((await lintFixture()).get("stray.ts")).toEqual([expect.stringMatching(/is in no layer/)]);
  });
});
