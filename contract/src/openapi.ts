import { z } from "zod"
// Core schemas: the form schemas are zod/mini (./forms.ts), the others classic zod.
import type { $ZodType as ZodType } from "zod/v4/core"
import { apiOperations, apiSchemas, errorAnswersOf, ORIGIN_RULE_TEXT, type ApiOperation } from "./api-paths.js"
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MINUTES, SANDBOX_CARD_PAYMENT_PREFIX, SESSION_COOKIE } from "./values.js"

type JsonSchema = Record<string, unknown>

const SCHEMA_PREFIX = "#/components/schemas/"
const STATE_CHANGING = new Set(["post", "put", "delete"])

/** Who may call, as each operation's description says it (the `security` field says it for machines). */
const accessText: Record<ApiOperation["access"], string> = {
  public: "Anyone may call it; no session is needed.",
  customer: "Needs the session cookie of a signed-in user (401 without one).",
  admin: "Admins only: 401 without a session, 403 for a signed-in customer.",
}
const CHANGE_TEXT =
  "A change: with the session cookie it must send the shop's own `Origin` (or `Sec-Fetch-Site: same-origin`), and another origin is refused (403)."

/** What the document says once for every call (info.description), in Markdown. */
const DOCUMENT_TEXT = [
  "The /api facade of the Enclave shop. Prices are decimal strings in euros.",
  `**Sessions.** POST /api/login (or /api/register) sets the session cookie \`${SESSION_COOKIE}\`; every call sends it back ` +
    "(a browser does so by itself; another client keeps it as a cookie jar would). A session is renewed now and then by a " +
    "`Set-Cookie` on any answer. With two-factor sign-in on, POST /api/login answers `{twoFactorRequired: true}` and sets " +
    `\`${PENDING_SIGN_IN_COOKIE}\` instead (Path=/api/login, ${PENDING_SIGN_IN_MINUTES} minutes): POST /api/login/two-factor sends it back with a code.`,
  `**Changes need the shop's own origin.** ${ORIGIN_RULE_TEXT}`,
  "**Errors** answer `{ message, code, params?, details? }` (`ApiError`): `code` says what was refused and stays when the " +
    "message is reworded, `params` holds the values the message has in it. The calls that reach a payment provider add `error` and, when money " +
    "was taken but no order made, `paymentReceived` and `paymentId` (`PaymentError`). Each operation lists every 4xx it " +
    "answers. Any call may answer 400 for a Host the shop does not serve and 431 when its address or cookies exceed 16 kB. " +
    "A path no operation has answers a JSON 404 (`No API call …`), a method a path does not serve a JSON 405 with an `Allow` " +
    "header (`details.allowed`), unless the request is refused before its path is looked up: an address that does not " +
    "decode (400), or a body the JSON parser refuses (400, 413, 415). OPTIONS answers 204 with the path's `Allow` list.",
  "**5XX**: 500 is a fault of the shop (its message says to try again); 502 when the shop's server does not answer the " +
    "front door, or a payment provider failed (the payment calls); 503 while the server restarts (with `Retry-After`).",
  `**Test payments.** While an admin has them on, POST /api/orders takes the sandbox card: \`paymentMethod: "stripe"\` with a ` +
    `\`paymentId\` of \`${SANDBOX_CARD_PAYMENT_PREFIX}\` and 16 hex digits, a new one for every order (see POST /api/orders).`,
].join("\n\n")

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

