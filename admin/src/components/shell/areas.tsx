import {
  CarOutlined,
  ShopOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  RollbackOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from "@ant-design/icons"
import type { ReactNode } from "react"
import { tShell } from "../../i18n/shell"

export interface Area {
  /** Refine's resource name. */
  name: string
  /** The area's path inside /admin. */
  path: string
  label: string
  icon: ReactNode
}

/** docs/product.md §2's sidebar, in its order. */
export const areas: Area[] = [
  { name: "dashboard", path: "/", label: tShell("nav.dashboard"), icon: <DashboardOutlined /> },
  { name: "products", path: "/products", label: tShell("nav.products"), icon: <ShoppingOutlined /> },
  { name: "orders", path: "/orders", label: tShell("nav.orders"), icon: <ShoppingCartOutlined /> },
  // Withdrawals and returns to receive and refund, beside the orders they belong to.
  { name: "returns", path: "/returns", label: tShell("nav.returns"), icon: <RollbackOutlined /> },
  { name: "shipping-methods", path: "/shipping", label: tShell("nav.shipping"), icon: <CarOutlined /> },
  { name: "users", path: "/users", label: tShell("nav.users"), icon: <TeamOutlined /> },
  { name: "payment-config", path: "/payments", label: tShell("nav.payments"), icon: <CreditCardOutlined /> },
  // The shop's own settings beside the payment settings: the imprint and the time zone.
  { name: "shop-details", path: "/shop-details", label: tShell("nav.shopDetails"), icon: <ShopOutlined /> },
]
