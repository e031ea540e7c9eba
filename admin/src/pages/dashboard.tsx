import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined, RiseOutlined } from "@ant-design/icons"
import type { Order, Product, User } from "@enclave/contract"
import { formatEuro } from "@enclave/contract/values"
import { useCustom, type BaseRecord } from "@refinedev/core"
import { Alert, Col, Flex, Row, Spin, theme } from "antd"
import { Link } from "react-router"
import type { CSSProperties, ReactNode } from "react"
import { BandTag } from "../components/band-tag"
import { PageTitle } from "../components/page-title"
import { RequestError } from "../components/request-error"
import { language, locale } from "../i18n"
import { tDashboard as t } from "../i18n/dashboard"
import { tShopDetails } from "../i18n/shop-details"
import { DASHBOARD_LISTS } from "../providers/resources/dashboard"
import { formatShopDateTime, useShopDetails, useShopTimeZone } from "../providers/shop-details"
import { customerLabel, usersById } from "./orders/customer-name"
import { OrderStatusTag } from "./orders/status-tag"
import { dashboardStats, type Card as CardData, type DashboardStats, type Trend } from "./dashboard-stats"

const shortDay = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" })
const count = new Intl.NumberFormat(locale)
const euros = (cents: number) => formatEuro(cents / 100, language)

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

