import { Alert } from "antd"
import { useOne } from "@refinedev/core"
import { Link } from "react-router"
import type { PaymentConfigRecord } from "../../providers/resources/payment-config"
import { PAYMENT_CONFIG_ID } from "../../providers/resources/payment-config-id"
import { tShell } from "../../i18n/shell"

/**
 * On every page of the back office while checkout takes test payments: the simulated card places
 * orders that take real stock without any payment, which a shop selling for real must not allow.
 * It follows the payment settings as they are saved (the same query as the Payments page): useTestPayments.
 */
export function useTestPayments(): { on: boolean; known: boolean } {
  const { result: config, query } = useOne<PaymentConfigRecord>({
    resource: "payment-config",
    id: PAYMENT_CONFIG_ID,
    // The Payments page says when the settings cannot be loaded; the frame keeps quiet.
    errorNotification: false,
  })
  return { on: Boolean(config?.testPaymentsEnabled && config.stripeSandboxMode), known: !query.isPending }
}

export function TestPaymentsBanner({ on }: { on: boolean }) {
  if (!on) return null
  return (
    <Alert
      type="warning"
      showIcon
      banner
      role="alert"
      data-testid="test-payments-banner"
      message={tShell("testPayments.title")}
      description={
        <>
          {tShell("testPayments.text")}{" "}
          <Link to="/payments" style={{ textDecoration: "underline" }}>
            {tShell("testPayments.link")}
          </Link>
        </>
      }
    />
  )
}
