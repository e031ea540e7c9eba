import type { Order, OrderItem } from "@enclave/contract"
import { centsToEuros, eurosToCents, formatEuro, shownImageUrl, productName } from "@enclave/contract/values"
import { Card, Flex, Table, Typography } from "antd"
import { type ReactNode } from "react"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"

const euro = (amount: string | number) => formatEuro(amount, language)

/** A line under the items: the label in the first three columns, the amount in the last. */
function SummaryRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={3} align="right">
        {label}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={3} align="right">
        {children}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  )
}

/** The order's items with their prices, the subtotal, shipping and total. */
export function ItemsCard({ order }: { order: Order }) {
  return (
    <Card title={t("items")} size="small">
      <Table<OrderItem>
        dataSource={order.items}
        rowKey="id"
        pagination={false}
        size="small"
        scroll={{ x: "max-content" }}
        columns={[
          {
            key: "product",
            title: t("product"),
            render: (_, item) => (
              <Flex align="center" gap="small">
                <img
                  src={shownImageUrl(item.product.imageUrl)}
                  alt={item.product.name}
                  width={40}
                  height={40}
                  loading="lazy"
                  style={{ objectFit: "contain", display: "block" }}
                />
                <Typography.Text strong>{productName(item.product, language)}</Typography.Text>
              </Flex>
            ),
          },
          { dataIndex: "quantity", title: t("qty"), align: "right" },
          { dataIndex: "price", title: t("price"), align: "right", render: (price: string) => euro(price) },
          {
            key: "lineTotal",
            title: t("lineTotal"),
            align: "right",
            render: (_, item) => euro(centsToEuros(eurosToCents(item.price) * item.quantity)),
          },
        ]}
        summary={() => (
          <>
            <SummaryRow label={t("subtotal")}>{euro(order.subtotal)}</SummaryRow>
            <SummaryRow label={t("shipping")}>{euro(order.shippingCost)}</SummaryRow>
            <SummaryRow label={<Typography.Text strong>{t("total")}</Typography.Text>}>
              <Typography.Text strong data-testid="order-total">
                {euro(order.total)}
              </Typography.Text>
            </SummaryRow>
          </>
        )}
      />
    </Card>
  )
}
