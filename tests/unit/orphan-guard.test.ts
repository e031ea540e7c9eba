/**
 * launcher/orphan-guard.ts in a process of its own, loaded as Medusa's processes load it: the
 * process ends once the launcher that started it is gone, also when the launcher was gone before
 * the guard was loaded (init had adopted the process by then).
 */
import { spawn } from "node:child_process"
import path from "node:path"
import { expect, test } from "vitest"
import { repoRoot } from "../support/shop.ts"

const guard = path.join(repoRoot, "launcher", "orphan-guard.ts")

/** A process that would run for a minute, with the guard; resolves with its exit code, or "running" after `waitMs`. */
function runGuarded(launcherPid: number, waitMs: number): Promise<number | "running"> {
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", "--import", guard, "-e", "setTimeout(() => {}, 60_000)"],
    { env: { ...process.env, ENCLAVE_LAUNCHER_PID: String(launcherPid) }, stdio: "ignore" },
  )
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      resolve("running")
    }, waitMs)
    child.once("exit", (code) => {
      clearTimeout(timer)
      resolve(code ?? -1)
    })
  })
}

test("a Medusa process keeps running while the launcher that started it is its parent", async () => {
  expect(await runGuarded(process.pid, 3000)).toBe("running")
})

test("a Medusa process whose launcher was gone before its guard was loaded stops within seconds", async () => {
  // Its parent (this test) is not the launcher it was told of: as after that launcher died and init adopted it.
  // "Within seconds" of its start: a loaded CI machine may take several just to start Node, so the wait is generous.
  expect(await runGuarded(process.pid + 1_000_000, 20_000)).toBe(1)
}, 30_000)
