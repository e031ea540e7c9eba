import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "storefront/src/**/*.test.ts", "admin/src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Each integration file may start its own shop; two at once is what this 2-core machine bears.
          maxWorkers: 2,
        },
      },
    ],
  },
})
