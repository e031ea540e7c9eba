/**
 * docs/product.md §4: a PayPal order left unfinished in this browser session (the customer came back without
 * PayPal's redirect) is offered for completion. Storage exists only in the browser, hence after mount.
 */
import { useEffect, useState } from "react"
import { checkoutStorageKeys } from "@enclave/contract/values"
import { clearPendingPaypalOrder, readPendingPaypalOrder, type PendingPaypalOrder } from "../../../lib/client/checkout-storage"

export function usePendingPaypal() {
  const [pendingPaypal, setPendingPaypal] = useState<PendingPaypalOrder | null>(null)

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read after hydration, so the server's HTML and the first render agree
    setPendingPaypal(readPendingPaypalOrder(checkoutStorageKeys))
    // Also when the browser's back button restores this page from its back/forward cache.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPaypal(readPendingPaypalOrder(checkoutStorageKeys))
    }
    window.addEventListener("pageshow", onShow)
    return () => window.removeEventListener("pageshow", onShow)
  }, [])

  /** The capture placed the order: nothing is pending any more. */
  const completed = () => setPendingPaypal(null)

  function discard() {
    clearPendingPaypalOrder(checkoutStorageKeys)
    setPendingPaypal(null)
  }

  return { pendingPaypal, completed, discard }
}
