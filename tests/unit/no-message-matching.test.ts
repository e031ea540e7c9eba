/**
 * The storefront and the admin choose what to show by an answer's `code` and `params`, never by
 * comparing its English message: one reworded sentence would silently break a screen. This looks
 * through every client source file for a comparison with a message and fails naming each one.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../support/shop.ts"

const MESSAGE = String.raw`(?:\w+\.)?(?:serverMessage|message|[A-Z][A-Z0-9_]*_MESSAGE|\w+Messages?\.\w+|\w+Message\([^)]*\))`

/** A comparison of a message with anything, or a message taken apart by its words. */
const COMPARISONS = [
  new RegExp(String.raw`${MESSAGE}\s*[!=]==?`),
  new RegExp(String.raw`[!=]==?\s*${MESSAGE}(?![\w(])`),
  new RegExp(String.raw`\b(?:serverMessage|message)\??\.(?:startsWith|endsWith|includes|match|search|indexOf|localeCompare)\(`),
  new RegExp(String.raw`\.(?:test|exec)\(\s*(?:\w+\.)?(?:serverMessage|message)\s*\)`),
]

/** The code of a line without its comment (a `//` outside a string, or a line of a block comment) and type checks. */
function codeOf(line: string): string {
  const trimmed = line.trim()
  if (trimmed.startsWith("*") || trimmed.startsWith("/*") || trimmed.startsWith("//")) return ""
  const comment = line.search(/\s\/\/\s/)
  // `typeof message === "string"` asks what a value is, not what it says.
  return (comment >= 0 ? line.slice(0, comment) : line).replace(/typeof\s+[\w.?]+\s*[!=]==?\s*"\w+"/g, "")
}

export function messageComparisons(source: string): string[] {
  return source
    .split("\n")
    .map((line, index) => ({ line: codeOf(line), number: index + 1 }))
    .filter(({ line }) => COMPARISONS.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${number}: ${line.trim()}`)
}

function clientSources(): string[] {
  const tracked = execFileSync("git", ["ls-files", "storefront/src", "admin/src"], { cwd: repoRoot, encoding: "utf8" })
  return tracked
    .split("\n")
    .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => fs.existsSync(path.join(repoRoot, file)))
}

describe("the clients recognise errors by code", () => {
  it("finds comparisons with a message, whatever their form", () => {
    const wrong = [
      `if (error.serverMessage === TWO_FACTOR_EXPIRED_MESSAGE) back()`,
      `if (message === INVOICE_NOT_AVAILABLE_MESSAGE) return key`,
      `const known = RESET_LINK_INVALID_MESSAGE !== failure.message`,
      `return message.endsWith("is too long") ? "tooLong" : null`,
      `if (message.startsWith(MINIMUM_BEFORE)) read()`,
      `const m = /^A ([A-Z]{2}) IBAN has/.exec(message)`,
      `if (field !== "x" && message === imprintFieldLengthMessage(field)) say()`,
      `const ofName = message === productFieldMessages.specificationKeyTooLong`,
    ]
    for (const line of wrong) expect(messageComparisons(line), line).toHaveLength(1)
    const right = [
      `if (error.code === "two_factor_expired") back()`,
      `const minimumTotal = error.params.minimumTotal`,
      `// compared with message === X_MESSAGE once`,
      `return localMessages[message] ?? message`,
      `showToast({ description: error.serverMessage })`,
      `.filter(([name, message]) => typeof message === "string")`,
    ]
    for (const line of right) expect(messageComparisons(line), line).toEqual([])
  })

  it("no storefront or admin source compares an error's message", () => {
    const files = clientSources()
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) =>
      messageComparisons(fs.readFileSync(path.join(repoRoot, file), "utf8")).map((hit) => `${file}:${hit}`),
    )
    expect(found).toEqual([])
  })
})
