import { defineConfig } from "@playwright/test"

/** Debian's Chromium: test tools may not download browsers on these machines. */
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at start; the reports of tests/run.ts stay beside it.
  outputDir: "test-results/e2e-artifacts",
  globalSetup: "./tests/support/playwright-setup.ts",
  timeout: 60_000,
  workers: 2,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: process.env.ENCLAVE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
})
