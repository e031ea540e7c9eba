import { MedusaService } from "@medusajs/framework/utils"
import SecurityProfile from "./models/security-profile"

class SecurityLevelsModuleService extends MedusaService({ SecurityProfile }) {}

export default SecurityLevelsModuleService

/** A security profile with its JSON columns as the shop keeps them (Medusa types any json column as a record). */
export interface SecurityProfileRecord {
  id: string
  catalogue_number: number
  level: number
  category: "phone" | "accessory" | "service"
  features: string[]
  specifications: Record<string, string>
  name_de: string | null
  description_de: string | null
  features_de: Record<string, string>
  specifications_de: Record<string, string>
}

/** The German texts are optional on creation: a product may be sold in English only. */
export type SecurityProfileFields = Omit<
  SecurityProfileRecord,
  "id" | "catalogue_number" | "name_de" | "description_de" | "features_de" | "specifications_de"
> &
  Partial<Pick<SecurityProfileRecord, "name_de" | "description_de" | "features_de" | "specifications_de">>

/** The module service's calls other parts of the shop make, typed with those columns. */
export interface SecurityProfiles {
  createSecurityProfiles(data: SecurityProfileFields): Promise<SecurityProfileRecord>
  retrieveSecurityProfile(id: string): Promise<SecurityProfileRecord>
  updateSecurityProfiles(data: { id: string } & Partial<SecurityProfileFields>): Promise<SecurityProfileRecord>
  deleteSecurityProfiles(ids: string[]): Promise<void>
  listAndCountSecurityProfiles(filters?: Record<string, unknown>, config?: { take?: number }): Promise<[SecurityProfileRecord[], number]>
}
