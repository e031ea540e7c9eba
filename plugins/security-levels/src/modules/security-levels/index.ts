import { Module } from "@medusajs/framework/utils"
import SecurityLevelsModuleService from "./service"

export const SECURITY_LEVELS_MODULE = "securityLevels"

export default Module(SECURITY_LEVELS_MODULE, { service: SecurityLevelsModuleService })
