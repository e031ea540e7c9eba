/**
 * Which browser the tests drive (tests/support/browser.ts), and that .ci/run installs that one on a fresh machine.
 */
import type { PlaywrightTestConfig } from "@playwright/test"
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { chromiumPath, FULL_CHROMIUM, HEADLESS_SHELL } from "../support/browser.ts"
import { repoRoot } from "../support/shop.ts"
import * as playwrightConfigFile from "../../playwright.config.ts"

describe("the tests' browser", () => {
  it("is CHROMIUM_PATH when set, else the headless shell when installed, else the full chromium", () => {
    const everything = () => true
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/chrome/chrome" }, everything)).toBe("/opt/chrome/chrome")
    expect(chromiumPath({}, everything)).toBe(HEADLESS_SHELL)
    expect(chromiumPath({}, (file) => file === FULL_CHROMIUM)).toBe(FULL_CHROMIUM)
  })

  it("is what .ci/run installs from Debian when it is missing", () => {
    const ci = fs.readFileSync(path.join(repoRoot, ".ci/run"), "utf8")
    const installed = /apt-get install -y -qq ([\w-]+)/.exec(ci)?.[1]
    expect(installed && `/usr/bin/${installed}`).toBe(HEADLESS_SHELL)
    expect(ci).toContain(`chromium="\${CHROMIUM_PATH:-${HEADLESS_SHELL}}"`)
  })

  // Without "type": "module" TypeScript reads the config as CommonJS and types its default export as the module.
  const playwrightConfig = (playwrightConfigFile as unknown as { default: PlaywrightTestConfig }).default

  it("keeps a failed test's trace and final screenshot, and records no screencast in any test", () => {
    // The screencast streams frames from every page of every test, passing or not: about a third of the
    // end-to-end suites' time (docs/architecture.md).
    expect(playwrightConfig.use?.trace).toEqual({ mode: "retain-on-failure", screenshots: false, snapshots: true })
    expect(playwrightConfig.use?.screenshot).toBe("only-on-failure")
    expect(playwrightConfig.use?.video ?? "off").toBe("off")
  })
})
