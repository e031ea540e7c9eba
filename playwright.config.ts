import { defineConfig } from "@playwright/test"
import { chromiumPath } from "./tests/support/browser.ts"

/** Debian's Chromium (its headless shell when installed): test tools may not download browsers on these machines. */
const chromium = chromiumPath()

const SHOP_WIDE_SETTINGS = /(admin-(payments|shipping|shop-details)|invoice-purchase)\.spec\.ts$/

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at start; the reports of tests/run.ts stay beside it.
  outputDir: "test-results/e2e-artifacts",
  globalSetup: "./tests/support/playwright-setup.ts",
  timeout: 120_000,
  workers: 2,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // The admin's payment and shipping-method specs change settings every checkout reads (providers
  // on and off, the default method): they run after every other spec on the shared shop is done.
  projects: [
    { name: "shop", testIgnore: SHOP_WIDE_SETTINGS },
    { name: "shop-wide-settings", testMatch: SHOP_WIDE_SETTINGS, dependencies: ["shop"] },
  ],
  use: {
    baseURL: process.env.ENCLAVE_URL,
    // A failed test keeps its trace (every action's DOM snapshot, console and network) and a screenshot of the end.
    // The trace leaves out its screencast: streaming frames from every page of every test, passing or not, took
    // about a third of the end-to-end suites' time (docs/architecture.md, measured facts).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
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
