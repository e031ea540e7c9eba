/**
 * The facade's orders and payments areas may depend on each other one way only: when each imported the
 * other, a card purchase wound through both and neither could be read or changed alone. The purchase
 * (purchase/: the payment kinds, the one workflow, settling a provider's payment) sits above both and
 * is imported by neither, so it cannot close a loop between them either. Import lines are read with
 * TypeScript's parser (static imports, re-exports, import() calls), so a comment or a string naming a
 * folder does not count.
 */
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../support/shop.ts"

const facadeSource = path.join(repoRoot, "plugins/api-facade/src")

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

/** Each import of a file under `from` that reaches a file under `to`, as "file:line → specifier". */
function importsBetween(from: string, to: string): string[] {
  const target = path.join(facadeSource, to) + path.sep
  return sourceFiles(path.join(facadeSource, from)).flatMap((file) =>
    importsOf(file)
      .filter(({ specifier }) => specifier.startsWith("."))
      .filter(({ specifier }) => (path.resolve(path.dirname(file), specifier) + path.sep).startsWith(target))
      .map(({ specifier, line }) => `${path.relative(repoRoot, file)}:${line} → ${specifier}`),
  )
}

describe("the facade's areas import each other one way", () => {
  it("reads the import lines it judges by", () => {
    // A reader that found nothing would pass every check below.
    expect(importsBetween("payments", "orders").length + importsBetween("orders", "payments").length).toBeGreaterThan(0)
    expect(importsBetween("purchase", "orders").length).toBeGreaterThan(0)
  })

  it("orders/ and payments/ do not import each other both ways", () => {
    const ordersToPayments = importsBetween("orders", "payments")
    const paymentsToOrders = importsBetween("payments", "orders")
    const both = ordersToPayments.length > 0 && paymentsToOrders.length > 0
    expect(both ? { ordersToPayments, paymentsToOrders } : null).toBeNull()
  })

  it("orders/ and payments/ do not import the purchase, which uses them", () => {
    expect([...importsBetween("orders", "purchase"), ...importsBetween("payments", "purchase")]).toEqual([])
  })
})
