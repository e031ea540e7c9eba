import { formatEuro } from "@enclave/contract/values"
import { theme } from "antd"
import { language, locale } from "../i18n"
import { tDashboard as t } from "../i18n/dashboard"
import { type DashboardStats } from "./dashboard-stats"
import { Panel } from "./panel"

const shortDay = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" })
const euros = (cents: number) => formatEuro(cents / 100, language)

/** A plain SVG bar chart with its figures in words and as a table (no chart library). */
export function RevenueChart({ days }: { days: DashboardStats["revenuePerDay"] }) {
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
