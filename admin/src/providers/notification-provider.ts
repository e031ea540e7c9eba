import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core"
import { useSyncExternalStore } from "react"

/**
 * Refine's toasts (docs/product.md §8) through antd's notification, without putting antd's notification
 * code into the first admin screen: the first toast asks for the host (a lazily loaded component
 * that mounts antd's notification holder inside the theme), and toasts wait in order until it is
 * there. Pages never notice: they hand Refine the same params as before.
 */
export interface ToastApi {
  open(params: OpenNotificationParams): void
  close(key: string): void
}

let api: ToastApi | undefined
const waiting: Array<(api: ToastApi) => void> = []
let hostWanted = false
const listeners = new Set<() => void>()

function withApi(send: (api: ToastApi) => void) {
  if (api) {
    send(api)
    return
  }
  waiting.push(send)
  if (!hostWanted) {
    hostWanted = true
    listeners.forEach((listener) => listener())
  }
}

/** Called by the host when it has mounted (and with undefined when it unmounts). */
export function connectToasts(next: ToastApi | undefined) {
  api = next
  if (next) waiting.splice(0).forEach((send) => send(next))
}

/** Whether a toast has been asked for, so the host must be loaded. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => hostWanted,
    () => false,
  )
}

export const notificationProvider: NotificationProvider = {
  open: (params) => withApi((toasts) => toasts.open(params)),
  close: (key) => withApi((toasts) => toasts.close(key)),
}
