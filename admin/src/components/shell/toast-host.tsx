import { Button, notification } from "antd"
import { useEffect } from "react"
import { tShell } from "../../i18n/shell"
import { connectToasts } from "../../providers/notification-provider"

/**
 * antd's notification holder inside the theme and locale (loaded on the first toast). As with
 * Refine's antd provider, a toast's `description` is its title and its `message` the text below.
 * docs/product.md §9: at most one toast at a time (a new one replaces the old), shown for 5 s.
 */
export default function ToastHost() {
  // Below the 64 px top bar (antd's default 24 px covered it, and the buttons in it).
  const [toasts, holder] = notification.useNotification({ maxCount: 1, duration: 5, top: 76 })
  useEffect(() => {
    connectToasts({
      open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
        if (type === "progress") {
          // An undoable mutation: the change is applied when the time runs out unless undone.
          toasts.info({
            key,
            message,
            duration: undoableTimeout ?? 5,
            btn: (
              <Button
                size="small"
                onClick={() => {
                  cancelMutation?.()
                  if (key) toasts.destroy(key)
                }}
              >
                {tShell("toast.undo")}
              </Button>
            ),
          })
          return
        }
        toasts.open({ key, type, message: description ?? null, description: message })
      },
      close: (key) => toasts.destroy(key),
    })
    return () => connectToasts(undefined)
  }, [toasts])
  return holder
}
