export function shopUrl(): string {
  const url = process.env.ENCLAVE_URL
  if (!url) throw new Error("ENCLAVE_URL is not set: run the tests through npm test, or let the global setup start a shop")
  return url
}

/**
 * What Chromium marks every request of the shop's own pages with. Playwright's API clients
 * (page.request, request.newContext) stand in for those pages and send it too: the facade refuses
 * a change that carries the session cookie but neither this nor the shop's Origin.
 */
export const SAME_ORIGIN_HEADERS: Record<string, string> = { "sec-fetch-site": "same-origin" }
