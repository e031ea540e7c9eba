import { useGetIdentity } from "@refinedev/core"
import { lazy, Suspense, type ReactNode } from "react"
import { rolesOf, type Identity } from "../providers/auth-provider"
import { allows, type Role } from "../resources"
import { PageLoading } from "./page-loading"

// Seen only by someone whose roles do not open the page: antd's Result stays out of the first screen.
const RoleDenied = lazy(() => import("../pages/role-denied"))

/**
 * A resource's page for the roles its entry in resources.tsx names. The session check (AccessGate) has let
 * only staff in; this keeps a page to its own roles, with the identity the header has read already.
 */
export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { data: identity } = useGetIdentity<Identity>()
  if (identity && !allows({ roles }, rolesOf(identity))) {
    return (
      <Suspense fallback={<PageLoading />}>
        <RoleDenied />
      </Suspense>
    )
  }
  return <>{children}</>
}
