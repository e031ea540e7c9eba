/**
 * Medusa records the migrations it ran in one table, by name, for every module: a plugin's migration
 * named like another plugin's is taken as run already and silently skipped (the orders plugin's
 * payment-id index was missing so until both were renamed). Every migration's file and class name is unique.
 */
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../support/shop.ts"

function migrationFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (path.basename(dir) === "migrations" && /^Migration\d+\.ts$/.test(entry.name)) found.push(full)
    }
  }
  walk(path.join(repoRoot, "plugins"))
  walk(path.join(repoRoot, "medusa-backend", "src"))
  return found
}

describe("Medusa migrations", () => {
  it("have names no other plugin's migration has, and classes named like their files", () => {
    const files = migrationFiles()
    expect(files.length).toBeGreaterThan(10)
    const byName = new Map<string, string[]>()
    for (const file of files) {
      const name = path.basename(file, ".ts")
      byName.set(name, [...(byName.get(name) ?? []), path.relative(repoRoot, file)])
      expect(fs.readFileSync(file, "utf8"), file).toContain(`export class ${name} extends Migration`)
    }
    const twice = [...byName].filter(([, where]) => where.length > 1)
    expect(twice).toEqual([])
  })
})
