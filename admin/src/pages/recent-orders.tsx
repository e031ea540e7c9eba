import type { Order, User } from "@enclave/contract"
import { formatEuro } from "@enclave/contract/values"
import { theme } from "antd"
import type { CSSProperties } from "react"
import { language } from "../i18n"
import { tDashboard as t } from "../i18n/dashboard"
import { formatShopDateTime, useShopTimeZone } from "../providers/shop-details"
import { customerLabel, usersById } from "./orders/customer-name"
import { OrderStatusTag } from "./orders/status-tag"
import { Nothing, Panel } from "./panel"

/** docs/product.md §2: the latest five orders, newest first, with customer, date, total and status. */
export function RecentOrders({ orders, users }: { orders: Order[]; users: User[] }) {
  const customers = usersById(users)
  const timeZone = useShopTimeZone()
  const { token } = theme.useToken()
  const cell: CSSProperties = { padding: "8px 16px", borderBottom: `1px solid ${token.colorBorderSecondary}`, whiteSpace: "nowrap" }
  const head: CSSProperties = { ...cell, background: token.colorFillAlter, fontWeight: 600, textAlign: "left" }
  return (
    <Panel
      title={
        <h2 style={{ fontSize: 16, margin: 0 }} id="recent-orders-title">
          {t("recent.title")}
        </h2>
      }
      testId="recent-orders"
      flush
    >
      {orders.length === 0 ? (
        <Nothing text={t("recent.empty")} />
      ) : (
        <div style={{ overflowX: "auto" }}>
          <table aria-labelledby="recent-orders-title" style={{ width: "100%", borderCollapse: "collapse" }}>
            <thead>
              <tr>
                <th style={head}>{t("recent.id")}</th>
                <th style={head}>{t("recent.user")}</th>
                <th style={head}>{t("recent.date")}</th>
                <th style={{ ...head, textAlign: "right" }}>{t("recent.total")}</th>
                <th style={head}>{t("recent.status")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} data-row-key={order.id}>
                  <td style={cell}>#{order.id}</td>
                  <td style={cell}>{customerLabel(order.userId, customers, t("recent.guest"))}</td>
                  <td style={cell}>{formatShopDateTime(order.createdAt, timeZone)}</td>
                  <td style={{ ...cell, textAlign: "right" }}>{formatEuro(order.total, language)}</td>
                  <td style={cell}>
                    <OrderStatusTag status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  )
}
