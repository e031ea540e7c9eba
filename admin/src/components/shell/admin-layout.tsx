import { Grid, Layout, theme } from "antd"
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from "react"
import { AdminHeader } from "../header"
import { AdminNav } from "./admin-nav"
import { AdminTitle } from "./admin-title"
import { TestPaymentsBanner, useTestPayments } from "./test-payments-banner"

// A narrow window's drawer brings antd's Drawer: fetched when the menu is first opened.
const NavDrawer = lazy(() => import("./nav-drawer"))

/** docs/product.md §2: the sidebar below 1024 px is collapsed (below antd's lg, 992 px, it becomes a drawer). */
export const SIDER_COLLAPSE_QUERY = "(max-width: 1023.98px)"

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(SIDER_COLLAPSE_QUERY)
  query.addEventListener("change", onChange)
  return () => query.removeEventListener("change", onChange)
}

const isNarrow = () => window.matchMedia(SIDER_COLLAPSE_QUERY).matches

/**
 * The back office's frame: the sidebar (collapsible; collapsed below 1024 px, following the
 * window across that width without remounting the page, so an open dialog keeps what was typed),
 * or in a narrow window a drawer behind the header's menu button; the header; the page.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken()
  const siderIsDrawer = Grid.useBreakpoint().lg === false
  const narrow = useSyncExternalStore(subscribeToWidth, isNarrow, () => false)
  const [collapsed, setCollapsed] = useState(narrow)
  // Crossing 1024 px collapses or expands the sidebar (the user's toggle holds until then), adjusted
  // while rendering rather than in an effect, so no frame shows the old state.
  const [collapsedFor, setCollapsedFor] = useState(narrow)
  if (collapsedFor !== narrow) {
    setCollapsedFor(narrow)
    setCollapsed(narrow)
  }
  const testPayments = useTestPayments()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [drawerWanted, setDrawerWanted] = useState(false)
  if (drawerOpen && !siderIsDrawer) setDrawerOpen(false)

  return (
    <Layout hasSider={!siderIsDrawer} style={{ minHeight: "100vh" }}>
      {siderIsDrawer ? null : (
        <Layout.Sider
          theme="light"
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          width={200}
          collapsedWidth={80}
          style={{
            position: "sticky",
            top: 0,
            height: "100vh",
            overflow: "auto",
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <div
            style={{
              height: 64,
              display: "flex",
              alignItems: "center",
              justifyContent: collapsed ? "center" : "flex-start",
              paddingInline: collapsed ? 0 : 24,
            }}
          >
            <AdminTitle collapsed={collapsed} />
          </div>
          <AdminNav collapsed={collapsed} />
        </Layout.Sider>
      )}
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <Layout>
        <AdminHeader
          onOpenMenu={
            siderIsDrawer
              ? () => {
                  setDrawerWanted(true)
                  setDrawerOpen(true)
                }
              : undefined
          }
        />
        <TestPaymentsBanner on={testPayments.on} />
        {/*
         * antd's Content is itself the page's one <main> landmark. It shows once the banner above it is known, so
         * a banner that comes never pushes the page down under the reader's eyes (no layout shift).
         */}
        <Layout.Content style={{ padding: siderIsDrawer ? 12 : 24, visibility: testPayments.known ? undefined : "hidden" }}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
