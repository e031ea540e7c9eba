/** What other parts of the shop may use of the security-levels plugin (its package's "." export). */
export { SECURITY_LEVELS_MODULE } from "./modules/security-levels"
export type {
  default as SecurityLevelsModuleService,
  SecurityProfileFields,
  SecurityProfileRecord,
  SecurityProfiles,
} from "./modules/security-levels/service"
