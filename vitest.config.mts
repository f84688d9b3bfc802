import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start servers and child processes; two cores, so keep parallelism modest.
    maxWorkers: 2,
  },
});
