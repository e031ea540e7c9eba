/**
 * The ways to pay on offer and the one chosen (docs/product.md §4): the payment step follows the admin's current
 * settings, so they are read again as it opens; a provider switched off since the page loaded gives way to
 * the other one.
 */
import { useEffect, useState } from "react"
import type { PaymentMethods } from "@enclave/contract"
import { fetchPaymentMethods } from "../../../lib/client/calls"
import { followAvailability, type PaymentChoice } from "../payment"

/** `posted`: the way to pay a form sent without JavaScript chose, kept while it is offered. */
export function usePaymentChoice(fromServer: PaymentMethods, paymentStepOpen: boolean, posted: PaymentChoice | null = null) {
  const [paymentMethods, setPaymentMethods] = useState(fromServer)
  const [choice, setChoice] = useState<PaymentChoice | null>(() => followAvailability(posted, fromServer))
  const [readings, setReadings] = useState(0)

  useEffect(() => {
    if (!paymentStepOpen) return
    let current = true
    fetchPaymentMethods()
      .then((latest) => {
        if (!current) return
        setPaymentMethods(latest)
        setChoice((chosen) => followAvailability(chosen, latest))
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [paymentStepOpen, readings])

  /** When a way to pay may have gone (the server refused it), the choices are read again. */
  const readAgain = () => setReadings((count) => count + 1)

  return { paymentMethods, choice, setChoice, readAgain }
}
