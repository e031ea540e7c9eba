import {
  SHIPPING_SETTINGS_PRICE_MESSAGE,
  paymentConfigUpdateSchema,
  type PaymentConfig,
  type PaymentConfigUpdateInput,
} from "@enclave/contract"
import { LockOutlined } from "@ant-design/icons"
import { useOne, useUpdate, type HttpError } from "@refinedev/core"
import { Alert, Button, Card, Divider, Flex, Form, Input, Space, Switch, Tabs, Tag, Typography } from "antd"
import type { Rule } from "antd/es/form"
import { useState, type ReactNode } from "react"
import { describeRequestError, RequestError } from "../../components/request-error"
import { locale } from "../../i18n"
import { tPayments as t } from "../../i18n/payments"
import { PAYMENT_CONFIG_ID, type PaymentConfigRecord } from "../../providers/resources/payment-config"
import { toast } from "../../providers/toast"

const RESOURCE = "payment-config"

/** The configuration fields the forms edit (text fields and sandbox switches). */
type TextField =
  | "stripeSecretKey"
  | "stripePublicKey"
  | "stripeSandboxSecretKey"
  | "stripeSandboxPublicKey"
  | "stripeWebhookSecret"
  | "stripeSandboxWebhookSecret"
  | "paypalClientId"
  | "paypalSecret"
  | "paypalSandboxClientId"
  | "paypalSandboxSecret"
  | "paypalWebhookId"
  | "paypalSandboxWebhookId"
  | "shippingLabel"
  | "shippingPrice"
type SwitchField = "stripeSandboxMode" | "paypalSandboxMode"
type FormField = TextField | SwitchField
type FormValues = Partial<Record<TextField, string> & Record<SwitchField, boolean>>

interface FieldSpec {
  name: TextField
  label: string
  /** A secret: shown masked, typed fresh, kept when left empty. Its "saved" flag in the configuration. */
  secretSet?: keyof PaymentConfig
  rules?: Rule[]
  extra?: string
}

/** The form's starting values: the saved settings, secrets empty (the saved one is kept unless typed). */
function baselineOf(config: PaymentConfig, fields: readonly FieldSpec[], switchField?: SwitchField): FormValues {
  const values: FormValues = {}
  for (const field of fields) values[field.name] = field.secretSet ? "" : String(config[field.name] ?? "")
  if (switchField) values[switchField] = config[switchField]
  return values
}

function changed(values: FormValues, baseline: FormValues): boolean {
  return (Object.keys(baseline) as FormField[]).some((name) => {
    const now = values[name]
    const before = baseline[name]
    return typeof before === "boolean" ? now !== before : String(now ?? "").trim() !== String(before ?? "").trim()
  })
}

/** What the tab saves: its switch and text fields; a secret only when one was typed (docs/product.md §5: empty keeps it). */
function bodyOf(values: FormValues, fields: readonly FieldSpec[], switchField?: SwitchField): PaymentConfigUpdateInput {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    const value = String(values[field.name] ?? "").trim()
    if (field.secretSet && value === "") continue
    body[field.name] = value
  }
  if (switchField) body[switchField] = values[switchField] ?? false
  return body as PaymentConfigUpdateInput
}

/** docs/product.md §5 rules from the contract's update schema, in the admin's language where the text is known. */
function contractRule(name: TextField): Rule {
  const localMessages: Record<string, string> = {
    [SHIPPING_SETTINGS_PRICE_MESSAGE]: t("shippingPriceMessage"),
    "Shipping label is required": t("shippingLabelRequired"),
  }
  return {
    validator: async (_rule, value: unknown) => {
      const result = paymentConfigUpdateSchema.safeParse({ [name]: value ?? "" })
      if (result.success) return
      const message = result.error.issues[0]?.message ?? "Invalid value"
      throw new Error(localMessages[message] ?? message)
    },
  }
}

interface SettingsFormProps {
  config: PaymentConfigRecord
  fields: readonly FieldSpec[]
  switchField?: SwitchField
  saveLabel: string
  savedText: string
  /** Renders the form items; `item` renders one field of `fields` by name. */
  children: (item: (name: TextField) => ReactNode) => ReactNode
  testId: string
}

