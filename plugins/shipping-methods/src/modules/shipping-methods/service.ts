import { MedusaService } from "@medusajs/framework/utils"
import ShippingMethodDetails from "./models/shipping-method-details"

class ShippingMethodsModuleService extends MedusaService({ ShippingMethodDetails }) {}

export default ShippingMethodsModuleService
