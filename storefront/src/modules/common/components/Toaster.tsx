/**
 * The one toast on screen (SPEC §9: at most one at a time, shown for 5 s, F8 focuses the notification
 * area). Reads the shared $toast store; a toast left by the previous page (toast-handoff) shows on load.
 * Failures are announced assertively (role=alert), everything else politely.
 */
import { useEffect, useRef } from "react"
import { useStore } from "@nanostores/react"
import { $toast, showToast } from "../../../lib/client/stores"
import { takeToastFromPreviousPage } from "../../../lib/client/toast-handoff"
import "./toaster.css"

const DISPLAY_MS = 5000

export default function Toaster({ label, closeLabel }: { label: string; closeLabel: string }) {
  const toast = useStore($toast)
  const region = useRef<HTMLElement>(null)

  useEffect(() => {
    const pending = takeToastFromPreviousPage()
    if (pending) showToast(pending)
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
    if (!toast) return
    const timer = window.setTimeout(() => {
      if ($toast.get()?.id === toast.id) $toast.set(null)
    }, DISPLAY_MS)
    return () => window.clearTimeout(timer)
  }, [toast])

  const destructive = toast?.variant === "destructive"
  return (
    <section ref={region} className="toaster" aria-label={label} tabIndex={-1}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && !destructive && <ToastCard toast={toast} closeLabel={closeLabel} />}
      </div>
      <div role="alert" aria-atomic="true">
        {toast && destructive && <ToastCard toast={toast} closeLabel={closeLabel} />}
      </div>
    </section>
  )
}

function ToastCard({ toast, closeLabel }: { toast: NonNullable<ReturnType<typeof $toast.get>>; closeLabel: string }) {
  return (
    <div className={`toast${toast.variant === "destructive" ? " toast--destructive" : ""}`} data-testid="toast">
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__text">{toast.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => $toast.set(null)}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}
