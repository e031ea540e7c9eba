/**
 * The house reads from the bottom up: each domain plugin owns its flows and imports only the plugins
 * below it, and the /api facade on top is routes, sessions and HTTP middlewares. When the facade held
 * the order, payment, cart and catalogue logic, a card purchase wound through ten of its files and its
 * orders and payments areas imported each other. Import lines are read with TypeScript's parser
 * (static imports, re-exports, import() calls), so a comment or a string naming a module does not count.
 */
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../support/shop.ts"

/** Each plugin and the shop's plugins it may import (their package's "." export, never their files). */
const MAY_IMPORT: Record<string, string[]> = {
  "security-levels": [],
  catalogue: ["security-levels"],
  // The shop's details (catalogue) say whether staff must sign in with two factors.
  accounts: ["catalogue"],
  "shipping-methods": ["catalogue"],
  payments: ["accounts", "catalogue"],
  orders: ["accounts", "catalogue", "shipping-methods", "payments"],
  "api-facade": ["accounts", "catalogue", "shipping-methods", "payments", "orders"],
  mail: ["accounts", "orders"],
}

/**
 * What the facade keeps besides its route files: HTTP with the sessions it keeps, the job that prunes
 * them, and the customer's data download and account deletion (privacy/), which put the domain plugins'
 * records together with the sessions.
 */
const FACADE_FOLDERS = ["api", "http", "jobs", "privacy", "types"]

const pluginsDir = path.join(repoRoot, "plugins")

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

/** The module names a file imports or re-exports from, with the line each is on. */
function importsOf(file: string): Array<{ specifier: string; line: number }> {
  const text = fs.readFileSync(file, "utf8")
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: Array<{ specifier: string; line: number }> = []
  const add = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      found.push({ specifier: specifier.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node, node.arguments[0])
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const where = (file: string, line: number, specifier: string) => `${path.relative(repoRoot, file)}:${line} → ${specifier}`

/** The shop's plugins (@enclave/<name>, or a subpath its package exports) a plugin's sources import. */
function pluginImports(plugin: string): Array<{ target: string; at: string }> {
  return sourceFiles(path.join(pluginsDir, plugin, "src")).flatMap((file) =>
    importsOf(file)
      .filter(({ specifier }) => specifier.startsWith("@enclave/") && !specifier.startsWith("@enclave/contract"))
      .map(({ specifier, line }) => ({ target: specifier.split("/")[1], at: where(file, line, specifier) })),
  )
}

/** Imports under `from` (a folder of a plugin's src) that reach a file under `to`. */
function importsBetween(plugin: string, from: string, to: string): string[] {
  const src = path.join(pluginsDir, plugin, "src")
  const target = path.join(src, to) + path.sep
  return sourceFiles(path.join(src, from)).flatMap((file) =>
    importsOf(file)
      .filter(({ specifier }) => specifier.startsWith("."))
      .filter(({ specifier }) => (path.resolve(path.dirname(file), specifier) + path.sep).startsWith(target))
      .map(({ specifier, line }) => where(file, line, specifier)),
  )
}

describe("the plugins stand in layers", () => {
  it("knows every plugin of the shop", () => {
    const shopPlugins = fs
      .readdirSync(pluginsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(pluginsDir, entry.name, "src")))
      .map((entry) => entry.name)
    expect(shopPlugins.sort()).toEqual(Object.keys(MAY_IMPORT).sort())
    // A reader that found nothing would pass every check below.
    expect(pluginImports("orders").length).toBeGreaterThan(0)
  })

  it.each(Object.keys(MAY_IMPORT))("%s imports only the plugins below it, by their package name", (plugin) => {
    const upward = pluginImports(plugin)
      .filter(({ target }) => !MAY_IMPORT[plugin].includes(target))
      .map(({ at }) => at)
    expect(upward).toEqual([])
    const intoFiles = sourceFiles(path.join(pluginsDir, plugin, "src")).flatMap((file) =>
      importsOf(file)
        .filter(
          ({ specifier }) =>
            specifier.includes(".medusa") ||
            (specifier.startsWith(".") &&
              !path.resolve(path.dirname(file), specifier).startsWith(path.join(pluginsDir, plugin) + path.sep)),
        )
        .map(({ specifier, line }) => where(file, line, specifier)),
    )
    expect(intoFiles).toEqual([])
  })

  it("the facade keeps routes, HTTP and sessions; the order, payment, cart and catalogue flows live in their plugins", () => {
    const folders = fs
      .readdirSync(path.join(pluginsDir, "api-facade", "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(folders.sort()).toEqual([...FACADE_FOLDERS].sort())
  })

  it("a route imports the domain plugins and the facade's HTTP helpers, never another route", () => {
    const routes = path.join(pluginsDir, "api-facade", "src", "api")
    const http = path.join(pluginsDir, "api-facade", "src", "http") + path.sep
    const privacy = path.join(pluginsDir, "api-facade", "src", "privacy") + path.sep
    const offenders = sourceFiles(routes).flatMap((file) =>
      importsOf(file)
        .filter(({ specifier }) => specifier.startsWith("."))
        .filter(({ specifier }) => {
          const resolved = path.resolve(path.dirname(file), specifier)
          return !resolved.startsWith(http) && !resolved.startsWith(privacy)
        })
        .map(({ specifier, line }) => where(file, line, specifier)),
    )
    expect(offenders).toEqual([])
  })

  it("in the orders plugin, the cart and the order book do not import the purchase or after-sale, which use them", () => {
    expect(importsBetween("orders", "purchase", "orders").length).toBeGreaterThan(0)
    expect([
      ...importsBetween("orders", "orders", "purchase"),
      ...importsBetween("orders", "cart", "purchase"),
      ...importsBetween("orders", "orders", "after-sale"),
      ...importsBetween("orders", "cart", "after-sale"),
    ]).toEqual([])
  })
})

describe("each flow takes its lock and keeps the catalogue fresh inside its workflow", () => {
  const allSources = Object.keys(MAY_IMPORT).flatMap((plugin) => sourceFiles(path.join(pluginsDir, plugin, "src")))
  const using = (pattern: RegExp) =>
    allSources.filter((file) => pattern.test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(repoRoot, file))

  it("the locking module is used in two steps only: the buyer's cart lock and the reservation of stock", () => {
    expect(using(/Modules\.LOCKING/).sort()).toEqual(["plugins/orders/src/cart/cart-lock.ts", "plugins/orders/src/purchase/workflow.ts"])
    // The cart's lock key is named in its step alone: no caller wraps a flow in it from outside.
    expect(using(/\bcartLockKey\(/)).toEqual(["plugins/orders/src/cart/cart-lock.ts"])
  })

  it("no call site marks the catalogue stale around a flow: the flows' own steps and the subscriber do", () => {
    expect(using(/\brunThenBump\b/)).toEqual([])
    expect(using(/\bbumpCatalogue\(/).sort()).toEqual(
      [
        "plugins/catalogue/src/cache.ts",
        "plugins/catalogue/src/freshness.ts",
        "plugins/catalogue/src/subscribers/catalogue-changed.ts",
        // One row of one module, saved at once: no workflow to put a step in.
        "plugins/payments/src/settings/payment-settings.ts",
      ].sort(),
    )
  })
})
