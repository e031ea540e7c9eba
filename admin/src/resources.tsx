import {
  CarOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  RollbackOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from "@ant-design/icons"
import type { ComponentType, ReactNode } from "react"
import { tShell, type shellMessages } from "./i18n/shell"
import { dashboardLists } from "./providers/resources/dashboard"
import type { ResourceHandler } from "./providers/resources/resource"
import { shopDetails } from "./providers/resources/shop-details"

/** Who may open a resource's pages and make its calls: the session's roles (auth-provider's rolesOf). */
export type Role = "admin"

/** A page's module, loaded when its route is entered (each page is its own chunk). */
export type PageModule = () => Promise<{ default: ComponentType }>

export interface AdminResource {
  /** Refine's resource name: what pages pass to useList/useOne/… and the data provider's key. */
  name: string
  /** The list page's path inside /admin: the area's page in the sidebar. */
  list?: { path: string; page: PageModule }
  /** One record's page (":id" in the path is the record's id). */
  show?: { path: string; page: PageModule }
  /** The sidebar's entry: the icon and the shell catalogue's key of the area's name (also the document title). */
  nav?: { icon: ReactNode; label: keyof typeof shellMessages.en }
  /** The roles that may open the resource's pages. */
  roles: readonly Role[]
  /**
   * The resource's calls over /api (providers/resources/<resource>.ts). Loaded with the first call, with the
   * page that makes it: most of them bring the contract's zod schemas, which the first screen goes without.
   */
  data?: () => Promise<ResourceHandler>
}

const ADMINS: readonly Role[] = ["admin"]

/**
 * The back office's resources, declared once: Refine's `resources`, the routes and the sidebar (App.tsx,
 * components/shell/admin-nav.tsx) and the data provider's calls (providers/data-provider.ts) are all read
 * from this table. The sidebar is docs/product.md §2's, in its order.
 */
export const adminResources: readonly AdminResource[] = [
  {
    name: "dashboard",
    list: { path: "/", page: () => import("./pages/dashboard") },
    nav: { icon: <DashboardOutlined />, label: "nav.dashboard" },
    roles: ADMINS,
    // The first screen's figures, read without zod (static: the dashboard's first call waits for no chunk).
    data: async () => dashboardLists,
  },
  {
    name: "products",
    list: { path: "/products", page: () => import("./pages/products/list") },
    nav: { icon: <ShoppingOutlined />, label: "nav.products" },
    roles: ADMINS,
    data: () => import("./providers/resources/products").then((m) => m.products),
  },
  {
    name: "orders",
    list: { path: "/orders", page: () => import("./pages/orders/list") },
    show: { path: "/orders/:id", page: () => import("./pages/orders/show") },
    nav: { icon: <ShoppingCartOutlined />, label: "nav.orders" },
    roles: ADMINS,
    data: () => import("./providers/resources/orders").then((m) => m.orders),
  },
  {
    // Withdrawals and returns to receive and refund, beside the orders they belong to.
    name: "returns",
    list: { path: "/returns", page: () => import("./pages/returns/list") },
    nav: { icon: <RollbackOutlined />, label: "nav.returns" },
    roles: ADMINS,
    data: () => import("./providers/resources/returns").then((m) => m.returns),
  },
  {
    name: "shipping-methods",
    list: { path: "/shipping", page: () => import("./pages/shipping/list") },
    nav: { icon: <CarOutlined />, label: "nav.shipping" },
    roles: ADMINS,
    data: () => import("./providers/resources/shipping-methods").then((m) => m.shippingMethods),
  },
  {
    name: "users",
    list: { path: "/users", page: () => import("./pages/users/list") },
    nav: { icon: <TeamOutlined />, label: "nav.users" },
    roles: ADMINS,
    data: () => import("./providers/resources/users").then((m) => m.users),
  },
  {
    name: "payment-config",
    list: { path: "/payments", page: () => import("./pages/payments/settings") },
    nav: { icon: <CreditCardOutlined />, label: "nav.payments" },
    roles: ADMINS,
    data: () => import("./providers/resources/payment-config").then((m) => m.paymentConfig),
  },
  {
    // The shop's own settings beside the payment settings: the imprint and the time zone.
    name: "shop-details",
    list: { path: "/shop-details", page: () => import("./pages/shop-details/settings") },
    nav: { icon: <ShopOutlined />, label: "nav.shopDetails" },
    roles: ADMINS,
    // Read by the first screen (the imprint warning, every date's time zone): zod-free and static.
    data: async () => shopDetails,
  },
  {
    // An order's refunds: what may be refunded, and refunding (the order page's and the Returns list's dialog).
    name: "refunds",
    roles: ADMINS,
    data: () => import("./providers/resources/refunds").then((m) => m.refunds),
  },
  {
    // Payments taken that could not become an order, shown above the order list.
    name: "unfinalised-payments",
    roles: ADMINS,
    data: () => import("./providers/resources/unfinalised-payments").then((m) => m.unfinalisedPayments),
  },
]

export function resourceNamed(name: string): AdminResource | undefined {
  return adminResources.find((resource) => resource.name === name)
}

/** Whether a session with these roles may open the resource. */
export function allows(resource: Pick<AdminResource, "roles">, roles: readonly string[]): boolean {
  return resource.roles.some((role) => roles.includes(role))
}

/** Refine's `resources`: they name the pages for the document title and tell Refine which resource a route shows. */
export const refineResources = adminResources.map((resource) => ({
  name: resource.name,
  ...(resource.list ? { list: resource.list.path } : {}),
  ...(resource.show ? { show: resource.show.path } : {}),
  meta: { ...(resource.nav ? { label: tShell(resource.nav.label) } : {}), roles: resource.roles },
}))

/** One route of the admin: a resource's list or record page. */
export interface AdminRoute {
  path: string
  resource: AdminResource
  page: PageModule
}

export const adminRoutes: readonly AdminRoute[] = adminResources.flatMap((resource) =>
  [resource.list, resource.show].filter((page) => page !== undefined).map(({ path, page }) => ({ path, resource, page })),
)

/** An area of the sidebar: a resource's list page. */
export interface Area {
  name: string
  /** The area's path inside /admin. */
  path: string
  label: string
  icon: ReactNode
  roles: readonly Role[]
}

export const areas: readonly Area[] = adminResources.flatMap((resource) =>
  resource.nav && resource.list
    ? [{ name: resource.name, path: resource.list.path, label: tShell(resource.nav.label), icon: resource.nav.icon, roles: resource.roles }]
    : [],
)
