import { SafetyCertificateOutlined, ShoppingOutlined } from "@ant-design/icons"
import { RefineThemes, ThemedLayout, useNotificationProvider } from "@refinedev/antd"
import "@refinedev/antd/dist/reset.css"
import { Refine } from "@refinedev/core"
import routerProvider, { DocumentTitleHandler, NavigateToResource } from "@refinedev/react-router"
import { App as AntdApp, ConfigProvider, Grid } from "antd"
import { lazy, Suspense } from "react"
import { BrowserRouter, Outlet, Route, Routes } from "react-router"
import { AdminHeader } from "./components/header"
import { PageLoading } from "./components/page-loading"
import { dataProvider } from "./providers/data-provider"

// Route-level code splitting: each page is its own chunk, fetched when its route is entered.
const ProductList = lazy(() => import("./pages/products/list"))
const NotFound = lazy(() => import("./pages/not-found"))

export const ADMIN_TITLE = "Enclave Admin"

/** Resources are declared once; a route exists only for the actions that have a page. */
const resources = [
  {
    name: "products",
    list: "/products",
    meta: { label: "Products", icon: <ShoppingOutlined /> },
  },
]

function Shell() {
  // Below antd's lg breakpoint ThemedSider turns into a drawer whose open button is fixed just
  // under the header: keep the page's heading clear of it.
  const siderIsDrawer = Grid.useBreakpoint().lg === false
  return (
    <ThemedLayout Header={AdminHeader}>
      <div style={siderIsDrawer ? { paddingTop: 40 } : undefined}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </ThemedLayout>
  )
}

export function App() {
  return (
    // The front door serves the admin under /admin; routes below are relative to it.
    <BrowserRouter basename="/admin">
      <ConfigProvider theme={RefineThemes.Blue}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
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
                {/* The dashboard is not built yet: /admin opens the product list. */}
                <Route index element={<NavigateToResource resource="products" />} />
                <Route path="/products" element={<ProductList />} />
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
