/**
 * What the server answered a checkout form posted without JavaScript with (lib/data/checkout-form.ts): the step to
 * show, the values as sent and what was wrong with them. The island starts from it, so a page that comes back
 * from a round trip and then hydrates goes on where the form left off.
 */
import type { ShippingAddress } from "@enclave/contract"
import type { PaymentChoice } from "./payment"

export interface PostedCheckout {
  step: 1 | 2
  /** The address fields as they were sent. */
  values: Record<string, string>
  /** The checked address, on step 2. */
  address: ShippingAddress | null
  shippingMethodId: number | null
  /** The address schema's messages by field (English; the island says them in the page's language). */
  errors: Record<string, string>
  /** Set when no shipping method was chosen although the country has some. */
  methodMissing: boolean
  choice: PaymentChoice | null
  /** Why the payment was refused, in the page's language. */
  refusal: string | null
}
