import { Col, Flex, Row, Spin } from "antd"
import { PageTitle } from "../components/page-title"
import { RequestError } from "../components/request-error"
import { tDashboard as t } from "../i18n/dashboard"
import { useDashboardData } from "./dashboard-data"
import { ImprintWarning } from "./imprint-warning"
import { useShopDetails } from "../providers/shop-details"
import { LowStock } from "./low-stock"
import { RecentOrders } from "./recent-orders"
import { RevenueChart } from "./revenue-chart"
import { StatCard } from "./stat-card"

/** docs/product.md §2 dashboard at /admin. */
export default function Dashboard() {
  const { stats, users, error, fetching, retry } = useDashboardData()
  // The imprint's warning stands above the figures: they show together, in place of the spinner, so nothing moves.
  const detailsKnown = !useShopDetails().query.isPending
  return (
    <section aria-labelledby="dashboard-title">
      <div style={{ marginBottom: 16 }}>
        <PageTitle id="dashboard-title">{t("title")}</PageTitle>
      </div>
      {(error || (stats && detailsKnown)) && <ImprintWarning />}
      {error ? (
        <RequestError title={t("error.title")} error={error} onRetry={retry} retrying={fetching} />
      ) : !stats || !detailsKnown ? (
        // Keyed apart from the figures: the spinner's element is not reused for them, and so never moves (no layout shift).
        <Flex key="loading" role="status" aria-label={t("loading")} justify="center" style={{ padding: 64 }}>
          <Spin size="large" />
        </Flex>
      ) : (
        <Flex key="figures" vertical gap={16}>
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
