/**
 * How the browser asks the /api facade (docs/product.md §7): cookies always sent, a JSON body only when there
 * is one, and every answer that is not ok turned into an ApiRequestError (docs/product.md §8), read the way the
 * admin reads it (@enclave/contract/http-errors). The calls themselves, one function each, are ./calls.ts.
 */
import { errorCodeForStatus, readFailedAnswer, type ErrorCode } from "@enclave/contract/http-errors"
import { routeMethod, routePath, type ApiRoute, type RouteParams } from "../api-routes"

export class ApiRequestError extends Error {
  override name = "ApiRequestError"
  constructor(
    readonly status: number,
    /** The server's message (or the status text): what a toast shows. */
    readonly serverMessage: string,
    readonly details: unknown = "",
    readonly body: Record<string, unknown> = {},
    /** What was refused (docs/product.md §8): the pages choose what to say by it, never by the message. */
    readonly code: ErrorCode = errorCodeForStatus(status),
    /** The values the message has in it, by name. */
    readonly params: Record<string, unknown> = {},
  ) {
    // docs/product.md §8: errors read '{status}: {message}'.
    super(`${status}: ${serverMessage}`)
  }

  /** Field → message, when the server named failing fields (validation errors). */
  get fields(): Record<string, string> {
    const details = this.details as { fields?: Record<string, string> } | null
    return details && typeof details === "object" && details.fields ? details.fields : {}
  }
}

/**
 * An answer that is ok but not what the contract promises: the islands show it as any failed request (its
 * message in the error line or toast) instead of acting on it or breaking the page.
 */
export const MALFORMED_ANSWER_MESSAGE = "The shop sent an answer that could not be read. Please try again."

/** The check of an answer could not be loaded: the customer is asked to try again rather than act on it unchecked. */
export const UNCHECKED_ANSWER_MESSAGE = "The shop could not be reached. Please check your connection and try again."

/** What a check of an answer needs (the zod/mini schemas of @enclave/contract/answers are such checks). */
export interface AnswerCheck {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { path: PropertyKey[]; message: string }[] } }
}

export interface CallOptions {
  body?: unknown
  /** Query parameters of a GET; those null or undefined are left out. */
  query?: Record<string, string | number | null | undefined>
  /**
   * When given, the answer must pass the check it loads (the answers the islands decide on). Loaded, not
   * imported: the checks' code is fetched beside the request, not with every page (the budget: ≤ 90 KB gzip of
   * JavaScript before interaction).
   */
  answer?: () => Promise<AnswerCheck>
}

/** Asks one route of the facade: `callApi(apiRoutes.cartItemUpdate, { body }, { itemId: 4 })`. */
export async function callApi<T>(route: ApiRoute, options: CallOptions = {}, params?: RouteParams): Promise<T> {
  const init: RequestInit = { method: routeMethod(route), credentials: "include", headers: { accept: "application/json" } }
  if (options.body !== undefined) {
    init.headers = { ...init.headers, "content-type": "application/json" }
    init.body = JSON.stringify(options.body)
  }
  const check = options.answer?.()
  // Not left unhandled while the request runs; a failed load is reported below, when the check is needed.
  check?.catch(() => undefined)
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(options.query ?? {}))
    if (value !== null && value !== undefined) search.set(name, String(value))
  const res = await fetch(search.size ? `${routePath(route, params)}?${search}` : routePath(route, params), init)
  const text = await res.text()
  if (!res.ok) {
    const failed = readFailedAnswer(text, res.statusText, res.status)
    throw new ApiRequestError(res.status, failed.message, failed.details, failed.fields, failed.code, failed.params)
  }
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (check) {
    let answerCheck: AnswerCheck
    try {
      answerCheck = await check
    } catch {
      // Its code could not be fetched (the connection dropped): nothing unchecked is acted on.
      throw new ApiRequestError(503, UNCHECKED_ANSWER_MESSAGE)
    }
    const checked = answerCheck.safeParse(json)
    if (!checked.success) {
      const issues = checked.error?.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      // For whoever looks into it: the customer sees the plain message.
      console.error(`[enclave] ${route} answered something the contract does not allow: ${issues?.join("; ")}`)
      // 502, as a gateway says of an upstream answer it cannot use: never mistaken for the facade's own refusals.
      throw new ApiRequestError(502, MALFORMED_ANSWER_MESSAGE)
    }
  }
  return json as T
}
