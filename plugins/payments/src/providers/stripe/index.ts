import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import StripeProviderService from "./service"

/** Medusa's payment provider for cards through Stripe PaymentIntents; its id is pp_stripe_<configured id>. */
export default ModuleProvider(Modules.PAYMENT, { services: [StripeProviderService] })