/** One tab's form: its own baseline, its own save button, enabled only when one of its fields changed. */
function SettingsForm({ config, fields, switchField, saveLabel, savedText, children, testId }: SettingsFormProps) {
  const [form] = Form.useForm<FormValues>()
  const [baseline, setBaseline] = useState(() => baselineOf(config, fields, switchField))
  const [dirty, setDirty] = useState(false)
  const [saveError, setSaveError] = useState<HttpError | null>(null)
  const { mutate: save, mutation } = useUpdate<PaymentConfigRecord>()

  const submit = (values: FormValues) => {
    setSaveError(null)
    save(
      {
        resource: RESOURCE,
        id: PAYMENT_CONFIG_ID,
        values: bodyOf(values, fields, switchField),
        successNotification: toast("success", t("savedTitle"), savedText),
        errorNotification: toast("error", t("saveFailedTitle"), t("saveFailedText")),
      },
      {
        onSuccess: ({ data }) => {
          const next = baselineOf(data, fields, switchField)
          setBaseline(next)
          form.setFieldsValue(next)
          setDirty(false)
        },
        onError: (error) => setSaveError(error),
      },
    )
  }

  const item = (name: TextField) => {
    const spec = fields.find((f) => f.name === name)!
    if (spec.secretSet) {
      const isSet = config[spec.secretSet] === true
      const mask = String(config[name] ?? "")
      return (
        <Form.Item
          key={name}
          name={name}
          label={spec.label}
          extra={<span data-testid={`${name}-state`}>{isSet ? t("secretSaved", { mask }) : t("secretNotSaved")}</span>}
        >
          <Input.Password autoComplete="new-password" placeholder={isSet ? mask : undefined} spellCheck={false} />
        </Form.Item>
      )
    }
    return (
      <Form.Item key={name} name={name} label={spec.label} rules={spec.rules} extra={spec.extra}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
    )
  }

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name={testId}
      data-testid={testId}
      initialValues={baseline}
      onValuesChange={(_, all) => setDirty(changed({ ...baseline, ...all }, baseline))}
      onFinish={submit}
      style={{ maxWidth: 720 }}
    >
      {switchField ? (
        <Form.Item name={switchField} label={t("sandboxMode")} extra={t("sandboxModeHint")} valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
      {children(item)}
      {saveError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("saveFailedText")}
          description={t("serverSaid", { message: describeRequestError(saveError) })}
        />
      ) : null}
      <Space align="center">
        <Button type="primary" htmlType="submit" disabled={!dirty} loading={mutation.isPending}>
          {saveLabel}
        </Button>
        {dirty ? null : <Typography.Text type="secondary">{t("noChanges")}</Typography.Text>}
      </Space>
    </Form>
  )
}

interface ProviderProps {
  config: PaymentConfigRecord
  provider: "Stripe" | "PayPal"
}

/** The enable switch: usable once the keys of the current mode are saved (docs/product.md §4); off is always allowed. */
function EnableSwitch({ config, provider }: ProviderProps) {
  const enabledField = provider === "Stripe" ? "stripeEnabled" : "paypalEnabled"
  const enabled = config[enabledField]
  const keysSaved = provider === "Stripe" ? config.stripeKeysSaved : config.paypalKeysSaved
  const sandbox = provider === "Stripe" ? config.stripeSandboxMode : config.paypalSandboxMode
  const { mutate: save, mutation } = useUpdate<PaymentConfigRecord>()
  const toggle = (next: boolean) =>
    save({
      resource: RESOURCE,
      id: PAYMENT_CONFIG_ID,
      values: { [enabledField]: next },
      successNotification: next
        ? toast("success", t("enabledTitle"), t("enabledText", { provider }))
        : toast("success", t("disabledTitle"), t("disabledText", { provider })),
      errorNotification: toast(
        "error",
        t("toggleFailedTitle"),
        next ? t("enableFailedText", { provider }) : t("disableFailedText", { provider }),
      ),
    })
  const blocked = !keysSaved && !enabled
  const hintId = `${provider.toLowerCase()}-enable-hint`
  return (
    <Flex align="flex-start" gap="middle" style={{ marginBottom: 16 }}>
      <Switch
        id={`${provider.toLowerCase()}-enabled`}
        checked={enabled}
        disabled={blocked}
        loading={mutation.isPending}
        onChange={toggle}
        aria-describedby={hintId}
      />
      <div>
        <label htmlFor={`${provider.toLowerCase()}-enabled`}>
          <Typography.Text strong>{t("enable", { provider })}</Typography.Text>
        </label>
        <br />
        {/* Default text colour when blocked: antd's warning yellow is too faint to read on the page. */}
        <Typography.Text id={hintId} type={blocked ? undefined : "secondary"}>
          {blocked ? (
            <>
              <LockOutlined aria-hidden /> {t("enableBlocked", { provider, mode: sandbox ? t("modeSandbox") : t("modeLive") })}
            </>
          ) : (
            t("enableHint", { provider })
          )}
        </Typography.Text>
      </div>
    </Flex>
  )
}

