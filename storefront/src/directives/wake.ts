import type { ClientDirective } from "astro"
import { WAKE_EVENT } from "../lib/client/wake"

/**
 * `client:wake="name"`: the island hydrates when the browser is first idle (at the latest after two
 * seconds), or at once when another island wakes it by name (lib/client/wake.ts). A click in the
 * header that needs the cart panel is then answered even before the panel's idle moment came.
 */
const wakeDirective: ClientDirective = (load, options) => {
  const name = String(options.value)
  let started = false
  const hydrate = async () => {
    if (started) return
    started = true
    window.removeEventListener(WAKE_EVENT, onWake)
    await (
      await load()
    )()
  }
  const onWake = (event: Event) => {
    if ((event as CustomEvent<string>).detail === name) void hydrate()
  }
  window.addEventListener(WAKE_EVENT, onWake)
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2_000 })
  else setTimeout(() => void hydrate(), 200)
}

export default wakeDirective
