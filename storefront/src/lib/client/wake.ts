/** The window event that hydrates a `client:wake` island (src/directives/wake.ts) now; its detail names the island. */
export const WAKE_EVENT = "enclave:wake"

/** Islands other islands may need at once. */
export type WakeableIsland = "cart"

export function wake(island: WakeableIsland): void {
  window.dispatchEvent(new CustomEvent(WAKE_EVENT, { detail: island }))
}
