/**
 * Which step shows (1: address and shipping, 2: review and payment), in the browser's history too, so back
 * and forward move between the steps; each step starts at its heading, for keyboard and screen reader users.
 */
import { useEffect, useRef, useState, type RefObject } from "react"

type StepState = { checkoutStep?: number } | null

/** `forward`: what the browser's forward button to step 2 does (the address is checked again). */
export function useCheckoutStep(placed: RefObject<boolean>, forward: () => void) {
  const [step, setStep] = useState<1 | 2>(1)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      if ((event.state as StepState)?.checkoutStep === 2) forward()
      else if (!placed.current) setStep(1)
    }
    window.addEventListener("popstate", onPop)
    return () => window.removeEventListener("popstate", onPop)
  })

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    // A new step is like a new page: back to the top (docs/product.md §2), the step's heading focused.
    window.scrollTo({ top: 0 })
    stepHeading.current?.focus({ preventScroll: true })
  }, [step])

  function openPayment() {
    if (step === 2) return
    setStep(2)
    if ((history.state as StepState)?.checkoutStep !== 2) history.pushState({ ...(history.state ?? {}), checkoutStep: 2 }, "")
  }

  function backToShipping() {
    if ((history.state as StepState)?.checkoutStep === 2) history.back()
    else setStep(1)
  }

  return { step, stepHeading, openPayment, backToShipping }
}
