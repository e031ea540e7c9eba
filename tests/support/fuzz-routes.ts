/**
 * The /api calls as the source tree has them: every route file under
 * plugins/api-facade/src/api/api with the methods it exports. The fuzz and permission tests
 * compare their lists with this one, so a new route file cannot escape them.
 */
import fs from "node:fs"
import path from "node:path"
import { repoRoot } from "./shop.ts"

export interface RouteFile {
  /** Relative to the repository, for messages. */
  file: string
  /** The OpenAPI form of its path: `/api/products/{id}`. */
  template: string
  methods: string[]
}

const apiDir = path.join(repoRoot, "plugins", "api-facade", "src", "api", "api")

export function routeFiles(): RouteFile[] {
  const found: RouteFile[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/^route\.[jt]s$/.test(entry.name)) {
        const source = fs.readFileSync(full, "utf8")
        const methods = new Set<string>()
        for (const match of source.matchAll(/export\s+(?:async\s+)?(?:function|const)\s+(GET|POST|PUT|PATCH|DELETE)\b/g))
          methods.add(match[1])
        for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
          for (const name of match[1].split(",").map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          )) {
            if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(name)) methods.add(name)
          }
        }
        const relative = path.relative(apiDir, dir).split(path.sep).filter(Boolean)
        const template = "/api" + relative.map((segment) => "/" + segment.replace(/^\[(.+)\]$/, "{$1}")).join("")
        found.push({ file: path.relative(repoRoot, full), template, methods: [...methods].sort() })
      }
    }
  }
  walk(apiDir)
  return found.sort((a, b) => a.template.localeCompare(b.template))
}

/** `METHOD /api/...{param}` keys of every call the route files serve. */
export function routeCallKeys(): string[] {
  return routeFiles().flatMap((route) => route.methods.map((method) => `${method} ${route.template}`))
}
