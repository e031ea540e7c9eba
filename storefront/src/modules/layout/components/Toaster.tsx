/**
 * The notification area (docs/product.md §9): one toast at a time, shown for 5000 ms (the timer pauses while the
 * pointer or focus is on it), F8 moves focus to the area. The live region exists from the first paint,
 * so screen readers announce every toast put into it. While a modal dialog is open (the cart panel) the
 * area is rendered inside it: the dialog is in the top layer, above anything else on the page however
 * high its z-index, and the rest of the page is inert (not seen, not clickable, not announced).
 */
import { useEffect, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { useStore } from "@nanostores/react"
import { $modalHost, $toast, showToast } from "../../../lib/client/stores"
import { takeToastFromPreviousPage } from "../../../lib/client/toast-handoff"
import { messageTranslator } from "../../../i18n/format"

export const TOAST_DURATION_MS = 5000

export default function Toaster({ messages }: { messages: Record<string, string> }) {
  const t = messageTranslator(messages)
  // Hydrated as the server rendered it (no toast): one shown before the toaster started comes right after.
  const toast = useStore($toast, { ssr: "initial" })
  const modal = useStore($modalHost)
  const region = useRef<HTMLElement>(null)
  const [paused, setPaused] = useState(false)

  // A toast the previous page left before it navigated here (e.g. 'Welcome back!' after signing in).
  useEffect(() => {
    const pending = takeToastFromPreviousPage()
    if (pending) showToast(pending)
  }, [])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault()
        region.current?.focus()
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [])

  useEffect(() => {
    if (!toast || paused) return
    const timer = window.setTimeout(() => {
      if ($toast.get()?.id === toast.id) $toast.set(null)
    }, TOAST_DURATION_MS)
    return () => window.clearTimeout(timer)
  }, [toast, paused])

  const area = (
    <section
      ref={region}
      className="toaster"
      aria-label={t("toast.region")}
      tabIndex={-1}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div
            key={toast.id}
            className={`toast${toast.variant === "destructive" ? " toast--destructive" : ""}`}
            // A failure interrupts (alert); news waits its turn in the polite region around it.
            role={toast.variant === "destructive" ? "alert" : undefined}
          >
            <div className="toast__body">
              <p className="toast__title">{toast.title}</p>
              {toast.description && <p className="toast__text">{toast.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label={t("toast.dismiss")} onClick={() => $toast.set(null)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </section>
  )
  return modal ? createPortal(area, modal) : area
}
