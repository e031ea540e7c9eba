import "antd/dist/reset.css"
import { Refine, type I18nProvider } from "@refinedev/core"
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router"
import { ConfigProvider } from "antd"
import deDE from "antd/locale/de_DE"
import { lazy, Suspense } from "react"
import { BrowserRouter, matchPath, Outlet, Route, Routes } from "react-router"
import { AccessGate } from "./components/access-gate"
import { PageLoading } from "./components/page-loading"
import { AdminLayout } from "./components/shell/admin-layout"
import { ADMIN_TITLE } from "./components/shell/admin-title"
import { RoleGate } from "./components/role-gate"
import { changeLanguage, language, type Language } from "./i18n"
import { shellMessages, tShell } from "./i18n/shell"
import { authProvider } from "./providers/auth-provider"
import { dataProvider } from "./providers/data-provider"
import { notificationProvider, useToastHostWanted } from "./providers/notification-provider"
import { adminRoutes, refineResources } from "./resources"

// Route-level code splitting: each page is its own chunk, fetched when its route is entered.
export const pageOf = new Map(adminRoutes.map((route) => [route.path, lazy(route.page)]))
// The opened page's code is fetched while the session is being checked, not after.
if (typeof window !== "undefined") {
  const opened = window.location.pathname.replace(/^\/admin/, "").replace(/\/$/, "") || "/"
  void adminRoutes
    .find((route) => matchPath(route.path, opened))
    ?.page()
    .catch(() => undefined)
}
const NotFound = lazy(() => import("./pages/not-found"))

/** The routes of resources.tsx's table, each page behind its resource's roles; anything else is not found. */
export const adminRouteElements = (
  <Route element={<Shell />}>
    {adminRoutes.map((route) => {
      const Page = pageOf.get(route.path)!
      const element = (
        <RoleGate roles={route.resource.roles}>
          <Page />
        </RoleGate>
      )
      return route.path === "/" ? (
        <Route key={route.path} index element={element} />
      ) : (
        <Route key={route.path} path={route.path} element={element} />
      )
    })}
    <Route path="*" element={<NotFound />} />
  </Route>
)

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
 * description grey (45 % black) 3.4:1, its error red (#ff4d4f, a form field's message) 3.3:1: below
 * WCAG's 4.5:1. The palette's next blue reads at 6.2:1, 62 % black at 6.2:1, the darker red at 5.6:1.
 */
const readableTheme = {
  token: { colorPrimary: "#0958d9", colorLink: "#0958d9", colorTextDescription: "rgba(0, 0, 0, 0.62)", colorError: "#cf1322" },
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
          resources={refineResources}
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
          <Routes>{adminRouteElements}</Routes>
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
