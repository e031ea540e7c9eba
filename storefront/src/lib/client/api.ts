/**
 * The browser's calls to the /api facade (docs/product.md §7): cookies always sent, a JSON body only when there
 * is one, and every answer that is not ok turned into an ApiRequestError (docs/product.md §8), read the way the
 * admin reads it (@enclave/contract/http-errors).
 */
import { readFailedAnswer } from "@enclave/contract/http-errors"

export class ApiRequestError extends Error {
  override name = "ApiRequestError"
  constructor(
    readonly status: number,
    /** The server's message (or the status text): what a toast shows. */
    readonly serverMessage: string,
    readonly details: unknown = "",
    readonly body: Record<string, unknown> = {},
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

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include", headers: { accept: "application/json" } }
  if (body !== undefined) {
    init.headers = { ...init.headers, "content-type": "application/json" }
    init.body = JSON.stringify(body)
  }
  const res = await fetch(path, init)
  const text = await res.text()
  if (!res.ok) {
    const failed = readFailedAnswer(text, res.statusText)
    throw new ApiRequestError(res.status, failed.message, failed.details, failed.fields)
  }
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return json as T
}

export const api = {
  get: <T>(path: string) => apiRequest<T>("GET", path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
}
