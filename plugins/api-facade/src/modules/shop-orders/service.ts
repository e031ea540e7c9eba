import { MedusaService } from "@medusajs/framework/utils"
import CheckoutPayment from "./models/checkout-payment"
import OrderDetails from "./models/order-details"

class ShopOrdersModuleService extends MedusaService({ OrderDetails, CheckoutPayment }) {}

export default ShopOrdersModuleService
