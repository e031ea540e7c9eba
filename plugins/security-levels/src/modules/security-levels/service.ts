import { MedusaService } from "@medusajs/framework/utils"
import SecurityProfile from "./models/security-profile"

class SecurityLevelsModuleService extends MedusaService({ SecurityProfile }) {}

export default SecurityLevelsModuleService
