/** The window event that hydrates a `client:wake` island (src/directives/wake.ts) now; its detail names the island. */
export const WAKE_EVENT = "enclave:wake"

/**
 * Islands that wait for their moment (src/directives/wake.ts): on every page the header's actions, the cart
 * panel and the toasts, so browse pages run no React until a person interacts; on a product page its purchase
 * form (add to cart), once it is in view; the account page's forms at once, holding a submit until they are ready.
 */
export type WakeableIsland = "header" | "cart" | "toast" | "purchase" | "forms"

export function wake(island: WakeableIsland): void {
  window.dispatchEvent(new CustomEvent(WAKE_EVENT, { detail: island }))
}
