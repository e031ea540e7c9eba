import { model } from "@medusajs/framework/utils"

/**
 * A payment started at checkout with a real provider (PayPal order, Stripe PaymentIntent), from
 * creation until it became an order. It is how a returning customer, a second capture or a
 * webhook finds the cart a payment belongs to, how capturing twice makes one order, and where a
 * payment that was taken but could not become an order stays on record for staff ("unfinalised").
 * The plugin's links tie it to its cart, Medusa's payment session, the shop user who started it and
 * the order it became.
 */
const CheckoutPayment = model
  .define("checkout_payment", {
    id: model.id({ prefix: "chkpay" }).primaryKey(),
    provider: model.enum(["stripe", "paypal"]),
    // PayPal's order id or Stripe's PaymentIntent id.
    reference: model.text(),
    // Euros with two decimals, as charged.
    amount: model.text(),
    is_test_payment: model.boolean().default(false),
    shipping_address: model.json(),
    shipping_method_number: model.number(),
    shipping_method_name: model.text(),
    status: model.enum(["created", "paid", "ordered", "failed", "unfinalised"]).default("created"),
    // The provider's id of the money taken: PayPal's capture id, Stripe's PaymentIntent id.
    payment_id: model.text().nullable(),
    failure_reason: model.text().nullable(),
  })
  .indexes([{ on: ["reference"], unique: true, where: "deleted_at IS NULL" }])

export default CheckoutPayment
