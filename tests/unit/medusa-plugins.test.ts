/**
 * A Medusa plugin from npm must not break the workspace (docs/extending.md). Medusa keeps
 * its database layer, MikroORM, in @medusajs/deps at exact versions; a plugin that pins others as peer
 * dependencies (@lambdacurry/medusa-webhooks 1.2 pins 6.4.16) would get a second copy, whose entities
 * and metadata the first never sees, or stop `npm install` (ERESOLVE). The root `overrides` pin every
 * @mikro-orm package to Medusa's version, so there is one copy of each. Read from npm's record of
 * what is installed (node_modules/.package-lock.json), so a plugin installed since is checked too.
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as T

const installed = readJson<{ packages: Record<string, { version?: string }> }>("node_modules/.package-lock.json").packages
const overrides = readJson<{ overrides?: Record<string, unknown> }>("package.json").overrides ?? {}
const medusaDeps = readJson<{ dependencies: Record<string, string> }>("node_modules/@medusajs/deps/package.json").dependencies

/** Every installed copy of each @mikro-orm package: name → where each copy is. */
function mikroOrmCopies(): Map<string, string[]> {
  const copies = new Map<string, string[]>()
  for (const location of Object.keys(installed)) {
    const name = location.match(/(?:^|\/)node_modules\/(@mikro-orm\/[^/]+)$/)?.[1]
    if (name) copies.set(name, [...(copies.get(name) ?? []), location])
  }
  return copies
}

describe("one MikroORM for Medusa and every plugin", () => {
  it("finds MikroORM where Medusa installs it", () => {
    expect(mikroOrmCopies().get("@mikro-orm/core")).toEqual(["node_modules/@mikro-orm/core"])
  })

  it("has one copy of each @mikro-orm package, at the root, of Medusa's version", () => {
    const problems = [...mikroOrmCopies()].flatMap(([name, locations]) => [
      ...(locations.length > 1 ? [`${name} is installed ${locations.length} times: ${locations.join(", ")}`] : []),
      ...locations
        .filter((location) => medusaDeps[name] && installed[location].version !== medusaDeps[name])
        .map((location) => `${location} is ${installed[location].version}, Medusa's is ${medusaDeps[name]}`),
    ])
    expect(problems).toEqual([])
  })

  it("pins every @mikro-orm package Medusa or a plugin brings to Medusa's version in the root overrides", () => {
    const names = new Set([...mikroOrmCopies().keys(), ...Object.keys(medusaDeps).filter((name) => name.startsWith("@mikro-orm/"))])
    const problems = [...names]
      .filter((name) => overrides[name] !== medusaDeps[name])
      .map((name) => `package.json overrides["${name}"] is ${JSON.stringify(overrides[name])}, Medusa pins ${medusaDeps[name]}`)
    expect(problems).toEqual([])
  })
})
