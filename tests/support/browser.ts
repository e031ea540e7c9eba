import fs from "node:fs"

/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's chromium-headless-shell, else Debian's chromium. Both
 * are the same Chromium build; the headless shell leaves out the full browser's window and UI layers, and the same
 * Playwright specs took about 30% less CPU and wall time in it (bench in docs/architecture.md, "Facts measured").
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
export const FULL_CHROMIUM = "/usr/bin/chromium"

export function chromiumPath(env: NodeJS.ProcessEnv = process.env, exists: (file: string) => boolean = isExecutable): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH
  return exists(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}
