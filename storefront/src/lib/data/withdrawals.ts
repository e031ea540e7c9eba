/**
 * The withdrawal page's one write (/withdraw): the statement, posted to the facade from the
 * storefront's server as the visitor's browser (its cookies, its address as the front door wrote it), so
 * the page works without JavaScript.
 */
import { withdrawalRefusals, withdrawalSchema, type Withdrawal, type WithdrawalRefusal } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { apiBaseUrl, forwardedHeaders } from "./http"

export interface WithdrawalStatement {
  orderId: number
  name: string
  email?: string
  items?: Array<{ itemId: number; quantity: number }>
  language: "en" | "de"
}

export type WithdrawalOutcome =
  | { state: "done"; withdrawal: Withdrawal; repeated: boolean }
  | { state: "refused"; code: WithdrawalRefusal | "busy"; lastDay: string | null }
  | { state: "notFound" }
  | { state: "invalid"; fields: string[] }
  | { state: "limited" }
  | { state: "unavailable" }

export async function sendWithdrawal(request: Request, statement: WithdrawalStatement): Promise<WithdrawalOutcome> {
  const url = `${apiBaseUrl()}${routePath(apiRoutes.withdrawals)}`
  const headers: Record<string, string> = { ...forwardedHeaders(request), "content-type": "application/json", origin: new URL(url).origin }
  // The facade's per-address limit counts the visitor, not this server: the front door's X-Forwarded-For goes on as it came.
  const forwardedFor = request.headers.get("x-forwarded-for")
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor
  try {
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(statement), signal: AbortSignal.timeout(15_000) })
    const body = (await response.json().catch(() => null)) as {
      code?: string
      details?: { lastDay?: string; fields?: Record<string, string> }
    } | null
    if (response.status === 200 || response.status === 201) {
      const parsed = withdrawalSchema.safeParse(body)
      return parsed.success ? { state: "done", withdrawal: parsed.data, repeated: response.status === 200 } : { state: "unavailable" }
    }
    if (response.status === 404) return { state: "notFound" }
    if (response.status === 409) {
      const code = body?.code === "order_busy" ? "busy" : withdrawalRefusals.find((refusal) => refusal === body?.code)
      return code ? { state: "refused", code, lastDay: body?.details?.lastDay ?? null } : { state: "unavailable" }
    }
    if (response.status === 400) return { state: "invalid", fields: Object.keys(body?.details?.fields ?? {}) }
    if (response.status === 429) return { state: "limited" }
    return { state: "unavailable" }
  } catch {
    return { state: "unavailable" }
  }
}
