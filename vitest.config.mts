import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// `npm test` runs the suites in test/ and each tool's own tests (tools/*/test/), all but two that take minutes and
// have their own commands: the reliability suite (fault matrix, load), `npm run test:reliability`
// (TENANT_SUITE=reliability), and the SDK version matrix, which installs @pulumi/pulumi versions from the registry,
// `npm run test:sdk` (TENANT_SUITE=sdk). TENANT_SUITE=all runs the three in one pool of workers, as CI does (.ci/run):
// one build, and no suite waiting on another's slowest file.
const suite = process.env.TENANT_SUITE;
const onlyOwnSuite = suite === "reliability" || suite === "sdk";
const ownSuites = ["test/reliability/**", "test/sdk/**"];

/**
 * The files that take minutes, the longest first (as a fresh clone's CI run measured them). They start before every
 * other file: on a fresh clone vitest has no timings of its own and starts the largest files first, so the fault
 * matrix, one of the smallest, started last and ran alone at the end for minutes. The two 200-ticket stacks go apart:
 * `scale` here, `load` (whose verdict is a time) among the small files at the end.
 */
const LONGEST_FIRST = [
  "test/reliability/faultMatrix.test.ts",
  "test/e2e/native/releaseArtifacts.test.ts",
  "test/e2e/rotation.test.ts",
  "test/e2e/userErrors.test.ts",
  "test/sdk/sdkMatrix.test.ts",
  "test/e2e/drift.test.ts",
  "test/reliability/interruptions.test.ts",
  "test/reliability/faultDelay.test.ts",
  "test/reliability/tokenExpiry.test.ts",
  "test/reliability/randomSchedules.test.ts",
  "test/e2e/exportRoundTrip.test.ts",
  "test/e2e/native/rotation.test.ts",
  "test/e2e/storedSettings.test.ts",
  "test/reliability/scale.test.ts",
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.replaceAll("\\", "/").endsWith(`/${name}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the other files keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: onlyOwnSuite ? [`test/${suite}/**/*.test.ts`] : ["test/**/*.test.ts", "tools/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["**/node_modules/**", ...(onlyOwnSuite || suite === "all" ? [] : ownSuites)],
    // A test of a few CLI runs takes past a minute when three files share the two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { sequencer: LongestFirst },
    // Three files at a time on two cores: a file under the CLI keeps about two thirds of a core busy (its runs wait on
    // child processes, the emulator's held or rate-limited answers and the registries), so two left a third of the
    // machine idle. `--maxWorkers=<n>` on the command line overrides it.
    maxWorkers: 3,
  },
});
