import { MedusaService } from "@medusajs/framework/utils"
import ShopUser from "./models/shop-user"

class AccountsModuleService extends MedusaService({ ShopUser }) {}

export default AccountsModuleService
