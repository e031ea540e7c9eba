import { useGetIdentity } from "@refinedev/core"
import { Result } from "antd"
import type { ReactNode } from "react"
import { tShell } from "../i18n/shell"
import { rolesOf, type Identity } from "../providers/auth-provider"
import { allows, type Role } from "../resources"

/**
 * A resource's page for the roles its entry in resources.tsx names. The session check (AccessGate) has let
 * only staff in; this keeps a page to its own roles, with the identity the header has read already.
 */
export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { data: identity } = useGetIdentity<Identity>()
  if (identity && !allows({ roles }, rolesOf(identity))) {
    return <Result status="403" title={tShell("access.deniedTitle")} subTitle={tShell("access.deniedText")} />
  }
  return <>{children}</>
}
