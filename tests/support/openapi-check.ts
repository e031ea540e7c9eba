/**
 * Checks real /api answers against the OpenAPI document the shop serves, as a validating proxy
 * in front of the shop would: the answer's status must be one its operation lists (a 4xx by its
 * own status, never a range; a 5xx by its status or 5XX) and its JSON body must match that
 * answer's schema (JSON Schema 2020-12, OpenAPI 3.1's dialect).
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js"
import { apiPathOf } from "@enclave/contract"
import { ApiClient, type Json } from "./api.ts"
import { repoRoot } from "./shop.ts"

const DOCUMENT_ID = "https://enclave.invalid/api/openapi.json"

export interface ServedDocument {
  text: string
  document: Json
  /** What is wrong with an answer of `METHOD /api/...{param}` (empty when it agrees with the document). */
  problemsWith(method: string, template: string, answer: { status: number; body: unknown }): string[]
  /**
   * What is wrong with the answer to a request as it was sent (its raw path, query and all): the
   * operation the path reaches judges it; a path no operation has must answer the JSON 404, a method
   * its path does not serve the JSON 405 (the document's description says both).
   */
  problemsWithRequest(method: string, requestPath: string, answer: { status: number; body: unknown }): string[]
}

/** JSON Pointer escaping (RFC 6901). */
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")

export async function servedDocument(baseUrl?: string): Promise<ServedDocument> {
  const answer = await new ApiClient(baseUrl).request("GET", "/api/openapi.json")
  if (answer.status !== 200) throw new Error(`GET /api/openapi.json answered ${answer.status}`)
  return documentChecker(answer.body)
}

/** The checks of `servedDocument` over a document at hand. */
export function documentChecker(document: Json): ServedDocument {
  // Formats (date-time, binary) are documentation here; what a proxy refuses is shape and fields.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema({ ...document, $id: DOCUMENT_ID })
  const compiled = new Map<string, ValidateFunction>()

  const validateAt = (schemaAt: string, body: unknown, what: string): string[] => {
    let validate = compiled.get(schemaAt)
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${schemaAt}` })
      compiled.set(schemaAt, validate)
    }
    if (validate(body)) return []
    return (validate.errors ?? []).map((e) => `${what}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`)
  }

  const checker: ServedDocument = {
    text: JSON.stringify(document),
    document,
    problemsWith(method, template, { status, body }) {
      const operation = document.paths?.[template]?.[method.toLowerCase()]
      if (!operation) return [`${method} ${template} is not in the document`]
      // A 4xx must be listed by its own status: a range or a default would let any drift through.
      const key = [String(status), ...(status >= 500 ? ["5XX"] : [])].find((k) => operation.responses[k])
      if (!key) return [`${method} ${template}: status ${status} is not one the document lists`]
      const schemaAt = pointer("paths", template, method.toLowerCase(), "responses", key, "content", "application/json", "schema")
      if (!operation.responses[key].content?.["application/json"]?.schema) {
        return body === undefined || body === "" ? [] : [`${method} ${template} ${status}: a body where the document declares none`]
      }
      return validateAt(schemaAt, body, `${method} ${template} ${status}`)
    },
    problemsWithRequest(method, requestPath, answer) {
      const path = requestPath.split("?")[0]
      const reached = apiPathOf(path)
      if (reached && (reached.methods as string[]).includes(method.toLowerCase()))
        return checker.problemsWith(method, reached.template, answer)
      const expected = reached ? 405 : 404
      // Express decodes the path and the JSON parser reads the body before the facade looks the path up:
      // an address that does not decode, or a body the parser refuses, is answered so first (as the document says).
      if (![expected, 400, 413, 415].includes(answer.status))
        return [
          `${method} ${path}: ${answer.status}, where a ${reached ? "method the path does not serve" : "path no operation has"} is a ${expected}`,
        ]
      return validateAt(pointer("components", "schemas", "ApiError"), answer.body, `${method} ${path} ${answer.status}`)
    },
  }
  return checker
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
