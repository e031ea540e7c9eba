import type { Order, Product, User } from "@enclave/contract"
import { useCustom, type BaseRecord } from "@refinedev/core"
import { DASHBOARD_LISTS } from "../providers/resources/dashboard"
import { useShopTimeZone } from "../providers/shop-details"
import { dashboardStats } from "./dashboard-stats"

/** One of the dashboard's lists, through the data provider (the "dashboard" resource reads them without zod). */
function useDashboardList<T>(url: (typeof DASHBOARD_LISTS)[keyof typeof DASHBOARD_LISTS]) {
  const { query } = useCustom<T[] & BaseRecord>({
    url,
    method: "get",
    meta: { resource: "dashboard" },
    // The page says what failed, with a retry, instead of a toast.
    errorNotification: false,
  })
  return query
}

export function useDashboardData() {
  const users = useDashboardList<User>(DASHBOARD_LISTS.users)
  const products = useDashboardList<Product>(DASHBOARD_LISTS.products)
  const orders = useDashboardList<Order>(DASHBOARD_LISTS.orders)
  const queries = [users, products, orders]
  const error = queries.find((q) => q.isError)?.error ?? undefined
  const timeZone = useShopTimeZone()
  const stats =
    users.data && products.data && orders.data ? dashboardStats(users.data.data, products.data.data, orders.data.data, timeZone) : undefined
  return {
    stats,
    users: users.data?.data ?? [],
    error,
    fetching: queries.some((q) => q.isFetching),
    retry: () => queries.forEach((q) => q.isError && void q.refetch()),
  }
}
