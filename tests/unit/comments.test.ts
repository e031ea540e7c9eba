/**
 * Comments and test titles say why, not which ticket asked: a tracker's number means nothing to a reader
 * without the tracker, and stays in the code long after the ticket is closed. Every tracked code file's
 * comments and every test's title are read here, and one that cites an issue ("issue" and its number)
 * fails with the file and line. Measured figures belong in docs/architecture.md or bench/results.md, not
 * here either, but those a test cannot tell from a reason.
 *
 * TypeScript and JavaScript are read with TypeScript's own parser, so a string or a regular expression
 * that looks like a comment is none; .astro files (their frontmatter, markup comments and {/* … *\/}),
 * CSS, shell scripts and YAML by their comment syntax.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { repoRoot } from "../support/shop.ts"

/** "issue" or "issues" and a number after it (a space or a hyphen between, a # allowed). */
const CITES_ISSUE = /\bissues?(?:\s+|-)#?\d+/i

const SCRIPT = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/
const CODE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|astro|css|sh|yml|yaml)$/

interface Text {
  /** 1-based line of the text's start in its file. */
  line: number
  text: string
}

function trackedCodeFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  return listed
    .split("\0")
    .filter((file) => CODE.test(file) && !file.split("/").some((part) => part === "node_modules" || part === ".medusa"))
    .filter((file) => fs.existsSync(path.join(repoRoot, file)))
}

function lineOf(source: string, offset: number): number {
  let line = 1
  for (let i = source.indexOf("\n"); i !== -1 && i < offset; i = source.indexOf("\n", i + 1)) line++
  return line
}

const TEST_CALLS = new Set(["describe", "it", "test"])

/** The name a call is made by, through `.skip`, `.each(…)` and the like: `describe`, `it`, `test` or another. */
function calleeRoot(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text
  if (ts.isPropertyAccessExpression(expression)) return calleeRoot(expression.expression)
  if (ts.isCallExpression(expression)) return calleeRoot(expression.expression)
  return undefined
}

/** The comments of a TypeScript or JavaScript file, and the titles of its describe/it/test calls. */
function scriptTexts(file: string, source: string): Text[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const seen = new Set<number>()
  const texts: Text[] = []
  const addComments = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue
      seen.add(range.pos)
      texts.push({ line: lineOf(source, range.pos), text: source.slice(range.pos, range.end) })
    }
  }
  const visit = (node: ts.Node) => {
    addComments(ts.getLeadingCommentRanges(source, node.pos))
    addComments(ts.getTrailingCommentRanges(source, node.end))
    // `{/* … */}` in JSX: an expression container that holds only a comment.
    if (ts.isJsxExpression(node) && !node.expression) {
      texts.push({ line: lineOf(source, node.getStart(sourceFile)), text: node.getText(sourceFile) })
    }
    if (ts.isCallExpression(node) && TEST_CALLS.has(calleeRoot(node.expression) ?? "")) {
      const title = node.arguments[0]
      if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title) || ts.isTemplateExpression(title))) {
        texts.push({ line: lineOf(source, title.getStart(sourceFile)), text: title.getText(sourceFile) })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  // Comments after the last token (the end-of-file token's leading trivia).
  addComments(ts.getLeadingCommentRanges(source, sourceFile.endOfFileToken.pos))
  return texts
}

/** The comments of a file by its comment syntax. */
function commentTexts(file: string, source: string): Text[] {
  const patterns: RegExp[] = file.endsWith(".css")
    ? [/\/\*[\s\S]*?\*\//g]
    : file.endsWith(".astro")
      ? [/\/\*[\s\S]*?\*\//g, /<!--[\s\S]*?-->/g, /(?:^|[\s;{}(),])\/\/[^\n]*/g]
      : [/(?:^|\s)#[^\n]*/g]
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => ({ line: lineOf(source, match.index), text: match[0] })),
  )
}

/** "file:line: text" for every comment or test title of the file that cites an issue. */
function citations(file: string): string[] {
  const source = fs.readFileSync(path.join(repoRoot, file), "utf8")
  const texts = SCRIPT.test(file) ? scriptTexts(file, source) : commentTexts(file, source)
  return texts.flatMap(({ line, text }) =>
    text.split("\n").flatMap((part, i) => (CITES_ISSUE.test(part) ? [`${file}:${line + i}: ${part.trim()}`] : [])),
  )
}

describe("comments and test titles", () => {
  it("finds a cited issue where it is, and nothing in code or strings", () => {
    const sample = [
      "// Checked twice (Issue 12: the racing adds).",
      "const url = 'https://example.org/issue 3' // a URL in a string is code",
      "const pattern = /issue 4/",
      "/**",
      " * Shared code once (issues 15 and 16).",
      " */",
      'describe("the cart (issue-7)", () => {})',
      "const label = <p>{/* see issue #9 */}</p>",
      "export const order = `#2 (issue 5)`",
    ].join("\n")
    const found = scriptTexts("sample.tsx", sample)
      .filter(({ text }) => CITES_ISSUE.test(text))
      .map(({ line }) => line)
    expect(found).toEqual([1, 4, 7, 8])
  })

  it("cite no issue by its number in any tracked code file: they say the reason instead", () => {
    const files = trackedCodeFiles()
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap(citations)).toEqual([])
  })
})