function useDashboardData() {
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

/**
 * A bordered panel in antd's card style. Plain elements rather than antd's Card and Table: those
 * bring Tabs, Skeleton, Pagination and Select into the first admin screen's download.
 */
function Panel({
  title,
  children,
  testId,
  flush = false,
  style,
}: {
  title?: ReactNode
  children: ReactNode
  testId?: string
  flush?: boolean
  style?: CSSProperties
}) {
  const { token } = theme.useToken()
  return (
    <div
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      {title ? (
        <div style={{ padding: "12px 24px", borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: 600 }}>{title}</div>
      ) : null}
      <div style={{ padding: flush ? 0 : 24 }}>{children}</div>
    </div>
  )
}

/** An empty list's words, in the muted style of antd's Empty. */
function Nothing({ text }: { text: string }) {
  const { token } = theme.useToken()
  return <p style={{ margin: 0, padding: 24, textAlign: "center", color: token.colorTextDescription }}>{text}</p>
}

/**
 * The trend's text colours: antd's green-8 and red-7, 5.6:1 on the card's white. The theme's success
 * and error colours (#52c41a, #ff4d4f) are 2.3:1 and 3.3:1, below the 4.5:1 text needs.
 */
const TREND_UP = "#237804"
const TREND_DOWN = "#cf1322"

function TrendLine({ trend }: { trend: Trend }) {
  const { token } = theme.useToken()
  if (trend.kind === "new") {
    return (
      <span style={{ color: TREND_UP }} data-trend="new">
        <RiseOutlined aria-hidden /> {t("trend.new")}
      </span>
    )
  }
  const { percent } = trend
  const [Icon, colour, text] =
    percent > 0
      ? [ArrowUpOutlined, TREND_UP, t("trend.up", { percent })]
      : percent < 0
        ? [ArrowDownOutlined, TREND_DOWN, t("trend.down", { percent: Math.abs(percent) })]
        : [MinusOutlined, token.colorTextSecondary, t("trend.flat")]
  return (
    <span style={{ color: colour }} data-trend={percent > 0 ? "up" : percent < 0 ? "down" : "flat"} data-percent={percent}>
      <Icon aria-hidden /> {text}
    </span>
  )
}

function StatCard({ id, title, card, money = false, note }: { id: string; title: string; card: CardData; money?: boolean; note?: string }) {
  const { token } = theme.useToken()
  return (
    <Panel testId={`card-${id}`} style={{ height: "100%" }}>
      <span style={{ color: token.colorTextSecondary }} id={`card-${id}-title`}>
        {title}
      </span>
      <div aria-labelledby={`card-${id}-title`} data-testid={`card-${id}-value`} style={{ fontSize: 28, fontWeight: 600, margin: "4px 0" }}>
        {money ? euros(card.value) : count.format(card.value)}
      </div>
      <TrendLine trend={card.trend} />
      {note ? <div style={{ color: token.colorTextSecondary, fontSize: 12, marginTop: 4 }}>{note}</div> : null}
    </Panel>
  )
}

/** A plain SVG bar chart with its figures in words and as a table (no chart library). */
function RevenueChart({ days }: { days: DashboardStats["revenuePerDay"] }) {
  const { token } = theme.useToken()
  const total = days.reduce((sum, d) => sum + d.cents, 0)
  const best = days.reduce((top, d) => (d.cents > top.cents ? d : top), days[0])
  const max = Math.max(1, ...days.map((d) => d.cents))
  const width = 600
  const height = 180
  const gap = 4
  const barWidth = width / days.length - gap
  const dayLabel = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`))
  const summary =
    total === 0 ? t("chart.empty") : t("chart.summary", { total: euros(total), best: euros(best.cents), date: dayLabel(best.day) })
  return (
    <Panel
      title={
        <h2 style={{ fontSize: 16, margin: 0 }} id="revenue-chart-title">
          {t("chart.title")}
        </h2>
      }
    >
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        width="100%"
        role="img"
        aria-labelledby="revenue-chart-title revenue-chart-summary"
        data-testid="revenue-chart"
        style={{ display: "block", maxHeight: 240 }}
      >
        <line x1={0} y1={height} x2={width} y2={height} stroke={token.colorBorder} />
        {days.map((d, i) => {
          const h = Math.round((d.cents / max) * (height - 10))
          return (
            <rect
              key={d.day}
              x={i * (barWidth + gap) + gap / 2}
              y={height - h}
              width={barWidth}
              height={h}
              fill={token.colorPrimary}
              rx={2}
            >
              <title>{`${dayLabel(d.day)}: ${euros(d.cents)}`}</title>
            </rect>
          )
        })}
        {[0, 14, days.length - 1].map((i, n) => (
          <text
            key={i}
            x={n === 0 ? 0 : n === 2 ? width : i * (barWidth + gap) + barWidth / 2}
            y={height + 16}
            fontSize={11}
            textAnchor={n === 0 ? "start" : n === 2 ? "end" : "middle"}
            fill={token.colorTextSecondary}
          >
            {dayLabel(days[i].day)}
          </text>
        ))}
      </svg>
      <p id="revenue-chart-summary" style={{ margin: "8px 0" }}>
        {summary}
      </p>
      <details>
        <summary style={{ cursor: "pointer", color: token.colorLink }}>{t("chart.showTable")}</summary>
        <table style={{ width: "100%", marginTop: 8, borderCollapse: "collapse" }} aria-label={t("chart.title")}>
          <thead>
            <tr>
              <th style={{ textAlign: "left" }}>{t("chart.date")}</th>
              <th style={{ textAlign: "right" }}>{t("chart.revenue")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{dayLabel(d.day)}</td>
                <td style={{ textAlign: "right" }}>{euros(d.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Panel>
  )
}

function RecentOrders({ orders, users }: { orders: Order[]; users: User[] }) {
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

function LowStock({ products }: { products: Product[] }) {
  return (
    <Panel title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("lowStock.title")}</h2>} testId="low-stock" style={{ height: "100%" }}>
      {products.length === 0 ? (
        <Nothing text={t("lowStock.empty")} />
      ) : (
        <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {products.map((p) => (
            <li key={p.id} data-product-id={p.id} style={{ display: "flex", justifyContent: "space-between", gap: 8, padding: "6px 0" }}>
              <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={p.name}>
                {p.name}
              </span>
              <BandTag band={p.stockQuantity === 0 ? "red" : "gold"} style={{ marginInlineEnd: 0 }}>
                {p.stockQuantity === 0 ? t("lowStock.out") : t("lowStock.left", { count: p.stockQuantity })}
              </BandTag>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

/** docs/product.md §2 dashboard at /admin. */
/**
 * Issue 19: while a required field of the imprint is empty, the imprint shows "to be filled in" to every
 * visitor; the dashboard says so, and which fields, until they are saved.
 */
function ImprintWarning() {
  const { details: data } = useShopDetails()
  if (!data || data.missingFields.length === 0) return null
  const fields = data.missingFields.map((field) => tShopDetails(`field.${field}`)).join(", ")
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="imprint-warning"
      style={{ marginBottom: 16 }}
      message={tShopDetails("missingTitle")}
      description={
        <>
          {tShopDetails("missingText", { fields })}{" "}
          <Link to="/shop-details" style={{ textDecoration: "underline" }}>
            {tShopDetails("missingLink")}
          </Link>
        </>
      }
    />
  )
}

export default function Dashboard() {
  const { stats, users, error, fetching, retry } = useDashboardData()
  return (
    <section aria-labelledby="dashboard-title">
      <div style={{ marginBottom: 16 }}>
        <PageTitle id="dashboard-title">{t("title")}</PageTitle>
      </div>
      <ImprintWarning />
      {error ? (
        <RequestError title={t("error.title")} error={error} onRetry={retry} retrying={fetching} />
      ) : !stats ? (
        <Flex role="status" aria-label={t("loading")} justify="center" style={{ padding: 64 }}>
          <Spin size="large" />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <StatCard id="users" title={t("cards.users")} card={stats.users} />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard id="products" title={t("cards.products")} card={stats.products} />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard id="orders" title={t("cards.orders")} card={stats.orders} />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard id="revenue" title={t("cards.revenue")} card={stats.revenue} money note={t("cards.revenueNote")} />
            </Col>
          </Row>
          <RevenueChart days={stats.revenuePerDay} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <RecentOrders orders={stats.recentOrders} users={users} />
            </Col>
            <Col xs={24} xl={8}>
              <LowStock products={stats.lowStock} />
            </Col>
          </Row>
        </Flex>
      )}
    </section>
  )
}
