import type { Order } from "@enclave/contract"
import { formatEuro, shippingMethodName } from "@enclave/contract/values"
import { Card, Descriptions, Space, Typography } from "antd"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"
import { InvoiceFacts } from "./invoice"
import { isTestOrder, TestPaymentTag } from "./tags"

const euro = (amount: string | number) => formatEuro(amount, language)

/** How the order was paid: method, payment id, total, shipping method. */
export function PaymentCard({ order }: { order: Order }) {
  return (
    <Card title={t("payment")} size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t("paymentMethod")}>
          <Space wrap>
            <span data-testid="payment-method">{order.paymentMethod}</span>
            {isTestOrder(order) ? <TestPaymentTag /> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t("paymentId")}>
          <Typography.Text copyable={order.paymentId ? { text: order.paymentId } : false} data-testid="payment-id">
            {order.paymentId ?? t("none")}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("shippingMethod")}>
          {order.shippingMethod ? shippingMethodName(order.shippingMethod, language) : t("none")}
        </Descriptions.Item>
        <Descriptions.Item label={t("total")}>{euro(order.total)}</Descriptions.Item>
      </Descriptions>
      {order.invoice ? <InvoiceFacts order={order} invoice={order.invoice} /> : null}
    </Card>
  )
}
