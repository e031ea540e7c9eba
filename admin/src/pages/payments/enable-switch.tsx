import { LockOutlined } from "@ant-design/icons"
import { useUpdate } from "@refinedev/core"
import { Flex, Space, Switch, Tag, Typography } from "antd"
import { BandTag } from "../../components/band-tag"
import { tPayments as t } from "../../i18n/payments"
import { PAYMENT_CONFIG_ID, type PaymentConfigRecord } from "../../providers/resources/payment-config"
import { toast } from "../../providers/toast"
import { RESOURCE } from "./form-values"

export interface SwitchTexts {
  label: string
  hint: string
  blocked: string
  enabledText: string
  disabledText: string
  enableFailed: string
  disableFailed: string
}

export interface EnableSwitchProps {
  field: "stripeEnabled" | "paypalEnabled" | "invoiceEnabled" | "testPaymentsEnabled"
  /** The switch's id prefix: stripe, paypal, invoice. */
  name: string
  enabled: boolean
  /** What enabling needs is saved (a provider's keys for its current mode, the invoice's bank details). */
  ready: boolean
  texts: SwitchTexts
}

/** The enable switch: usable once what it needs is saved (docs/product.md §4); off is always allowed. */
export function EnableSwitch({ field, name, enabled, ready, texts }: EnableSwitchProps) {
  const { mutate: save, mutation } = useUpdate<PaymentConfigRecord>()
  const toggle = (next: boolean) =>
    save({
      resource: RESOURCE,
      id: PAYMENT_CONFIG_ID,
      values: { [field]: next },
      successNotification: next
        ? toast("success", t("enabledTitle"), texts.enabledText)
        : toast("success", t("disabledTitle"), texts.disabledText),
      errorNotification: toast("error", t("toggleFailedTitle"), next ? texts.enableFailed : texts.disableFailed),
    })
  const blocked = !ready && !enabled
  const hintId = `${name}-enable-hint`
  return (
    <Flex align="flex-start" gap="middle" style={{ marginBottom: 16 }}>
      <Switch
        id={`${name}-enabled`}
        checked={enabled}
        disabled={blocked}
        loading={mutation.isPending}
        onChange={toggle}
        aria-describedby={hintId}
      />
      <div>
        <label htmlFor={`${name}-enabled`}>
          <Typography.Text strong>{texts.label}</Typography.Text>
        </label>
        <br />
        {/* Default text colour when blocked: antd's warning yellow is too faint to read on the page. */}
        <Typography.Text id={hintId} type={blocked ? undefined : "secondary"}>
          {blocked ? (
            <>
              <LockOutlined aria-hidden /> {texts.blocked}
            </>
          ) : (
            texts.hint
          )}
        </Typography.Text>
      </div>
    </Flex>
  )
}

/** A provider's switch: its keys for the current mode (sandbox or live) must be saved. */
export function ProviderSwitch({ config, provider }: { config: PaymentConfigRecord; provider: "Stripe" | "PayPal" }) {
  const stripe = provider === "Stripe"
  const sandbox = stripe ? config.stripeSandboxMode : config.paypalSandboxMode
  return (
    <EnableSwitch
      field={stripe ? "stripeEnabled" : "paypalEnabled"}
      name={provider.toLowerCase()}
      enabled={stripe ? config.stripeEnabled : config.paypalEnabled}
      ready={stripe ? config.stripeKeysSaved : config.paypalKeysSaved}
      texts={{
        label: t("enable", { provider }),
        hint: t("enableHint", { provider }),
        blocked: t("enableBlocked", { provider, mode: sandbox ? t("modeSandbox") : t("modeLive") }),
        enabledText: t("enabledText", { provider }),
        disabledText: t("disabledText", { provider }),
        enableFailed: t("enableFailedText", { provider }),
        disableFailed: t("disableFailedText", { provider }),
      }}
    />
  )
}

export function WebhookUrl({ provider }: { provider: "Stripe" | "PayPal" }) {
  const url = `${window.location.origin}/api/webhooks/${provider.toLowerCase()}`
  return (
    <div style={{ marginBottom: 24 }}>
      <Typography.Text strong>{t("webhookUrl")}</Typography.Text>
      <br />
      <Typography.Text code copyable data-testid={`${provider.toLowerCase()}-webhook-url`}>
        {url}
      </Typography.Text>
      <br />
      <Typography.Text type="secondary">{t("webhookUrlHint", { provider })}</Typography.Text>
    </div>
  )
}

export function StatusTags({ enabled, sandbox }: { enabled: boolean; sandbox: boolean }) {
  return (
    <Space size={4}>
      {enabled ? <BandTag band="green">{t("enabled")}</BandTag> : <Tag>{t("disabled")}</Tag>}
      {sandbox ? <BandTag band="gold">{t("sandboxTag")}</BandTag> : <Tag color="blue">{t("liveTag")}</Tag>}
    </Space>
  )
}
