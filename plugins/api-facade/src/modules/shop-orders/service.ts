import { MedusaService } from "@medusajs/framework/utils"
import OrderDetails from "./models/order-details"

class ShopOrdersModuleService extends MedusaService({ OrderDetails }) {}

export default ShopOrdersModuleService
