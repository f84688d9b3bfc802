import { defineConfig } from "vitest/config";

// `npm test` runs the suites in test/ and each tool's own tests (tools/*/test/), all but the reliability suite,
// which takes minutes (fault matrix, load) and has its own command: `npm run test:reliability` (TENANT_SUITE=reliability).
const reliability = process.env.TENANT_SUITE === "reliability";

export default defineConfig({
  test: {
    include: reliability ? ["test/reliability/**/*.test.ts"] : ["test/**/*.test.ts", "tools/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: reliability ? [] : ["test/reliability/**", "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start servers and child processes; two cores, so keep parallelism modest.
    maxWorkers: 2,
  },
});
