import { useSyncExternalStore } from "react"

const never = () => () => {}

/**
 * False in the server's HTML and while React hydrates it, true from the render right after (at once
 * for an island rendered only in the browser). Server-rendered controls stay disabled until then, so
 * an early click is never silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
