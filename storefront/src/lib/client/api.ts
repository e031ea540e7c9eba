/**
 * The browser's calls to the /api facade (SPEC §7): cookies always sent, a JSON body only when there
 * is one, and every answer that is not ok turned into an ApiRequestError (SPEC §8).
 */
export class ApiRequestError extends Error {
  override name = "ApiRequestError"
  constructor(
    readonly status: number,
    /** The server's message (or the status text): what a toast shows. */
    readonly serverMessage: string,
    readonly details: unknown = "",
    readonly body: Record<string, unknown> = {},
  ) {
    // SPEC §8: errors read '{status}: {message}'.
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
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!res.ok) {
    if (json && typeof json === "object") {
      const { message, details, ...rest } = json as { message?: string; details?: unknown }
      throw new ApiRequestError(res.status, message || res.statusText, details ?? "", rest)
    }
    throw new ApiRequestError(res.status, text || res.statusText)
  }
  return json as T
}

export const api = {
  get: <T>(path: string) => apiRequest<T>("GET", path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
}
