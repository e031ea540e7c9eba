import PaymentModule from "@medusajs/medusa/payment"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/**
 * The payment session in Medusa's payment module behind a provider's payment (the PaymentIntent or
 * PayPal order was opened through it); a provider's webhook names the session, which finds the record.
 */
export default defineLink(ShopOrdersModule.linkable.checkoutPayment, PaymentModule.linkable.paymentSession)
