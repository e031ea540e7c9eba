import type { AdminReturn } from "@enclave/contract"
import { useList, type HttpError } from "@refinedev/core"
import { Alert, Button, Flex, Space, Table, Tag, Typography } from "antd"
import { useState } from "react"
import { Link } from "react-router"
import { BandTag } from "../../components/band-tag"
import { language } from "../../i18n"
import { tReturns as t } from "../../i18n/returns"
import { formatShopDateTime, useShopTimeZone } from "../../providers/shop-details"
import { ReceiveModal } from "./receive-modal"
import { RefundModal } from "./refund-modal"

const stateBand = { requested: "gold", received: "gold", partially_received: "gold", refunded: "green" } as const

/** A calendar day (YYYY-MM-DD) as the admin's language writes it; UTC both ways, so no zone moves it. */
function day(value: string): string {
  const [year, month, date] = value.split("-").map(Number)
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  )
}

/**
 * The Returns list. Each customer's withdrawal and each return staff opened, with its state, the
 * withdrawal's date and 14-day refund deadline (overdue ones marked), and what to do next: receive the
 * goods (restock or not) and refund.
 */
export default function ReturnList() {
  const timeZone = useShopTimeZone()
  // Read afresh whenever the page is opened: withdrawals arrive from customers meanwhile.
  const { query: returns, result } = useList<AdminReturn, HttpError>({
    resource: "returns",
    pagination: { mode: "off" },
    queryOptions: { staleTime: 0 },
    // The page says it, with a retry.
    errorNotification: false,
  })
  const [receiving, setReceiving] = useState<AdminReturn | null>(null)
  const [refunding, setRefunding] = useState<number | null>(null)

  return (
    <section aria-labelledby="returns-title">
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <Typography.Title id="returns-title" level={3} style={{ margin: 0 }}>
          {t("title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("intro")}</Typography.Text>
      </Flex>
      {returns.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t("loadError")}
          description={returns.error.message}
          action={<Button onClick={() => void returns.refetch()}>{t("retry")}</Button>}
        />
      ) : (
        // Scrolled by its wrapper, not antd's scroll.x: that adds a hidden row of measuring <th>s to the body,
        // which leaves the table's cells without a clear header (HTML_CodeSniffer H43).
        <div style={{ overflowX: "auto" }}>
          <Table<AdminReturn>
            rowKey="id"
            loading={returns.isPending}
            dataSource={result.data}
            locale={{ emptyText: t("empty") }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            onRow={(entry) => ({ "data-return-order": entry.orderId }) as React.HTMLAttributes<HTMLElement>}
          >
            <Table.Column<AdminReturn>
              key="order"
              title={t("colOrder")}
              render={(_, entry) => (
                <Flex vertical>
                  <Link to={`/orders/${entry.orderId}`}>{t("orderLink", { id: entry.orderId })}</Link>
                  <Typography.Text type="secondary">{entry.email ?? ""}</Typography.Text>
                </Flex>
              )}
            />
            <Table.Column<AdminReturn>
              key="kind"
              title={t("colKind")}
              render={(_, entry) => (
                <Space size={4} wrap>
                  <Tag>{t(`kind.${entry.kind}`)}</Tag>
                  {entry.kind === "staff" && entry.reason && ["goodwill", "warranty", "withdrawal"].includes(entry.reason) ? (
                    <Tag>{t(`reason.${entry.reason as "goodwill"}`)}</Tag>
                  ) : null}
                </Space>
              )}
            />
            <Table.Column<AdminReturn>
              key="state"
              title={t("colState")}
              render={(_, entry) => (
                <Space size={4} wrap data-return-state={entry.state}>
                  <BandTag band={stateBand[entry.state]}>{t(`state.${entry.state}`)}</BandTag>
                  {entry.returnId === null && entry.state !== "refunded" ? <BandTag band="red">{t("notDispatched")}</BandTag> : null}
                </Space>
              )}
            />
            <Table.Column<AdminReturn>
              key="requested"
              title={t("colRequested")}
              render={(_, entry) => formatShopDateTime(entry.withdrawnAt ?? entry.requestedAt, timeZone)}
            />
            <Table.Column<AdminReturn>
              key="deadline"
              title={t("colDeadline")}
              render={(_, entry) =>
                entry.refundDeadline ? (
                  <Space size={4} wrap>
                    <span>{day(entry.refundDeadline)}</span>
                    {entry.overdue ? <BandTag band="red">{t("overdue")}</BandTag> : null}
                  </Space>
                ) : (
                  "—"
                )
              }
            />
            <Table.Column<AdminReturn>
              key="items"
              title={t("colItems")}
              render={(_, entry) => entry.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}
            />
            <Table.Column<AdminReturn>
              key="actions"
              title={t("colActions")}
              render={(_, entry) => (
                <Space wrap>
                  {entry.returnId && entry.state === "requested" ? (
                    <Button onClick={() => setReceiving(entry)}>{t("receive")}</Button>
                  ) : null}
                  {entry.state !== "refunded" ? (
                    <Button type="primary" onClick={() => setRefunding(entry.orderId)}>
                      {t("refund")}
                    </Button>
                  ) : null}
                </Space>
              )}
            />
          </Table>
        </div>
      )}
      {receiving ? <ReceiveModal entry={receiving} onClose={() => setReceiving(null)} /> : null}
      {refunding !== null ? <RefundModal orderId={refunding} onClose={() => setRefunding(null)} /> : null}
    </section>
  )
}
