/**
 * One /api request with the headers exactly as given, Host included: fetch sets its own Host and
 * refuses some headers, and ApiClient adds the shop's Origin and cookies. The answer's text is kept
 * as sent, for tests that judge it byte by byte.
 */
import http from "node:http"

export interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** Host is the base address's unless `headers` name another; `body` goes as JSON (Content-Type application/json unless `headers` name another). */
export function sendRaw(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<RawAnswer> {
  const target = new URL(base)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path,
        method,
        headers: { host: target.host, accept: "application/json", ...(payload ? { "content-type": "application/json" } : {}), ...headers },
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (chunk) => (text += chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
        res.on("error", reject)
      },
    )
    request.on("error", reject)
    request.end(payload)
  })
}
