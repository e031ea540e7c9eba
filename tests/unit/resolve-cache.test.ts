/**
 * launcher/resolve-cache.ts in processes of their own, loaded as Medusa's processes load it, and the
 * launcher's choice of its file (resolveCacheEnv, launcher/medusa.ts).
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { resolveCacheEnv } from "../../launcher/medusa.ts"
import { repoRoot } from "../support/shop.ts"

const hook = path.join(repoRoot, "launcher", "resolve-cache.ts")
const temporary = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-resolve-cache-"))
afterAll(() => fs.rmSync(temporary, { recursive: true, force: true }))

/** A small program: a relative require, a package whose entry differs for require and import. */
function program(): string {
  const dir = fs.mkdtempSync(path.join(temporary, "program-"))
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  write("lib/a.js", `module.exports = "a"`)
  write("lib/b.js", `module.exports = "b"`)
  write("node_modules/pkg/package.json", JSON.stringify({ name: "pkg", exports: { import: "./esm.mjs", require: "./cjs.js" } }))
  write("node_modules/pkg/cjs.js", `module.exports = "pkg for require"`)
  write("node_modules/pkg/esm.mjs", `export default "pkg for import"`)
  write(
    "main.cjs",
    `const a = require("./lib/a"); const pkg = require("pkg")
     import("pkg").then((m) => console.log(JSON.stringify({ a, pkg, esm: m.default })))`,
  )
  return dir
}

/** Runs the program with the hook, as a Medusa process runs; its output, parsed. */
function run(dir: string, cacheFile: string | undefined): unknown {
  const env: NodeJS.ProcessEnv = { ...process.env, ENCLAVE_RESOLVE_CACHE: cacheFile }
  if (!cacheFile) delete env.ENCLAVE_RESOLVE_CACHE
  const result = spawnSync(process.execPath, ["--experimental-strip-types", "--no-warnings", "--import", hook, "main.cjs"], {
    cwd: dir,
    env,
    encoding: "utf8",
  })
  expect(result.stderr).toBe("")
  expect(result.status).toBe(0)
  return JSON.parse(result.stdout)
}

const AS_NODE_LOADS_IT = { a: "a", pkg: "pkg for require", esm: "pkg for import" }
type Cache = Record<string, [string, string | null]>
const readCache = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Cache
/** The entry of a specifier asked for from the program's folder, by require or by import. */
const entryOf = (cache: Cache, dir: string, specifier: string, by: "require" | "import") =>
  Object.entries(cache).find(
    ([key]) => key.endsWith(`|${pathToFileURL(dir).href}|${specifier}`) && key.split("|")[0].split(",").includes(by),
  )

describe("a Medusa process with ENCLAVE_RESOLVE_CACHE", () => {
  it("keeps where each module was found, for require and for import apart, and finds them there on its next start", () => {
    const dir = program()
    const cacheFile = path.join(dir, "cache.json")
    expect(run(dir, cacheFile)).toEqual(AS_NODE_LOADS_IT)
    const cache = readCache(cacheFile)
    expect(entryOf(cache, dir, "./lib/a", "require")?.[1][0]).toBe(pathToFileURL(path.join(dir, "lib/a.js")).href)
    expect(entryOf(cache, dir, "pkg", "require")?.[1][0]).toBe(pathToFileURL(path.join(dir, "node_modules/pkg/cjs.js")).href)
    expect(entryOf(cache, dir, "pkg", "import")?.[1][0]).toBe(pathToFileURL(path.join(dir, "node_modules/pkg/esm.mjs")).href)
    // The next start answers from the file: the same modules.
    expect(run(dir, cacheFile)).toEqual(AS_NODE_LOADS_IT)
  })

  it("takes what the file says over what Node would find (which is why the launcher names the file after the build)", () => {
    const dir = program()
    const cacheFile = path.join(dir, "cache.json")
    run(dir, cacheFile)
    const cache = readCache(cacheFile)
    const [key] = entryOf(cache, dir, "./lib/a", "require")!
    cache[key] = [pathToFileURL(path.join(dir, "lib/b.js")).href, cache[key][1]]
    fs.writeFileSync(cacheFile, JSON.stringify(cache))
    expect(run(dir, cacheFile)).toEqual({ ...AS_NODE_LOADS_IT, a: "b" })
    // Without the variable the process resolves as Node does, and keeps nothing.
    const untouched = fs.readFileSync(cacheFile, "utf8")
    expect(run(dir, undefined)).toEqual(AS_NODE_LOADS_IT)
    expect(fs.readFileSync(cacheFile, "utf8")).toBe(untouched)
  })

  it("starts as usual from a file that does not parse, and writes it whole again", () => {
    const dir = program()
    const cacheFile = path.join(dir, "cache.json")
    fs.writeFileSync(cacheFile, `{"require,node|file:///x|./y": ["file:///`)
    expect(run(dir, cacheFile)).toEqual(AS_NODE_LOADS_IT)
    expect(entryOf(readCache(cacheFile), dir, "./lib/a", "require")).toBeDefined()
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("cache.json."))).toEqual([])
  })
})

describe("the launcher's resolve cache file (resolveCacheEnv)", () => {
  const records = [path.join(temporary, "build-mark"), path.join(temporary, "package-lock")]
  fs.writeFileSync(records[0], "build 1")
  fs.writeFileSync(records[1], "packages 1")

  it("lives in DATA_DIR/resolve-cache, named after the build and the installed packages; a new one of either starts another and the old one goes", () => {
    const dataDir = fs.mkdtempSync(path.join(temporary, "data-"))
    const first = resolveCacheEnv(dataDir, records).ENCLAVE_RESOLVE_CACHE!
    expect(path.dirname(first)).toBe(path.join(dataDir, "resolve-cache"))
    expect(resolveCacheEnv(dataDir, records).ENCLAVE_RESOLVE_CACHE).toBe(first)
    fs.writeFileSync(first, "{}")
    // A process writing it right now writes <name>.<pid> first: that stays.
    fs.writeFileSync(`${first}.4242`, "{}")
    expect(fs.readdirSync(path.dirname(first)).sort()).toEqual([path.basename(first), `${path.basename(first)}.4242`])

    fs.writeFileSync(records[0], "build 2")
    const afterBuild = resolveCacheEnv(dataDir, records).ENCLAVE_RESOLVE_CACHE!
    expect(afterBuild).not.toBe(first)
    expect(fs.readdirSync(path.dirname(first))).toEqual([])

    fs.writeFileSync(records[1], "packages 2")
    expect(resolveCacheEnv(dataDir, records).ENCLAVE_RESOLVE_CACHE).not.toBe(afterBuild)
  })

  it("is not kept when the build or the packages left no record to name it after", () => {
    const dataDir = fs.mkdtempSync(path.join(temporary, "data-"))
    expect(resolveCacheEnv(dataDir, [records[0], path.join(temporary, "no-such-record")])).toEqual({})
  })
})
