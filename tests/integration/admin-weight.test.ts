/**
 * Issue 6's budget: the JavaScript for the first admin screen (signed in as the admin, /admin: the
 * dashboard) is at most 250 KB gzip; `npm ls antd react-router` shows one copy of each.
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { gzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"
import { asAdmin } from "../support/api.ts"
import { repoRoot } from "../support/shop.ts"
import { shopUrl } from "../support/urls.ts"

const BUDGET_BYTES = 250 * 1024

/** Static imports in Vite's minified output too (`import{a as b}from"./x.js"`, `import"./y.js"`). */
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$\s{},*]*?from\s*)?["'](\.{1,2}\/[^"']+|\/[^"']+)["']/g

interface Weight {
  files: Array<{ url: string; gzipBytes: number; zod: boolean }>
  gzipBytes: number
}

/**
 * What the browser must download as JavaScript to show `path`: the module entry, the chunks it
 * preloads and imports statically, and the lazily loaded chunk of the route that path opens
 * (`routeChunk`, e.g. the dashboard's) with its static imports. Other lazy pages are left out.
 */
async function firstScreenWeight(baseUrl: string, pagePath: string, cookie: string, routeChunk: RegExp): Promise<Weight> {
  const answer = await fetch(baseUrl + pagePath, { headers: { cookie }, redirect: "manual" })
  expect(answer.status, `GET ${pagePath} as the admin`).toBe(200)
  const html = await answer.text()
  const pageUrl = baseUrl + pagePath
  const queue = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => new URL(m[1], pageUrl).href)
  expect(queue.length, "the admin page has a module entry").toBeGreaterThan(0)
  const seen = new Map<string, { gzipBytes: number; zod: boolean }>()
  let routeFound = false
  while (queue.length > 0) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    const response = await fetch(url)
    expect(response.status, url).toBe(200)
    const source = await response.text()
    // zod's error class keeps its name through minification.
    seen.set(url, { gzipBytes: gzipSync(source).length, zod: source.includes("ZodError") })
    for (const m of source.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1], url).href)
    // The route's own chunk, named in the entry's lazy imports.
    for (const m of source.matchAll(/["']((?:\.\/|assets\/)?[\w-]+\.js)["']/g)) {
      if (routeChunk.test(m[1])) {
        routeFound = true
        queue.push(new URL(m[1].replace(/^assets\//, "./"), url).href)
      }
    }
  }
  expect(routeFound, `the ${routeChunk} chunk is found in the entry's lazy imports`).toBe(true)
  const files = [...seen].map(([url, file]) => ({ url: new URL(url).pathname, ...file }))
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}

describe("the admin's first screen", () => {
  it("is at most 250 KB gzip of JavaScript, with the dashboard's chunk, no other page's and no zod (signed in as the admin, /admin/)", async () => {
    const admin = await asAdmin()
    for (const language of ["en", "de"]) {
      const weight = await firstScreenWeight(shopUrl(), "/admin/", `${admin.cookieHeader()}; language=${language}`, /^(?:\.\/|assets\/)?dashboard-[\w-]+\.js$/)
      const listing = weight.files.map((f) => `${f.url} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(", ")
      console.log(`/admin/ [${language}]: ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip in ${weight.files.length} files (budget ${BUDGET_BYTES / 1024} KB): ${listing}`)
      expect(weight.gzipBytes, listing).toBeLessThanOrEqual(BUDGET_BYTES)
      // The contract's zod schemas come with the pages that edit, not with the dashboard.
      expect(weight.files.filter((f) => f.zod).map((f) => f.url), listing).toEqual([])
      expect(weight.files.some((f) => /vendor-react/.test(f.url)), listing).toBe(true)
      expect(weight.files.some((f) => /dashboard-/.test(f.url)), listing).toBe(true)
      for (const page of ["list-", "show-", "settings-"]) {
        expect(weight.files.filter((f) => f.url.includes(`/${page}`)), `${page} chunks on the first screen: ${listing}`).toEqual([])
      }
    }
  })

  it("`npm ls antd react-router` shows one copy of each", async () => {
    const { stdout } = await promisify(execFile)("npm", ["ls", "antd", "react-router", "--json"], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 })
    type Node = { version?: string; dependencies?: Record<string, Node> }
    const versions: Record<string, Set<string>> = { antd: new Set(), "react-router": new Set() }
    const walk = (node: Node) => {
      for (const [name, child] of Object.entries(node.dependencies ?? {})) {
        if (name in versions && child.version) versions[name].add(child.version)
        walk(child)
      }
    }
    walk(JSON.parse(stdout) as Node)
    for (const [name, found] of Object.entries(versions)) {
      expect([...found], `${name} versions in npm ls`).toHaveLength(1)
      // And one folder on disk: every package that uses it resolves to the same copy.
      const copies: string[] = []
      const look = (dir: string, depth: number) => {
        const modules = path.join(dir, "node_modules")
        if (!fs.existsSync(modules) || depth > 6) return
        if (fs.existsSync(path.join(modules, name, "package.json"))) copies.push(path.join(modules, name))
        for (const entry of fs.readdirSync(modules)) {
          if (entry.startsWith(".")) continue
          const scoped = entry.startsWith("@") ? fs.readdirSync(path.join(modules, entry)).map((e) => path.join(entry, e)) : [entry]
          for (const pkg of scoped) look(path.join(modules, pkg), depth + 1)
        }
      }
      for (const root of [repoRoot, path.join(repoRoot, "admin")]) look(root, 0)
      expect(copies, `${name} copies on disk`).toHaveLength(1)
    }
  })
})
