/**
 * Shared code once: the code the facade, the storefront, the admin and the launcher
 * share lives in the contract, each part at a package subpath that imports nothing (so browser
 * bundles stay lean and the launcher can load it), and nobody keeps a copy or reaches into
 * another part's sources for it.
 */
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { describe, expect, it } from "vitest"

const require = createRequire(import.meta.url)
const contractDir = path.resolve(path.dirname(require.resolve("@enclave/contract")), "..")
const root = path.resolve(contractDir, "..")

const SHARED = ["money", "i18n", "http-errors", "security-headers", "bank", "page-door", "redis-keys", "public-address"] as const

/** Module specifiers a file names: imports, re-exports, dynamic import(), require(). */
function specifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^"'`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ]
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]))
}

function sourceFiles(dir: string): string[] {
  const skip = new Set(["node_modules", "dist", ".medusa", ".astro"])
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : sourceFiles(full)
    return /\.(ts|tsx|mts|mjs|astro)$/.test(entry.name) ? [full] : []
  })
}

describe.each(SHARED)("@enclave/contract/%s", (name) => {
  it("is a package subpath pointing at the compiled module and its types", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(contractDir, "package.json"), "utf8"))
    expect(manifest.exports[`./${name}`]).toEqual({ types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` })
    expect(path.relative(contractDir, require.resolve(`@enclave/contract/${name}`))).toBe(path.join("dist", `${name}.js`))
    expect(fs.existsSync(path.join(contractDir, "dist", `${name}.d.ts`))).toBe(true)
  })

  it("imports nothing at all, in its source, its build or its types", () => {
    for (const file of [`src/${name}.ts`, `dist/${name}.js`, `dist/${name}.d.ts`]) {
      expect(specifiers(fs.readFileSync(path.join(contractDir, file), "utf8")), file).toEqual([])
    }
  })
})

describe("nobody keeps its own copy", () => {
  const files = ["storefront/src", "storefront/astro.config.mjs", "admin/src", "launcher", "plugins", "tests", "bench"].flatMap((part) => {
    const full = path.join(root, part)
    return fs.statSync(full).isDirectory() ? sourceFiles(full) : [full]
  })

  it("the facade's old security-headers source is gone and nothing imports it", () => {
    expect(fs.existsSync(path.join(root, "plugins/api-facade/src/http/security-headers.ts"))).toBe(false)
    const importers = files.filter((file) => specifiers(fs.readFileSync(file, "utf8")).some((s) => s.includes("http/security-headers")))
    expect(importers.map((file) => path.relative(root, file))).toEqual([])
  })

  it("a registered symbol is named in one file: the front door's and the storefront's in @enclave/contract/page-door", () => {
    const namers = new Map<string, string[]>()
    for (const file of files) {
      for (const match of fs.readFileSync(file, "utf8").matchAll(/Symbol\.for\(\s*["'`](enclave\.[^"'`]+)/g)) {
        namers.set(match[1], [...(namers.get(match[1]) ?? []), path.relative(root, file)])
      }
    }
    expect([...namers.entries()].filter(([, where]) => where.length > 1)).toEqual([])
    const pageDoor = fs.readFileSync(path.join(contractDir, "src", "page-door.ts"), "utf8")
    for (const name of ["enclave.front-door.api-writes", "enclave.storefront.cached-pages", "enclave.front-door.catalogue-generation"]) {
      expect(pageDoor).toContain(`Symbol.for("${name}")`)
      expect(namers.get(name)).toBeUndefined()
    }
  })

  it("the shop's Redis namespace and the catalogue generation's key are named once, in @enclave/contract/redis-keys", () => {
    const others = [...files, path.join(root, "medusa-config.ts")].filter((file) => !file.endsWith("shared-subpaths.test.ts"))
    const offenders = others.filter((file) => {
      const text = fs.readFileSync(file, "utf8")
      return /function redisNamespaceOf\b|new URL\([^)]*DATABASE_URL|["']catalogue["'],\s*["']generation["']/.test(text)
    })
    expect(offenders.map((file) => path.relative(root, file))).toEqual([])
    const users = others.filter((file) => specifiers(fs.readFileSync(file, "utf8")).includes("@enclave/contract/redis-keys"))
    expect(users.map((file) => path.relative(root, file)).sort()).toEqual(
      [
        "launcher/catalogue-generation.ts",
        "medusa-config.ts",
        "plugins/catalogue/src/cache.ts",
        "plugins/api-facade/src/http/session.ts",
        "plugins/api-facade/src/http/sign-in-limit.ts",
        "plugins/accounts/src/passkeys/challenges.ts",
      ].sort(),
    )
  })

  it("no part has its own message definition, euro formatting or euro/cent arithmetic", () => {
    const own = [
      /\bfunction (defineMessages|formatPrice)\b/,
      /Math\.round\(Number\([^()]*\)\s*\*\s*100\)/,
      /\/\s*100\)\.toFixed\(2\)/,
      /currency:\s*["']EUR["']/,
    ]
    // The fakes of the payment providers (tests/fakes) model the providers' own amount handling.
    const offenders = files
      .filter((file) => !file.includes(`${path.sep}tests${path.sep}fakes${path.sep}`) && !file.endsWith("shared-subpaths.test.ts"))
      .filter((file) => {
        const text = fs.readFileSync(file, "utf8")
        return own.some((pattern) => pattern.test(text))
      })
    expect(offenders.map((file) => path.relative(root, file))).toEqual([])
  })
})
