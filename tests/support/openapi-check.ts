/**
 * Checks real /api answers against the OpenAPI document the shop serves, as a validating proxy
 * in front of the shop would: the answer's status must be declared for its operation and its
 * JSON body must match that answer's schema (JSON Schema 2020-12, OpenAPI 3.1's dialect).
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js"
import { ApiClient, type Json } from "./api.ts"
import { repoRoot } from "./shop.ts"

const DOCUMENT_ID = "https://enclave.invalid/api/openapi.json"

export interface ServedDocument {
  text: string
  document: Json
  /** What is wrong with an answer of `METHOD /api/...{param}` (empty when it agrees with the document). */
  problemsWith(method: string, template: string, answer: { status: number; body: unknown }): string[]
}

/** JSON Pointer escaping (RFC 6901). */
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")

export async function servedDocument(baseUrl?: string): Promise<ServedDocument> {
  const answer = await new ApiClient(baseUrl).request("GET", "/api/openapi.json")
  if (answer.status !== 200) throw new Error(`GET /api/openapi.json answered ${answer.status}`)
  const document = answer.body
  // Formats (date-time, binary) are documentation here; what a proxy refuses is shape and fields.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema({ ...document, $id: DOCUMENT_ID })
  const compiled = new Map<string, ValidateFunction>()

  return {
    text: JSON.stringify(document),
    document,
    problemsWith(method, template, { status, body }) {
      const operation = document.paths?.[template]?.[method.toLowerCase()]
      if (!operation) return [`${method} ${template} is not in the document`]
      const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => operation.responses[k])
      if (!key) return [`${method} ${template}: status ${status} is not declared`]
      const schemaAt = pointer("paths", template, method.toLowerCase(), "responses", key, "content", "application/json", "schema")
      if (!operation.responses[key].content?.["application/json"]?.schema) {
        return body === undefined || body === "" ? [] : [`${method} ${template} ${status}: a body where the document declares none`]
      }
      let validate = compiled.get(schemaAt)
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${schemaAt}` })
        compiled.set(schemaAt, validate)
      }
      if (validate(body)) return []
      return (validate.errors ?? []).map(
        (e) => `${method} ${template} ${status}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`,
      )
    },
  }
}

export interface LintResult {
  errors: number
  warnings: number
  /** Each problem as `severity rule: message (where)`. */
  problems: string[]
}

/**
 * `redocly lint` with its recommended rules over a document's text: run from a directory of its
 * own (no redocly.yaml can change the rules), telemetry and update checks off, nothing fetched.
 * Asynchronous: a blocked event loop would miss the shop closing idle kept-alive connections.
 */
export async function redoclyLint(text: string): Promise<LintResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-openapi-"))
  try {
    const file = path.join(dir, "openapi.json")
    fs.writeFileSync(file, text)
    // Exits non-zero when it finds errors: the report on stdout says which.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        path.join(repoRoot, "node_modules", ".bin", "redocly"),
        ["lint", "--extends=recommended", "--format=json", file],
        {
          cwd: dir,
          encoding: "utf8",
          timeout: 120_000,
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
        },
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
      )
    })
    const start = run.stdout.indexOf("{")
    if (start < 0) throw new Error(`redocly lint printed no report (exit ${run.status}): ${run.stderr}`)
    const report = JSON.parse(run.stdout.slice(start)) as {
      totals: { errors: number; warnings: number }
      problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[]
    }
    return {
      errors: report.totals.errors,
      warnings: report.totals.warnings,
      problems: report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ""})`),
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
