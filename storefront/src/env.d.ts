/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    language: import("./i18n").Language
    /** The signed-in user of this request, asked once (lib/data/session.ts userOfPage). */
    user?: Promise<import("@enclave/contract").User | null>
  }
}

declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    /** src/directives/wake.ts: hydrate when another island wakes this one by name, or when a person starts to use it. */
    "client:wake"?: import("./lib/client/wake").WakeableIsland
  }
}
