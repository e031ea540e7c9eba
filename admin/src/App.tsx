import "antd/dist/reset.css"
import { Refine, type I18nProvider } from "@refinedev/core"
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router"
import { ConfigProvider } from "antd"
import deDE from "antd/locale/de_DE"
import { lazy, Suspense } from "react"
import { BrowserRouter, Outlet, Route, Routes } from "react-router"
import { AccessGate } from "./components/access-gate"
import { PageLoading } from "./components/page-loading"
import { AdminLayout } from "./components/shell/admin-layout"
import { ADMIN_TITLE } from "./components/shell/admin-title"
import { areas } from "./components/shell/areas"
import { changeLanguage, language, type Language } from "./i18n"
import { shellMessages, tShell } from "./i18n/shell"
import { authProvider } from "./providers/auth-provider"
import { dataProvider } from "./providers/data-provider"
import { notificationProvider, useToastHostWanted } from "./providers/notification-provider"

// Route-level code splitting: each page is its own chunk, fetched when its route is entered.
const pages = {
  "/": () => import("./pages/dashboard"),
  "/products": () => import("./pages/products/list"),
  "/users": () => import("./pages/users/list"),
  "/shipping": () => import("./pages/shipping/list"),
  "/payments": () => import("./pages/payments/settings"),
  "/shop-details": () => import("./pages/shop-details/settings"),
  "/orders": () => import("./pages/orders/list"),
  "/returns": () => import("./pages/returns/list"),
}
const Dashboard = lazy(pages["/"])
const ProductList = lazy(pages["/products"])
const UserList = lazy(pages["/users"])
const ShippingMethodList = lazy(pages["/shipping"])
const PaymentSettings = lazy(pages["/payments"])
const ShopDetailsSettings = lazy(pages["/shop-details"])
const OrderList = lazy(pages["/orders"])
const ReturnList = lazy(pages["/returns"])
const OrderShow = lazy(() => import("./pages/orders/show"))
// The opened page's code is fetched while the session is being checked, not after.
if (typeof window !== "undefined") {
  const opened = window.location.pathname.replace(/^\/admin/, "").replace(/\/$/, "") || "/"
  void (pages as Record<string, (() => Promise<unknown>) | undefined>)[opened]?.().catch(() => undefined)
}
const NotFound = lazy(() => import("./pages/not-found"))

/**
 * Refine's resources, one per area of the sidebar (docs/product.md §2): they name the pages for the
 * document title and the data provider. Orders also have a detail page.
 */
const resources = areas.map((area) => ({
  name: area.name,
  list: area.path,
  ...(area.name === "orders" ? { show: "/orders/:id" } : {}),
  meta: { label: area.label },
}))

// Toasts bring antd's notification code: loaded with the first toast, not with the first screen.
const ToastHost = lazy(() => import("./components/shell/toast-host"))

function Toasts() {
  return useToastHostWanted() ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null
}

/** Refine's own texts (its default toasts, the unsaved-changes warning) from the shell's catalogue. */
const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const known = key in shellMessages.en
    if (known) return tShell(key as keyof typeof shellMessages.en, options as Record<string, string> | undefined)
    return defaultMessage ?? (typeof options === "string" ? options : key)
  },
  changeLocale: (locale) => changeLanguage(locale as Language),
  getLocale: () => language,
}

function Shell() {
  return (
    <AccessGate>
      <AdminLayout>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AdminLayout>
    </AccessGate>
  )
}

/**
 * antd's default blue (#1677ff) is 4.1:1 under white button text and on white as link text, and its
 * description grey (45 % black) 3.4:1: below WCAG's 4.5:1. The palette's next blue reads
 * at 6.2:1, 62 % black at 6.2:1.
 */
const readableTheme = {
  token: { colorPrimary: "#0958d9", colorLink: "#0958d9", colorTextDescription: "rgba(0, 0, 0, 0.62)" },
  // An empty table's "No data" is written in the disabled grey (25 % black, 1.9:1).
  // Descriptions' labels are in the tertiary grey (45 % black, 3.4:1 on white, less on a dialog's).
  components: {
    Empty: { colorTextDisabled: "rgba(0, 0, 0, 0.62)" },
    Table: { colorTextDisabled: "rgba(0, 0, 0, 0.62)" },
    Descriptions: { labelColor: "rgba(0, 0, 0, 0.62)" },
  },
}

export function App() {
  return (
    // The front door serves the admin under /admin; routes below are relative to it.
    <BrowserRouter basename="/admin">
      <ConfigProvider locale={language === "de" ? deDE : undefined} theme={readableTheme}>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          notificationProvider={notificationProvider}
          resources={resources}
          options={{
            syncWithLocation: true,
            disableTelemetry: true,
            // docs/product.md §9: cached data never goes stale, no refetch on focus, no polling, no retries.
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
              <Route path="/shop-details" element={<ShopDetailsSettings />} />
              <Route path="/orders" element={<OrderList />} />
              <Route path="/orders/:id" element={<OrderShow />} />
              <Route path="/returns" element={<ReturnList />} />
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
        <Toasts />
      </ConfigProvider>
    </BrowserRouter>
  )
}
