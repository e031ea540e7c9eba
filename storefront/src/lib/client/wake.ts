/** The window event that hydrates a `client:wake` island (src/directives/wake.ts) now; its detail names the island. */
export const WAKE_EVENT = "enclave:wake"

/**
 * Islands that wait for their moment on every page (src/directives/wake.ts): the header's actions, the cart
 * panel and the toasts. Browse pages so run no React until a person interacts.
 */
export type WakeableIsland = "header" | "cart" | "toast"

export function wake(island: WakeableIsland): void {
  window.dispatchEvent(new CustomEvent(WAKE_EVENT, { detail: island }))
}
