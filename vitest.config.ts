// Unit and integration tests (ARCHITECTURE §6). End-to-end specs run under Playwright instead.
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: [
      ...configDefaults.exclude,
      "**/node_modules/**",
      "build/**",
      "tests/e2e/**",
      ".react-router/**",
      ".data/**",
      "scratch/**",
      // The fault suites (issue 23) start PostgreSQL and Redis servers of their own and stop them: they
      // belong to the PostgreSQL pass (npm run test:integration), not to the embedded one.
      ...(process.env.TEST_DATABASE_URL ? [] : ["tests/faults/**"]),
    ],
    // Migrates the database template once per run; each test database is a clone of it.
    globalSetup: ["tests/helpers/global-setup.ts", "tests/helpers/build-setup.ts"],
    // Separate processes (PGlite's WASM memory stays per file); two of them on a 2-core box.
    pool: "forks",
    maxWorkers: 2,
    // An embedded PostgreSQL starts in ~0.3 s from the template but can take seconds under load.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
