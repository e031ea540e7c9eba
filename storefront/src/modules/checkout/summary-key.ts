import type { CheckoutSummary } from "@enclave/contract"

/** A checkout summary (GET /api/checkout-summary) and what it was priced for (summaryKey). */
export interface PricedSummary {
  key: string
  summary: CheckoutSummary
}

/** What a summary is priced for: the country's code, the state as typed, the method; null while the country is unknown. */
export function summaryKey(countryCode: string | null, state: string, methodId: number | null): string | null {
  return countryCode ? `${countryCode}|${state.trim()}|${methodId ?? ""}` : null
}
