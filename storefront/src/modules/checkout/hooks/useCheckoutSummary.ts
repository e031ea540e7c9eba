/**
 * The order summary's figures from the server (GET /api/checkout-summary): the cart priced
 * for the typed country (and state) and the chosen method exactly as the order will be, with the VAT
 * it contains per rate, or the net prices of a reverse-charge business, or an export without VAT.
 * Asked again, a moment after the typing stops, whenever one of those changes; the page renders with
 * the one for the customer's own address and that zone's default method.
 */
import { useEffect, useEffectEvent, useState } from "react"
import { fetchCheckoutSummary } from "../../../lib/client/calls"
import { summaryKey, type PricedSummary } from "../summary-key"

export type { PricedSummary }

const TYPING_PAUSE_MS = 250

export function useCheckoutSummary(initial: PricedSummary | null, countryCode: string | null, state: string, methodId: number | null) {
  const key = summaryKey(countryCode, state, methodId)
  const [priced, setPriced] = useState<PricedSummary | null>(initial)

  const ask = useEffectEvent((forKey: string, stillWanted: () => boolean) => {
    if (!countryCode || priced?.key === forKey) return
    fetchCheckoutSummary({ country: countryCode, state: state.trim() || null, shippingMethod: methodId })
      .then((summary) => {
        if (stillWanted()) setPriced({ key: forKey, summary })
      })
      // The summary keeps its last figures (marked as not current); placing the order checks the total anyway.
      .catch(() => undefined)
  })
  useEffect(() => {
    if (!key) return
    let wanted = true
    const timer = setTimeout(() => ask(key, () => wanted), TYPING_PAUSE_MS)
    return () => {
      wanted = false
      clearTimeout(timer)
    }
  }, [key])

  return { summary: priced?.summary ?? null, current: key !== null && priced?.key === key }
}
