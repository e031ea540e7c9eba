import { z } from "zod"
// Core schemas: the form schemas are zod/mini (./forms.ts), the others classic zod.
import type { $ZodType as ZodType } from "zod/v4/core"
import { apiOperations, apiSchemas, type ApiOperation } from "./api-paths.js"

type JsonSchema = Record<string, unknown>

const SCHEMA_PREFIX = "#/components/schemas/"
const SESSION_COOKIE = "enclave.sid"
const STATE_CHANGING = new Set(["post", "put", "delete"])

/** Who may call, as each operation's description says it (the `security` field says it for machines). */
const accessText: Record<ApiOperation["access"], string> = {
  public: "Anyone may call it; no session is needed.",
  customer: "Needs the session cookie of a signed-in user (401 without one).",
  admin: "Admins only: 401 without a session, 403 for a signed-in customer.",
}
const CROSS_ORIGIN_TEXT = "A browser on another origin (per `Origin` or `Sec-Fetch-Site`) gets 403."

/**
 * JSON Schemas of one direction: request bodies are described as a caller writes them
 * (io "input": defaults make fields optional, transforms are skipped), answers as the facade
 * writes them (io "output"). Every named schema is generated, so nested named schemas are refs;
 * the document keeps only those that are reachable.
 */
function components(io: "input" | "output") {
  const registry = z.registry<{ id: string }>()
  const nameOf = new Map<ZodType, string>()
  for (const [name, schema] of Object.entries(apiSchemas)) {
    nameOf.set(schema, name)
    registry.add(schema, { id: name })
  }
  const { schemas: generated } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    uri: (id) => SCHEMA_PREFIX + id,
  }) as { schemas: Record<string, JsonSchema> }
  for (const schema of Object.values(generated)) {
    // Components are parts of one document, not documents of their own.
    delete schema.$schema
    delete schema.$id
  }
  const refOf = (schema: ZodType): JsonSchema => {
    const name = nameOf.get(schema)
    if (name) return { $ref: SCHEMA_PREFIX + name }
    const inline = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema
    delete inline.$schema
    return inline
  }
  return { generated, refOf }
}

/** The component names a piece of the document refers to, directly or through other components. */
function reachable(roots: unknown[], generated: Record<string, JsonSchema>): Set<string> {
  const found = new Set<string>()
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (!value || typeof value !== "object") return
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(SCHEMA_PREFIX)) {
        const name = inner.slice(SCHEMA_PREFIX.length)
        if (!found.has(name)) {
          found.add(name)
          walk(generated[name])
        }
      } else walk(inner)
    }
  }
  roots.forEach(walk)
  return found
}

function renameRefs(value: unknown, rename: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((inner) => renameRefs(inner, rename))
  if (!value || typeof value !== "object") return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(SCHEMA_PREFIX)) {
        const name = inner.slice(SCHEMA_PREFIX.length)
        return [key, SCHEMA_PREFIX + (rename.get(name) ?? name)]
      }
      return [key, renameRefs(inner, rename)]
    }),
  )
}

function pathParameters(operation: ApiOperation, refOf: (schema: ZodType) => JsonSchema) {
  return Object.entries(operation.params ?? {}).map(([name, schema]) => ({
    name,
    in: "path",
    required: true,
    schema: refOf(schema),
  }))
}

function queryParameters(operation: ApiOperation, refOf: (schema: ZodType) => JsonSchema) {
  return Object.entries(operation.query ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    schema: refOf(schema),
  }))
}

/** What chooses the language of an answer that has one (ApiOperation.languageDependent). */
function languageParameters(operation: ApiOperation) {
  if (!operation.languageDependent) return []
  return [
    {
      name: "language",
      in: "cookie",
      required: false,
      description: "The storefront's language choice; wins over Accept-Language when it is en or de",
      schema: { type: "string", enum: ["en", "de"] },
    },
    {
      name: "Accept-Language",
      in: "header",
      required: false,
      description: "German (de, de-DE, …) as the first language asks for German; anything else for English",
      schema: { type: "string" },
    },
  ]
}

/**
 * The OpenAPI 3.1 document of the /api facade, generated from the shared zod contract.
 * A schema that reads differently in the two directions (defaults, transforms) and is used in
 * both is written twice: `<Name>` as answered, `<Name>Input` as sent.
 */
