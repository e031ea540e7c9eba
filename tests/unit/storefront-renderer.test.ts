/**
 * The front door's storefront renderer (launcher/front-door.ts, loadStorefront) renders with React's
 * production build when nobody set NODE_ENV, as under `npm start`: the development build is about a
 * third slower per page and checks what only a developer reads.
 */
import { execFileSync } from "node:child_process"
import path from "node:path"
import { expect, test } from "vitest"
import { repoRoot } from "../support/shop.ts"

/** Loads the renderer as the front door does, then names the react-dom server builds Node loaded. */
const probe = `
import { createRequire } from "node:module"
import path from "node:path"
const { loadStorefront } = await import(process.env.FRONT_DOOR)
await loadStorefront()
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => /react-dom-server[^/]*\\.js$/.test(file))
console.log(JSON.stringify({ loaded: loaded.map((file) => path.basename(file)), nodeEnv: process.env.NODE_ENV }))
`

test("with NODE_ENV unset, pages render with React's production build", { timeout: 60_000 }, () => {
  const env: NodeJS.ProcessEnv = { ...process.env, FRONT_DOOR: path.join(repoRoot, "launcher", "front-door.ts") }
  delete env.NODE_ENV
  const output = execFileSync(process.execPath, ["--experimental-strip-types", "--no-warnings", "--input-type=module", "-e", probe], {
    cwd: repoRoot,
    env,
    encoding: "utf8",
  })
  const { loaded, nodeEnv } = JSON.parse(output.trim().split("\n").at(-1)!) as { loaded: string[]; nodeEnv: string }
  expect(nodeEnv).toBe("production")
  expect(loaded.length).toBeGreaterThan(0)
  expect(loaded.filter((file) => file.includes("development"))).toEqual([])
  expect(loaded.every((file) => file.includes("production"))).toBe(true)
})
