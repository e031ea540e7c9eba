/**
 * How the storefront's server asks the /api facade: the base address, a GET validated with the contract's
 * schema (as the visitor's browser, with its cookies, when the page acts for one), and the catalogue's GET
 * that revalidates a kept answer and records it as a dependency of the page being rendered (page-cache.ts).
 * The paths come from ../api-routes.ts, which a test checks against the contract's apiOperations.
 *
 * The base address comes from ENCLAVE_API_URL, read at call time so the same build runs against any backend.
 */
import type { z } from "zod"
import type { Language } from "@enclave/contract/i18n"
import { readFailedAnswer } from "@enclave/contract/http-errors"
import { ApiRequestError } from "../client/api"
import { routePath, type ApiRoute, type RouteParams } from "../api-routes"
import { answerRevalidatedInThisRequest, catalogueHeaders, keepAnswer, keptAnswer, recordDependency } from "./catalogue-answers"

const DEFAULT_API_URL = "http://127.0.0.1:9000"

/** A page must not hang on a stuck backend: give up and show the "unavailable" state instead. */
const REQUEST_TIMEOUT_MS = 10_000

/**
 * The facade could not be asked or answered something we cannot use (network failure, timeout,
 * an unexpected status, a body that is not JSON or does not match the contract). Pages show their
 * "temporarily unavailable" state and answer 503 for it.
 */
export class FacadeApiError extends Error {
  override name = "FacadeApiError"
  constructor(
    message: string,
    /** The HTTP status the API answered, when it answered at all. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export function apiBaseUrl(): string {
  return (process.env.ENCLAVE_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, "")
}

/**
 * GET a path of the facade and validate the JSON body with the contract's schema; with `headers`
 * (a browser's forwarded cookies) it asks as that browser. Returns null for a 404 when
 * `allowNotFound` is set; throws FacadeApiError for everything else that is not ok.
 */
export async function getJson<T>(
  path: string,
  schema: z.ZodType<T>,
  allowNotFound: true,
  headers?: Record<string, string>,
): Promise<T | null>
export async function getJson<T>(path: string, schema: z.ZodType<T>, allowNotFound?: false, headers?: Record<string, string>): Promise<T>
export async function getJson<T>(
  path: string,
  schema: z.ZodType<T>,
  allowNotFound = false,
  headers: Record<string, string> = { accept: "application/json" },
): Promise<T | null> {
  const url = `${apiBaseUrl()}${path}`
  const response = await fetchFacade(url, headers)
  if (response.status === 404 && allowNotFound) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel()
    return null
  }
  return parseAnswer(url, response, schema)
}

async function fetchFacade(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, {
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (cause) {
    // undici reports "fetch failed" and keeps the real reason (ECONNREFUSED, a timeout …) in `cause`.
    const inner = cause instanceof Error && cause.cause instanceof Error ? `: ${cause.cause.message}` : ""
    const reason = cause instanceof Error ? `${cause.message}${inner}` : String(cause)
    throw new FacadeApiError(`GET ${url} failed: ${reason}`, undefined, { cause })
  }
}

async function parseAnswer<T>(url: string, response: Response, schema: z.ZodType<T>): Promise<T> {
  if (!response.ok) {
    const text = await response.text().catch(() => "")
    throw new FacadeApiError(
      `GET ${url} answered ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ""}`,
      response.status,
    )
  }

  let body: unknown
  try {
    body = await response.json()
  } catch (cause) {
    throw new FacadeApiError(`GET ${url} answered a body that is not JSON`, response.status, { cause })
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new FacadeApiError(
      `GET ${url} answered a body that does not match the contract: ${describeIssues(parsed.error.issues)}`,
      response.status,
      { cause: parsed.error },
    )
  }
  return parsed.data
}

/**
 * GET a public catalogue path, revalidating the copy kept from the last answer (If-None-Match; a 304
 * reuses it without parsing), and note it as a dependency of the page being rendered (the page cache
 * keeps the page's HTML only as long as these answers stay the same). Asked without cookies: the
 * answer is the same for everyone who reads the same language, which is asked for explicitly (the
 * product answers are written in it; the others are the same in both).
 */
export async function getCatalogueJson<T>(
  path: string,
  schema: z.ZodType<T>,
  allowNotFound: boolean,
  language: Language = "en",
): Promise<T | null> {
  const checked = answerRevalidatedInThisRequest(path, language)
  if (checked) {
    recordDependency(path, language, checked.etag)
    return checked.body as T
  }
  const kept = keptAnswer(path, language)
  const url = `${apiBaseUrl()}${path}`
  const response = await fetchFacade(url, catalogueHeaders(language, kept?.etag))
  if (response.status === 304 && kept) {
    recordDependency(path, language, kept.etag)
    return kept.body as T
  }
  if (response.status === 404 && allowNotFound) {
    await response.body?.cancel()
    recordDependency(path, language, null)
    return null
  }
  const etag = response.headers.get("etag")
  const body = await parseAnswer(url, response, schema)
  if (etag) keepAnswer(path, language, { etag, body })
  recordDependency(path, language, etag)
  return body
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
  return shown.join("; ") + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : "")
}

/** The request's cookies, forwarded as they came: the facade's session cookie is among them. */
export function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" }
  const cookie = request.headers.get("cookie")
  if (cookie) headers.cookie = cookie
  return headers
}

