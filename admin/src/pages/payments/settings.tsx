import { useOne } from "@refinedev/core"
import { Card, Divider, Flex, Tabs, Tag, Typography } from "antd"
import { type ReactNode } from "react"
import { BandTag } from "../../components/band-tag"
import { RequestError } from "../../components/request-error"
import { formatShopDateTime, useShopTimeZone } from "../../providers/shop-details"
import { tPayments as t } from "../../i18n/payments"
import { PAYMENT_CONFIG_ID, type PaymentConfigRecord } from "../../providers/resources/payment-config"
import { toast } from "../../providers/toast"
import { RESOURCE } from "./form-values"
import { stripeFields, paypalFields, shippingFields, invoiceFields } from "./field-specs"
import { SettingsForm, KeySections } from "./settings-form"
import { EnableSwitch, ProviderSwitch, WebhookUrl, StatusTags } from "./enable-switch"

export default function PaymentSettings() {
  const timeZone = useShopTimeZone()
  const { result: config, query } = useOne<PaymentConfigRecord>({
    resource: RESOURCE,
    id: PAYMENT_CONFIG_ID,
    errorNotification: toast("error", t("loadFailedTitle"), t("loadFailedText")),
  })

  let body: ReactNode
  if (query.isError) {
    body = <RequestError title={t("loadFailedText")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  } else if (!config) {
    body = <Card loading aria-busy="true" />
  } else {
    body = (
      <Tabs
        defaultActiveKey="card"
        items={[
          {
            key: "card",
            label: t("tabCard"),
            children: (
              <section aria-label={t("tabCard")}>
                <Flex justify="space-between" wrap style={{ marginBottom: 8 }}>
                  <StatusTags enabled={config.stripeEnabled} sandbox={config.stripeSandboxMode} />
                </Flex>
                <ProviderSwitch config={config} provider="Stripe" />
                <EnableSwitch
                  field="testPaymentsEnabled"
                  name="test-payments"
                  enabled={config.testPaymentsEnabled}
                  ready={config.stripeSandboxMode}
                  texts={{
                    label: t("testPayments"),
                    hint: t("testPaymentsHint"),
                    blocked: t("testPaymentsBlocked"),
                    enabledText: t("testPaymentsOnText"),
                    disabledText: t("testPaymentsOffText"),
                    enableFailed: t("testPaymentsOnFailed"),
                    disableFailed: t("testPaymentsOffFailed"),
                  }}
                />
                <WebhookUrl provider="Stripe" />
                <SettingsForm
                  config={config}
                  fields={stripeFields}
                  switchField="stripeSandboxMode"
                  saveLabel={t("saveCard")}
                  savedText={t("cardSavedText")}
                  testId="stripe-form"
                >
                  {(item) => (
                    <KeySections
                      item={item}
                      sandbox={["stripeSandboxPublicKey", "stripeSandboxSecretKey", "stripeSandboxWebhookSecret"]}
                      live={["stripePublicKey", "stripeSecretKey", "stripeWebhookSecret"]}
                    />
                  )}
                </SettingsForm>
              </section>
            ),
          },
          {
            key: "wallet",
            label: t("tabWallet"),
            children: (
              <section aria-label={t("tabWallet")}>
                <Flex justify="space-between" wrap style={{ marginBottom: 8 }}>
                  <StatusTags enabled={config.paypalEnabled} sandbox={config.paypalSandboxMode} />
                </Flex>
                <ProviderSwitch config={config} provider="PayPal" />
                <WebhookUrl provider="PayPal" />
                <SettingsForm
                  config={config}
                  fields={paypalFields}
                  switchField="paypalSandboxMode"
                  saveLabel={t("saveWallet")}
                  savedText={t("walletSavedText")}
                  testId="paypal-form"
                >
                  {(item) => (
                    <KeySections
                      item={item}
                      sandbox={["paypalSandboxClientId", "paypalSandboxSecret", "paypalSandboxWebhookId"]}
                      live={["paypalClientId", "paypalSecret", "paypalWebhookId"]}
                    />
                  )}
                </SettingsForm>
              </section>
            ),
          },
          {
            key: "invoice",
            label: t("invoiceTab"),
            children: (
              <section aria-label={t("invoiceTab")}>
                <Flex justify="space-between" wrap style={{ marginBottom: 8 }}>
                  {config.invoiceEnabled ? <BandTag band="green">{t("enabled")}</BandTag> : <Tag>{t("disabled")}</Tag>}
                </Flex>
                <EnableSwitch
                  field="invoiceEnabled"
                  name="invoice"
                  enabled={config.invoiceEnabled}
                  ready={config.invoiceDetailsSaved}
                  texts={{
                    label: t("invoiceEnable"),
                    hint: t("invoiceEnableHint"),
                    blocked: t("invoiceEnableBlocked"),
                    enabledText: t("invoiceEnabledText"),
                    disabledText: t("invoiceDisabledText"),
                    enableFailed: t("invoiceEnableFailedText"),
                    disableFailed: t("invoiceDisableFailedText"),
                  }}
                />
                <SettingsForm
                  config={config}
                  fields={invoiceFields(config.invoiceEnabled)}
                  saveLabel={t("invoiceSave")}
                  savedText={t("invoiceSavedText")}
                  testId="invoice-form"
                >
                  {(item) => (
                    <Flex gap="large" wrap>
                      <Card size="small" title={t("invoiceBankAccount")} style={{ flex: "1 1 300px" }} data-testid="invoice-bank-account">
                        {item("invoiceAccountHolder")}
                        {item("invoiceIban")}
                        {item("invoiceBic")}
                      </Card>
                      <Card size="small" title={t("invoiceTerms")} style={{ flex: "1 1 300px" }} data-testid="invoice-terms">
                        {item("invoicePaymentTermDays")}
                        {item("invoiceMinimumTotal")}
                      </Card>
                    </Flex>
                  )}
                </SettingsForm>
              </section>
            ),
          },
          {
            key: "shipping",
            label: t("tabShipping"),
            children: (
              <section aria-label={t("tabShipping")}>
                <SettingsForm
                  config={config}
                  fields={shippingFields}
                  saveLabel={t("saveShipping")}
                  savedText={t("shippingSavedText")}
                  testId="shipping-settings-form"
                >
                  {(item) => (
                    <>
                      {item("shippingLabel")}
                      {item("shippingPrice")}
                    </>
                  )}
                </SettingsForm>
              </section>
            ),
          },
        ]}
      />
    )
  }

  return (
    <section aria-labelledby="payments-title">
      <Typography.Title id="payments-title" level={3} style={{ marginTop: 0 }}>
        {t("title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t("intro")}
        {config ? <> {t("lastSaved", { date: formatShopDateTime(config.updatedAt, timeZone) })}</> : null}
      </Typography.Paragraph>
      <Divider style={{ margin: "8px 0 16px" }} />
      {body}
    </section>
  )
}
