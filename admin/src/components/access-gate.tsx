import { useIsAuthenticated } from "@refinedev/core"
import { Alert, Button, Flex, Spin } from "antd"
import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react"
import { useLocation } from "react-router"
import { tShell } from "../i18n/shell"
import { ACCESS_DENIED, CHECK_FAILED, leaveAdmin, signInUrl } from "../providers/auth-provider"

// Seen only by someone who should not be here: not part of the admin's first screen.
const AccessDenied = lazy(() => import("../pages/access-denied"))

function Centered({ label }: { label: string }) {
  return (
    <Flex role="status" aria-label={label} justify="center" align="center" style={{ minHeight: "100vh" }}>
      <Spin size="large" />
    </Flex>
  )
}

function GoToSignIn() {
  useEffect(() => leaveAdmin(signInUrl()), [])
  return <Centered label={tShell("access.redirecting")} />
}

/**
 * docs/product.md §2/§6 in the app itself: the front door already keeps visitors and customers away from
 * /admin, but a session can end or lose the admin role while the page stays open. The session is
 * checked on entry and again on every navigation inside the admin (GET /api/user).
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const check = useIsAuthenticated({ queryOptions: { staleTime: 0 } })
  // Stable (react-query's): only a navigation re-checks.
  const { refetch } = check
  const entered = useRef(false)
  useEffect(() => {
    if (!entered.current) {
      entered.current = true
      return
    }
    void refetch()
  }, [pathname, refetch])

  if (!check.data) return <Centered label={tShell("access.checking")} />
  if (check.data.authenticated) return <>{children}</>
  const reason = check.data.error?.name
  if (reason === ACCESS_DENIED) {
    return (
      <Suspense fallback={<Centered label={tShell("loading.page")} />}>
        <AccessDenied />
      </Suspense>
    )
  }
  if (reason === CHECK_FAILED) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Alert
          type="error"
          showIcon
          role="alert"
          message={tShell("access.unreachable")}
          description={check.data.error?.message}
          action={
            <Button type="primary" danger onClick={() => void check.refetch()} loading={check.isFetching}>
              {tShell("access.retry")}
            </Button>
          }
        />
      </Flex>
    )
  }
  return <GoToSignIn />
}
