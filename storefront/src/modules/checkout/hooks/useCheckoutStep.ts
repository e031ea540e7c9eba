/**
 * Which step shows (1: address and shipping, 2: review and payment), in the browser's history too, so back
 * and forward move between the steps; each step starts at its heading, for keyboard and screen reader users.
 */
import { useEffect, useRef, useState, type RefObject } from "react"

type StepState = { checkoutStep?: number } | null

/** `forward`: what the browser's forward button to step 2 does (the address is checked again). */
/** `initial`: the step the server rendered (2 after step 1's form was posted without JavaScript). */
export function useCheckoutStep(placed: RefObject<boolean>, forward: () => void, initial: 1 | 2 = 1) {
  const [step, setStep] = useState<1 | 2>(initial)
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
      // Step 2 answered to a form sent before the island ran: a new page, whose step's heading is where to go on.
      if (initial === 2) stepHeading.current?.focus({ preventScroll: true })
      return
    }
    // A new step is like a new page: back to the top (docs/product.md §2), the step's heading focused.
    window.scrollTo({ top: 0 })
    stepHeading.current?.focus({ preventScroll: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first step is read once, on the first render
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