export function buildOpenApiDocument(info: { version?: string } = {}) {
  const requests = components("input")
  const responses = components("output")
  const requestRoots = apiOperations
    .flatMap((op) => [op.body, ...Object.values(op.params ?? {}), ...Object.values(op.query ?? {})].filter((s): s is ZodType => !!s))
    .map(requests.refOf)
  const responseRoots = [
    ...apiOperations.flatMap((op) => [op.response, op.errorSchema].filter((s): s is ZodType => !!s)),
    apiSchemas.ApiError,
  ].map(responses.refOf)
  const sent = reachable(requestRoots, requests.generated)
  const answered = reachable(responseRoots, responses.generated)

  const schemas: Record<string, JsonSchema> = {}
  const rename = new Map<string, string>()
  for (const name of answered) schemas[name] = responses.generated[name]
  for (const name of sent) {
    if (!answered.has(name)) schemas[name] = renameRefs(requests.generated[name], rename) as JsonSchema
    else if (JSON.stringify(requests.generated[name]) !== JSON.stringify(responses.generated[name])) rename.set(name, `${name}Input`)
  }
  for (const [name, renamed] of rename) schemas[renamed] = renameRefs(requests.generated[name], rename) as JsonSchema
  const requestRef = (schema: ZodType) => renameRefs(requests.refOf(schema), rename) as JsonSchema

  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of apiOperations) {
    const status = String(op.status ?? 200)
    const success: Record<string, unknown> = { description: op.response ? "Success" : "Success (answer not described yet)" }
    if (op.response) success.content = { "application/json": { schema: responses.refOf(op.response) } }
    if (op.responseType === "pdf") {
      success.description = "The PDF document, as a file to download"
      success.content = { "application/pdf": { schema: { type: "string", format: "binary" } } }
      success.headers = {
        "Content-Disposition": {
          description: "attachment, with the document's file name",
          schema: { type: "string" },
        },
      }
    }
    if (op.languageDependent) {
      success.headers = {
        "Content-Language": { description: "The language the answer is written in", schema: { type: "string", enum: ["en", "de"] } },
        Vary: { description: "Accept-Language, Cookie: the answer depends on them", schema: { type: "string" } },
        ETag: { description: "A tag of the answer's bytes (so of its language too), for If-None-Match", schema: { type: "string" } },
      }
    }
    const errorSchema = responses.refOf(op.errorSchema ?? apiSchemas.ApiError)
    const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } })
    const answers: Record<string, unknown> = { [status]: success }
    for (const [code, description] of Object.entries(op.errors ?? {})) answers[code] = errorAnswer(description)
    answers["4XX"] = errorAnswer("The request cannot be served: `message` says why, `details.fields` names each invalid field")
    answers["5XX"] = errorAnswer("The shop failed or is restarting: `message` says to try again")

    const operation: Record<string, unknown> = {
      operationId: `${op.method}${op.path
        .replace(/^\/api/, "")
        .replace(/[{}]/g, "")
        .replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ""))}`,
      summary: op.summary,
      description: [op.description, accessText[op.access], STATE_CHANGING.has(op.method) ? CROSS_ORIGIN_TEXT : ""]
        .filter(Boolean)
        .join(" "),
      tags: [op.access === "admin" ? "admin" : (op.path.split("/")[2]?.replace(/\..*$/, "") ?? "api")],
      responses: answers,
    }
    const parameters = [...pathParameters(op, requestRef), ...queryParameters(op, requestRef), ...languageParameters(op)]
    if (parameters.length) operation.parameters = parameters
    if (op.body) {
      const type = op.bodyType === "multipart" ? "multipart/form-data" : "application/json"
      operation.requestBody = { required: true, content: { [type]: { schema: requestRef(op.body) } } }
    }
    // An empty list says "no credentials needed": without it the document-wide default would apply.
    operation.security = op.access === "public" ? [] : [{ session: [] }]
    if (op.access === "admin") operation["x-access"] = "admin"
    paths[op.path] ??= {}
    paths[op.path][op.method] = operation
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Enclave shop API",
      version: info.version ?? "1.0.0",
      description:
        "The /api facade of the Enclave shop. Every call sends credentials (the session cookie). " +
        "Errors answer `{ message, details? }` (`ApiError`); the calls that reach a payment provider add `error` " +
        "and, when money was taken but no order made, `paymentReceived` (`PaymentError`). Prices are decimal strings in euros.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    // The API lives on the shop's one origin, wherever that is deployed: paths start with /api.
    servers: [{ url: "/", description: "The shop's own origin (the storefront's, e.g. http://localhost:8000)" }],
    security: [{ session: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