function WebhookUrl({ provider }: { provider: "Stripe" | "PayPal" }) {
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

function StatusTags({ enabled, sandbox }: { enabled: boolean; sandbox: boolean }) {
  return (
    <Space size={4}>
      <Tag color={enabled ? "green" : "default"}>{enabled ? t("enabled") : t("disabled")}</Tag>
      <Tag color={sandbox ? "orange" : "blue"}>{sandbox ? t("sandboxTag") : t("liveTag")}</Tag>
    </Space>
  )
}

const stripeFields: FieldSpec[] = [
  { name: "stripePublicKey", label: t("stripePublicKey") },
  { name: "stripeSecretKey", label: t("stripeSecretKey"), secretSet: "stripeSecretKeySet" },
  { name: "stripeWebhookSecret", label: t("stripeWebhookSecret"), secretSet: "stripeWebhookSecretSet" },
  { name: "stripeSandboxPublicKey", label: t("stripePublicKey") },
  { name: "stripeSandboxSecretKey", label: t("stripeSecretKey"), secretSet: "stripeSandboxSecretKeySet" },
  { name: "stripeSandboxWebhookSecret", label: t("stripeWebhookSecret"), secretSet: "stripeSandboxWebhookSecretSet" },
]

const paypalFields: FieldSpec[] = [
  { name: "paypalClientId", label: t("paypalClientId") },
  { name: "paypalSecret", label: t("paypalSecret"), secretSet: "paypalSecretSet" },
  { name: "paypalWebhookId", label: t("paypalWebhookId") },
  { name: "paypalSandboxClientId", label: t("paypalClientId") },
  { name: "paypalSandboxSecret", label: t("paypalSecret"), secretSet: "paypalSandboxSecretSet" },
  { name: "paypalSandboxWebhookId", label: t("paypalWebhookId") },
]

const shippingFields: FieldSpec[] = [
  { name: "shippingLabel", label: t("shippingLabel"), rules: [contractRule("shippingLabel")], extra: t("shippingLabelHint") },
  { name: "shippingPrice", label: t("shippingPrice"), rules: [contractRule("shippingPrice")] },
]

function KeySections({ live, sandbox, item }: { live: TextField[]; sandbox: TextField[]; item: (name: TextField) => ReactNode }) {
  return (
    <Flex gap="large" wrap>
      <Card size="small" title={t("sandboxKeys")} style={{ flex: "1 1 300px" }} data-testid="sandbox-keys">
        {sandbox.map(item)}
      </Card>
      <Card size="small" title={t("liveKeys")} style={{ flex: "1 1 300px" }} data-testid="live-keys">
        {live.map(item)}
      </Card>
    </Flex>
  )
}

export default function PaymentSettings() {
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
                <EnableSwitch config={config} provider="Stripe" />
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
                <EnableSwitch config={config} provider="PayPal" />
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
        {config ? <> {t("lastSaved", { date: new Date(config.updatedAt).toLocaleString(locale) })}</> : null}
      </Typography.Paragraph>
      <Divider style={{ margin: "8px 0 16px" }} />
      {body}
    </section>
  )
}
