import { model } from "@medusajs/framework/utils"

/**
 * The shop's one row of payment settings (docs/product.md §3 PaymentSettings), edited in the admin.
 * Secret columns hold secret-box values (`v1:...`), never the clear secret; public keys and
 * client ids are not secret and are stored as they are, as are the bank details for invoices. Providers
 * start disabled, in sandbox mode; invoice payment and test payments start disabled.
 */
const PaymentSettings = model.define("payment_settings", {
  id: model.id({ prefix: "payset" }).primaryKey(),
  stripe_enabled: model.boolean().default(false),
  stripe_secret_key: model.text().nullable(),
  stripe_public_key: model.text().nullable(),
  stripe_sandbox_mode: model.boolean().default(true),
  // The simulated card (docs/product.md §4): orders without payment, so off until an admin turns it on.
  test_payments_enabled: model.boolean().default(false),
  stripe_sandbox_secret_key: model.text().nullable(),
  stripe_sandbox_public_key: model.text().nullable(),
  paypal_enabled: model.boolean().default(false),
  paypal_client_id: model.text().nullable(),
  paypal_secret: model.text().nullable(),
  paypal_sandbox_mode: model.boolean().default(true),
  paypal_sandbox_client_id: model.text().nullable(),
  paypal_sandbox_secret: model.text().nullable(),
  shipping_label: model.text().default("World wide Shipping"),
  // Text, as in docs/product.md §3: a decimal with two places, e.g. "10.00".
  shipping_price: model.text().default("10.00"),
  // Stripe's webhook signing secrets (secret-box values) and PayPal's webhook ids, per mode.
  stripe_webhook_secret: model.text().nullable(),
  stripe_sandbox_webhook_secret: model.text().nullable(),
  paypal_webhook_id: model.text().nullable(),
  paypal_sandbox_webhook_id: model.text().nullable(),
  // Invoice / wire transfer for business customers: the shop's bank account (IBAN and BIC upper case,
  // without spaces), the days the customer has to pay, and the smallest order total (text, like shipping_price).
  invoice_enabled: model.boolean().default(false),
  invoice_account_holder: model.text().nullable(),
  invoice_iban: model.text().nullable(),
  invoice_bic: model.text().nullable(),
  invoice_payment_term_days: model.number().default(14),
  invoice_minimum_total: model.text().default("0.00"),
})

export default PaymentSettings
