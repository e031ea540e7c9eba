/**
 * The admin's JavaScript budget: the JavaScript for the first admin screen (signed in as the admin, /admin: the
 * dashboard) is at most 250 KB gzip; `npm ls antd react-router` shows one copy of each.
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import { asAdmin } from "../support/api.ts"
import { adminFirstScreenWeight, DASHBOARD_CHUNK } from "../support/page-weight.ts"
import { repoRoot } from "../support/shop.ts"
import { shopUrl } from "../support/urls.ts"

const BUDGET_BYTES = 250 * 1024

describe("the admin's first screen", () => {
  it("is at most 250 KB gzip of JavaScript, with the dashboard's chunk, no other page's and no zod (signed in as the admin, /admin/)", async () => {
    const admin = await asAdmin()
    for (const language of ["en", "de"]) {
      const weight = await adminFirstScreenWeight(shopUrl(), "/admin/", `${admin.cookieHeader()}; language=${language}`, DASHBOARD_CHUNK)
      const listing = weight.files.map((f) => `${f.url} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(", ")
      console.log(
        `/admin/ [${language}]: ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip in ${weight.files.length} files (budget ${BUDGET_BYTES / 1024} KB): ${listing}`,
      )
      expect(weight.gzipBytes, listing).toBeLessThanOrEqual(BUDGET_BYTES)
      // The contract's zod schemas come with the pages that edit, not with the dashboard.
      expect(
        weight.files.filter((f) => f.zod).map((f) => f.url),
        listing,
      ).toEqual([])
      expect(
        weight.files.some((f) => /vendor-react/.test(f.url)),
        listing,
      ).toBe(true)
      expect(
        weight.files.some((f) => /dashboard-/.test(f.url)),
        listing,
      ).toBe(true)
      for (const page of ["list-", "show-", "settings-"]) {
        expect(
          weight.files.filter((f) => f.url.includes(`/${page}`)),
          `${page} chunks on the first screen: ${listing}`,
        ).toEqual([])
      }
    }
  })

  it("`npm ls antd react-router` shows one copy of each", async () => {
    const { stdout } = await promisify(execFile)("npm", ["ls", "antd", "react-router", "--json"], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    })
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
