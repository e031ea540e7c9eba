import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import PaypalProviderService from "./service"

/** Medusa's payment provider for PayPal (Orders v2, intent CAPTURE); its id is pp_paypal_<configured id>. */
export default ModuleProvider(Modules.PAYMENT, { services: [PaypalProviderService] })
