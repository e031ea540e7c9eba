import {
  CarOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  SafetyCertificateOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from "@ant-design/icons"
import { RefineThemes, ThemedLayout, useNotificationProvider, useThemedLayoutContext } from "@refinedev/antd"
import "@refinedev/antd/dist/reset.css"
import { Refine, type I18nProvider } from "@refinedev/core"
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router"
import { App as AntdApp, ConfigProvider, Grid } from "antd"
import deDE from "antd/locale/de_DE"
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react"
import { BrowserRouter, Outlet, Route, Routes } from "react-router"
import { AccessGate } from "./components/access-gate"
import { AdminHeader } from "./components/header"
import { PageLoading } from "./components/page-loading"
import { changeLanguage, language, type Language } from "./i18n"
import { shellMessages, tShell } from "./i18n/shell"
import { authProvider } from "./providers/auth-provider"
import { dataProvider } from "./providers/data-provider"

// Route-level code splitting: each page is its own chunk, fetched when its route is entered.
const pages = {
  "/": () => import("./pages/dashboard"),
  "/products": () => import("./pages/products/list"),
  "/users": () => import("./pages/users/list"),
  "/shipping": () => import("./pages/shipping/list"),
  "/payments": () => import("./pages/payments/settings"),
  "/orders": () => import("./pages/orders/list"),
}
const Dashboard = lazy(pages["/"])
const ProductList = lazy(pages["/products"])
const UserList = lazy(pages["/users"])
const ShippingMethodList = lazy(pages["/shipping"])
const PaymentSettings = lazy(pages["/payments"])
const OrderList = lazy(pages["/orders"])
const OrderShow = lazy(() => import("./pages/orders/show"))
// The opened page's code is fetched while the session is being checked, not after.
if (typeof window !== "undefined") {
  const opened = window.location.pathname.replace(/^\/admin/, "").replace(/\/$/, "") || "/"
  void (pages as Record<string, (() => Promise<unknown>) | undefined>)[opened]?.().catch(() => undefined)
}
const NotFound = lazy(() => import("./pages/not-found"))

export const ADMIN_TITLE = "Enclave Admin"

/** SPEC §2: the sidebar below 1024 px is collapsed (below antd's lg, 992 px, it becomes a drawer). */
export const SIDER_COLLAPSE_QUERY = "(max-width: 1023.98px)"

/**
 * SPEC §2's sidebar, in its order: every area is declared here; a route exists only for the
 * pages that are built (an entry without one opens the not-found page).
 */
const resources = [
  { name: "dashboard", list: "/", meta: { label: tShell("nav.dashboard"), icon: <DashboardOutlined /> } },
  { name: "products", list: "/products", meta: { label: tShell("nav.products"), icon: <ShoppingOutlined /> } },
  { name: "orders", list: "/orders", show: "/orders/:id", meta: { label: tShell("nav.orders"), icon: <ShoppingCartOutlined /> } },
  { name: "shipping-methods", list: "/shipping", meta: { label: tShell("nav.shipping"), icon: <CarOutlined /> } },
  { name: "users", list: "/users", meta: { label: tShell("nav.users"), icon: <TeamOutlined /> } },
  { name: "payment-config", list: "/payments", meta: { label: tShell("nav.payments"), icon: <CreditCardOutlined /> } },
]

/** Refine's own texts (the sider's Logout, unsaved-changes warning) from the shell's catalogue. */
const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const known = key in shellMessages.en
    if (known) return tShell(key as keyof typeof shellMessages.en, options as Record<string, string> | undefined)
    return defaultMessage ?? (typeof options === "string" ? options : key)
  },
  changeLocale: (locale) => changeLanguage(locale as Language),
  getLocale: () => language,
}

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(SIDER_COLLAPSE_QUERY)
  query.addEventListener("change", onChange)
  return () => query.removeEventListener("change", onChange)
}

function isNarrow(): boolean {
  return window.matchMedia(SIDER_COLLAPSE_QUERY).matches
}

/**
 * Crossing 1024 px collapses or opens the sider as the new width wants (the collapse toggle still
 * works in between), without remounting the page: an open dialog keeps what was typed.
 */
function SiderFollowsWidth({ narrow }: { narrow: boolean }) {
  const { setSiderCollapsed } = useThemedLayoutContext()
  // The context's setter is a new function at every render: only a change of width may act,
  // or the collapse toggle would be undone at once.
  const setCollapsed = useRef(setSiderCollapsed)
  setCollapsed.current = setSiderCollapsed
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    setCollapsed.current(narrow)
  }, [narrow])
  return null
}

function Shell() {
  // Below antd's lg breakpoint ThemedSider turns into a drawer whose open button is fixed just
  // under the header: keep the page's heading clear of it.
  const siderIsDrawer = Grid.useBreakpoint().lg === false
  const narrow = useSyncExternalStore(subscribeToWidth, isNarrow, () => false)
  return (
    <AccessGate>
      <ThemedLayout Header={AdminHeader} initialSiderCollapsed={narrow}>
        <SiderFollowsWidth narrow={narrow} />
        <div style={siderIsDrawer ? { paddingTop: 40 } : undefined}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </ThemedLayout>
    </AccessGate>
  )
}

export function App() {
  return (
    // The front door serves the admin under /admin; routes below are relative to it.
    <BrowserRouter basename="/admin">
      <ConfigProvider theme={RefineThemes.Blue} locale={language === "de" ? deDE : undefined}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              disableTelemetry: true,
              title: { text: ADMIN_TITLE, icon: <SafetyCertificateOutlined style={{ fontSize: 24 }} /> },
              // SPEC §9: cached data never goes stale, no refetch on focus, no polling, no retries.
              reactQuery: {
                clientConfig: {
                  defaultOptions: {
                    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
                    mutations: { retry: false },
                  },
                },
              },
            }}
          >
            <Routes>
              <Route element={<Shell />}>
                <Route index element={<Dashboard />} />
                <Route path="/products" element={<ProductList />} />
                <Route path="/users" element={<UserList />} />
                <Route path="/shipping" element={<ShippingMethodList />} />
                <Route path="/payments" element={<PaymentSettings />} />
                <Route path="/orders" element={<OrderList />} />
                <Route path="/orders/:id" element={<OrderShow />} />
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
            <DocumentTitleHandler
              handler={({ resource }) => {
                const label = resource?.meta?.label ?? resource?.name
                return label ? `${label} | ${ADMIN_TITLE}` : ADMIN_TITLE
              }}
            />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  )
}
