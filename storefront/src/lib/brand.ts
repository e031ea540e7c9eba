/**
 * Shop-wide wording that appears in the chrome.
 * docs/product.md §2 Footer only says the shop is "powered by a partner company" without naming it;
 * the name lives here so it is changed in one place once it is known.
 */
export const brand = {
  name: "Enclave",
  tagline: "Encrypted smartphones for people and organisations who take their privacy seriously.",
  poweredBy: "Enclave Security Partners",
} as const
