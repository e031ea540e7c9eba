import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined, RiseOutlined } from "@ant-design/icons"
import { formatEuro } from "@enclave/contract/values"
import { theme } from "antd"
import { language, locale } from "../i18n"
import { tDashboard as t } from "../i18n/dashboard"
import { type Card as CardData, type Trend } from "./dashboard-stats"
import { Panel } from "./panel"

const count = new Intl.NumberFormat(locale)
const euros = (cents: number) => formatEuro(cents / 100, language)

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

export function StatCard({
  id,
  title,
  card,
  money = false,
  note,
}: {
  id: string
  title: string
  card: CardData
  money?: boolean
  note?: string
}) {
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