function headerParameters(operation: ApiOperation, refOf: (schema: ZodType) => JsonSchema) {
  return Object.entries(operation.headers ?? {}).map(([name, schema]) => ({
    name,
    in: "header",
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
    .flatMap((op) =>
      [op.body, ...Object.values(op.params ?? {}), ...Object.values(op.query ?? {}), ...Object.values(op.headers ?? {})].filter(
        (s): s is ZodType => !!s,
      ),
    )
    .map(requests.refOf)
  const responseRoots = [
    ...apiOperations.flatMap((op) => [op.response, op.errorSchema, ...[...errorAnswersOf(op).values()].map((answer) => answer.schema)]),
    apiSchemas.ApiError,
  ]
    .filter((s): s is ZodType => !!s)
    .map(responses.refOf)
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
    if (op.setsCookie) {
      success.headers = { ...(success.headers as object), "Set-Cookie": { description: op.setsCookie, schema: { type: "string" } } }
    }
    if (op.method === "get") {
      // Express tags every GET answer (the catalogue its own way) and answers a matching If-None-Match with 304.
      success.headers = {
        ETag: { description: "A tag of the answer's bytes, for If-None-Match", schema: { type: "string" } },
        ...(success.headers as object),
      }
    }
    const errorSchema = op.errorSchema ?? apiSchemas.ApiError
    const answers: Record<string, unknown> = { [status]: success }
    if (op.method === "get") answers["304"] = { description: "Not modified: `If-None-Match` names the answer's current ETag; no body" }
    // Every 4xx the call answers, each by its status, so a validating proxy refuses any other.
    for (const [code, answer] of errorAnswersOf(op)) {
      const media: Record<string, unknown> = { schema: responses.refOf(answer.schema ?? errorSchema) }
      if (answer.examples) media.examples = answer.examples
      answers[code] = { description: answer.description, content: { "application/json": media } }
    }
    answers["5XX"] = {
      description: "The shop failed (500), its server does not answer (502) or is restarting (503): `message` says to try again",
      content: { "application/json": { schema: responses.refOf(errorSchema) } },
    }

    const operation: Record<string, unknown> = {
      operationId: `${op.method}${op.path
        .replace(/^\/api/, "")
        .replace(/[{}]/g, "")
        .replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ""))}`,
      summary: op.summary,
      description: [op.description, accessText[op.access], STATE_CHANGING.has(op.method) ? CHANGE_TEXT : ""].filter(Boolean).join(" "),
      tags: [op.access === "admin" ? "admin" : (op.path.split("/")[2]?.replace(/\..*$/, "") ?? "api")],
      responses: answers,
    }
    const parameters = [
      ...pathParameters(op, requestRef),
      ...queryParameters(op, requestRef),
      ...headerParameters(op, requestRef),
      ...languageParameters(op),
    ]
    if (parameters.length) operation.parameters = parameters
    if (op.body) {
      const type = op.bodyType === "multipart" ? "multipart/form-data" : "application/json"
      const media: Record<string, unknown> = { schema: requestRef(op.body) }
      if (op.requestExamples) media.examples = op.requestExamples
      operation.requestBody = { required: true, content: { [type]: media } }
    }
    // An empty list says "no credentials needed": without it the document-wide default would apply.
    operation.security = op.pendingSignIn ? [{ pendingSignIn: [] }] : op.access === "public" ? [] : [{ session: [] }]
    if (op.access === "admin") operation["x-access"] = "admin"
    paths[op.path] ??= {}
    paths[op.path][op.method] = operation
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Enclave shop API",
      version: info.version ?? "1.0.0",
      description: DOCUMENT_TEXT,
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    // The API lives on the shop's one origin, wherever that is deployed: paths start with /api.
    servers: [{ url: "/", description: "The shop's own origin (the storefront's, e.g. http://localhost:8000)" }],
    security: [{ session: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session of a signed-in user, set by POST /api/login, /api/register and /api/login/two-factor",
        },
        pendingSignIn: {
          type: "apiKey",
          in: "cookie",
          name: PENDING_SIGN_IN_COOKIE,
          description:
            `A sign-in whose password was right and whose two-factor code is due: set by POST /api/login with its ` +
            `\`{twoFactorRequired: true}\` answer (HttpOnly, SameSite=Strict, Path=/api/login), valid ${PENDING_SIGN_IN_MINUTES} minutes`,
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