/** GET a route as the browser that sent `request` (its cookies), answering the Response as it came. */
export async function getAsBrowser(request: Request, route: ApiRoute, params?: RouteParams): Promise<Response> {
  return fetchFacade(`${apiBaseUrl()}${routePath(route, params)}`, forwardedHeaders(request))
}

/** A change (DELETE, POST …) as the browser that sent `request`; the answer's body is not read. */
export async function sendAsBrowser(request: Request, route: ApiRoute, params?: RouteParams): Promise<Response> {
  const url = `${apiBaseUrl()}${routePath(route, params)}`
  const response = await fetch(url, {
    method: route.slice(0, route.indexOf(" ")),
    // The shop's own server acting for its page, so it says so as the page would: a change that
    // carries the session cookie without an Origin is refused (http/same-origin.ts of the facade).
    headers: { ...forwardedHeaders(request), origin: new URL(url).origin },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  await response.body?.cancel()
  return response
}

/** The facade's answer to a form the page sent on: its status and text, and the cookies it set for the browser. */
export interface FormAnswer {
  /** A 2xx status. */
  ok: boolean
  status: number
  text: string
  /** Set-Cookie headers the page hands on to the browser (a sign-in's session). */
  setCookies: string[]
  statusText: string
}

/**
 * A change with a JSON body, sent as the browser whose form the page received (its cookies, its address
 * as the front door wrote it, the shop's origin): the forms that work without JavaScript make the same
 * /api call the islands make. A facade that cannot be reached answers 503.
 */
export async function sendFormAsBrowser(request: Request, route: ApiRoute, body?: unknown, params?: RouteParams): Promise<FormAnswer> {
  const url = `${apiBaseUrl()}${routePath(route, params)}`
  const headers: Record<string, string> = { ...forwardedHeaders(request), origin: new URL(url).origin }
  if (body !== undefined) headers["content-type"] = "application/json"
  // The facade's per-address limits and locks count the visitor, not this server.
  const forwardedFor = request.headers.get("x-forwarded-for")
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor
  try {
    const response = await fetch(url, {
      method: route.slice(0, route.indexOf(" ")),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    return {
      ok: response.ok,
      status: response.status,
      text: await response.text(),
      setCookies: response.headers.getSetCookie(),
      statusText: response.statusText,
    }
  } catch {
    return { ok: false, status: 503, text: "", setCookies: [], statusText: "Service Unavailable" }
  }
}

/** The answer's JSON object, or an empty one when its body is none (the change happened all the same). */
export function answerBody(answer: FormAnswer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(answer.text)
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** A posted form's text field, cut to `max` characters; "" when it is missing or a file. */
export function postedText(form: FormData | null, name: string, max = 1_000): string {
  const value = form?.get(name)
  return typeof value === "string" ? value.slice(0, max) : ""
}

/** The facade's refusal as the islands hold one, so a form's round trip says what an island's call would. */
export function refusalOfAnswer(answer: FormAnswer): ApiRequestError {
  const failed = readFailedAnswer(answer.text, answer.statusText, answer.status)
  return new ApiRequestError(answer.status, failed.message, failed.details, failed.fields, failed.code, failed.params)
}
