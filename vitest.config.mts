import { defineConfig } from "vitest/config";

// `npm test` runs the suites in test/ and each tool's own tests (tools/*/test/), all but two that take minutes and
// have their own commands: the reliability suite (fault matrix, load), `npm run test:reliability`
// (TENANT_SUITE=reliability), and the SDK version matrix, which installs @pulumi/pulumi versions from the registry,
// `npm run test:sdk` (TENANT_SUITE=sdk).
const suite = process.env.TENANT_SUITE;
const ownSuites = ["test/reliability/**", "test/sdk/**"];

export default defineConfig({
  test: {
    include: suite === "reliability" || suite === "sdk" ? [`test/${suite}/**/*.test.ts`] : ["test/**/*.test.ts", "tools/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: suite === "reliability" || suite === "sdk" ? [] : [...ownSuites, "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start servers and child processes; two cores, so keep parallelism modest.
    maxWorkers: 2,
  },
});
