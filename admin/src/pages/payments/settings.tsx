import {
  INVOICE_ACCOUNT_HOLDER_LENGTH_MESSAGE,
  INVOICE_MINIMUM_TOTAL_MESSAGE,
  INVOICE_PAYMENT_TERM_MESSAGE,
  SHIPPING_SETTINGS_PRICE_MESSAGE,
  bicProblem,
  formatIban,
  ibanProblem,
  invoiceDetailRequiredMessages,
  normaliseBic,
  normaliseIban,
  paymentConfigUpdateSchema,
  type BankProblem,
  type BicProblemCode,
  type IbanProblemCode,
  type PaymentConfig,
  type PaymentConfigUpdateInput,
} from "@enclave/contract"
import { LockOutlined } from "@ant-design/icons"
import { useOne, useUpdate, type HttpError } from "@refinedev/core"
import { Alert, Button, Card, Divider, Flex, Form, Input, Space, Switch, Tabs, Tag, Typography } from "antd"
import type { Rule } from "antd/es/form"
import { useState, type ReactNode } from "react"
import { BandTag } from "../../components/band-tag"
import { describeRequestError, RequestError } from "../../components/request-error"
import { formatShopDateTime, useShopTimeZone } from "../../providers/shop-details"
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
  | "invoiceAccountHolder"
  | "invoiceIban"
  | "invoiceBic"
  | "invoicePaymentTermDays"
  | "invoiceMinimumTotal"
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
  /** How the field shows a value (e.g. an IBAN in groups of four), when loaded and when left. */
  format?: (text: string) => string
  /** The value compared to tell a change (e.g. an IBAN without spaces), and sent. */
  normalise?: (text: string) => string
  /** The value as the /api takes it (e.g. a whole number), from the trimmed text. */
  toBody?: (text: string) => unknown
  inputMode?: "numeric" | "decimal"
  maxLength?: number
}

/** The form's starting values: the saved settings, secrets empty (the saved one is kept unless typed). */
function baselineOf(config: PaymentConfig, fields: readonly FieldSpec[], switchField?: SwitchField): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const saved = String(config[field.name] ?? "")
    values[field.name] = field.secretSet ? "" : field.format ? field.format(saved) : saved
  }
  if (switchField) values[switchField] = config[switchField]
  return values
}

function comparable(field: FieldSpec | undefined, value: unknown): string {
  const text = String(value ?? "").trim()
  return field?.normalise ? field.normalise(text) : text
}

function changed(values: FormValues, baseline: FormValues, fields: readonly FieldSpec[]): boolean {
  return (Object.keys(baseline) as FormField[]).some((name) => {
    const now = values[name]
    const before = baseline[name]
    if (typeof before === "boolean") return now !== before
    const field = fields.find((f) => f.name === name)
    return comparable(field, now) !== comparable(field, before)
  })
}

/** A field's value as the /api takes it. */
function bodyValue(field: FieldSpec, value: unknown): unknown {
  const text = comparable(field, value)
  return field.toBody ? field.toBody(text) : text
}

/** What the tab saves: its switch and text fields; a secret only when one was typed (docs/product.md §5: empty keeps it). */
function bodyOf(values: FormValues, fields: readonly FieldSpec[], switchField?: SwitchField): PaymentConfigUpdateInput {
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    const value = String(values[field.name] ?? "").trim()
    if (field.secretSet && value === "") continue
    body[field.name] = bodyValue(field, value)
  }
  if (switchField) body[switchField] = values[switchField] ?? false
  return body as PaymentConfigUpdateInput
}

/** The contract's English messages in the admin's language (server field errors and the contract's own rules). */
function localMessage(message: string): string {
  const localMessages: Record<string, string> = {
    [SHIPPING_SETTINGS_PRICE_MESSAGE]: t("shippingPriceMessage"),
    "Shipping label is required": t("shippingLabelRequired"),
    [INVOICE_ACCOUNT_HOLDER_LENGTH_MESSAGE]: t("accountHolderLength"),
    [INVOICE_PAYMENT_TERM_MESSAGE]: t("paymentTermMessage"),
    [INVOICE_MINIMUM_TOTAL_MESSAGE]: t("minimumTotalMessage"),
    [invoiceDetailRequiredMessages.invoiceAccountHolder]: t("invoiceDetailRequired"),
    [invoiceDetailRequiredMessages.invoiceIban]: t("invoiceDetailRequired"),
    [invoiceDetailRequiredMessages.invoiceBic]: t("invoiceDetailRequired"),
  }
  return localMessages[message] ?? message
}

/**
 * A field problem the server named, in the admin's language. The bank details are checked again here with
 * the contract's own functions on the value that was sent, which say what is wrong as a typed problem.
 */
function serverFieldMessage(name: TextField, message: string, value: unknown): string {
  const text = String(value ?? "").trim()
  const problem = name === "invoiceIban" ? ibanProblem(text) : name === "invoiceBic" ? bicProblem(text) : null
  if (problem && name === "invoiceIban") return ibanMessage(problem as BankProblem<IbanProblemCode>)
  if (problem) return bicMessage(problem as BankProblem<BicProblemCode>)
  return localMessage(message)
}

/** IBAN problems in the admin's language (contract/src/bank.ts says them in English). */
function ibanMessage(problem: BankProblem<IbanProblemCode>): string {
  switch (problem.code) {
    case "required":
      return t("ibanRequired")
    case "characters":
      return t("ibanCharacters")
    case "format":
      return t("ibanFormat")
    case "length":
      return t("ibanLength")
    case "countryLength":
      return t("ibanCountryLength", { country: problem.country ?? "", expected: problem.expected ?? 0, actual: problem.actual ?? 0 })
    case "checksum":
      return t("ibanChecksum")
  }
}

function bicMessage(problem: BankProblem<BicProblemCode>): string {
  return problem.code === "required" ? t("bicRequired") : t("bicFormat")
}

/** docs/product.md §5 rules from the contract's update schema, in the admin's language where the text is known. */
function contractRule(name: TextField, toBody?: (text: string) => unknown): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = String(value ?? "").trim()
      const result = paymentConfigUpdateSchema.safeParse({ [name]: toBody ? toBody(text) : (value ?? "") })
      if (result.success) return
      throw new Error(localMessage(result.error.issues[0]?.message ?? "Invalid value"))
    },
  }
}

/** The IBAN and BIC checks of the contract (mod-97, length per country, SWIFT form); empty is the required rule's business. */
const bankRule = (kind: "iban" | "bic"): Rule => ({
  validator: async (_rule, value: unknown) => {
    const text = String(value ?? "").trim()
    if (text === "") return
    if (kind === "iban") {
      const problem = ibanProblem(text)
      if (problem) throw new Error(ibanMessage(problem))
    } else {
      const problem = bicProblem(text)
      if (problem) throw new Error(bicMessage(problem))
    }
  },
})

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
        onError: (error) => {
          setSaveError(error)
          // The server's field errors (details.fields) go on the fields of this tab.
          const details: unknown = error.details
          const serverFields = typeof details === "object" && details !== null ? (details as { fields?: unknown }).fields : undefined
          if (typeof serverFields !== "object" || serverFields === null) return
          form.setFields(
            Object.entries(serverFields as Record<string, unknown>)
              .filter(([name, message]) => fields.some((f) => f.name === name) && typeof message === "string")
              .map(([name, message]) => ({
                name: name as TextField,
                errors: [serverFieldMessage(name as TextField, message as string, form.getFieldValue(name as TextField))],
              })),
          )
        },
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
    const format = spec.format
    return (
      <Form.Item key={name} name={name} label={spec.label} rules={spec.rules} extra={spec.extra}>
        <Input
          autoComplete="off"
          spellCheck={false}
          inputMode={spec.inputMode}
          maxLength={spec.maxLength}
          onBlur={
            format
              ? () => {
                  const value = form.getFieldValue(name) as unknown
                  if (typeof value !== "string" || value.trim() === "" || format(value) === value) return
                  // Setting a value clears the field's errors: check it again, so a wrong IBAN stays named.
                  form.setFieldValue(name, format(value))
                  form.validateFields([name]).catch(() => undefined)
                }
              : undefined
          }
        />
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
      onValuesChange={(_, all) => setDirty(changed({ ...baseline, ...all }, baseline, fields))}
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

interface SwitchTexts {
  label: string
  hint: string
  blocked: string
  enabledText: string
  disabledText: string
  enableFailed: string
  disableFailed: string
}

interface EnableSwitchProps {
  field: "stripeEnabled" | "paypalEnabled" | "invoiceEnabled" | "testPaymentsEnabled"
  /** The switch's id prefix: stripe, paypal, invoice. */
  name: string
  enabled: boolean
  /** What enabling needs is saved (a provider's keys for its current mode, the invoice's bank details). */
  ready: boolean
  texts: SwitchTexts
}

/** The enable switch: usable once what it needs is saved (docs/product.md §4); off is always allowed. */
function EnableSwitch({ field, name, enabled, ready, texts }: EnableSwitchProps) {
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
function ProviderSwitch({ config, provider }: { config: PaymentConfigRecord; provider: "Stripe" | "PayPal" }) {
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
      {enabled ? <BandTag band="green">{t("enabled")}</BandTag> : <Tag>{t("disabled")}</Tag>}
      {sandbox ? <BandTag band="gold">{t("sandboxTag")}</BandTag> : <Tag color="blue">{t("liveTag")}</Tag>}
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

/** Whole days as the /api takes them; anything else goes as typed, for the contract to name. */
const wholeNumber = (text: string): unknown => (/^\d{1,6}$/.test(text) ? Number(text) : text === "" ? null : text)

/** The invoice tab's fields; while invoice payment is on, the bank details may not be emptied. */
function invoiceFields(enabled: boolean): FieldSpec[] {
  const required = (name: "invoiceAccountHolder" | "invoiceIban" | "invoiceBic"): Rule => ({
    required: enabled,
    whitespace: true,
    message: localMessage(invoiceDetailRequiredMessages[name]),
  })
  return [
    {
      name: "invoiceAccountHolder",
      label: t("invoiceAccountHolder"),
      extra: t("invoiceAccountHolderHint"),
      rules: [required("invoiceAccountHolder"), contractRule("invoiceAccountHolder")],
      maxLength: 70,
    },
    {
      name: "invoiceIban",
      label: t("invoiceIban"),
      rules: [required("invoiceIban"), bankRule("iban")],
      format: formatIban,
      normalise: normaliseIban,
      maxLength: 42,
    },
    {
      name: "invoiceBic",
      label: t("invoiceBic"),
      rules: [required("invoiceBic"), bankRule("bic")],
      format: normaliseBic,
      normalise: normaliseBic,
      maxLength: 14,
    },
    {
      name: "invoicePaymentTermDays",
      label: t("invoicePaymentTermDays"),
      extra: t("invoicePaymentTermDaysHint"),
      rules: [contractRule("invoicePaymentTermDays", wholeNumber)],
      toBody: wholeNumber,
      inputMode: "numeric",
      maxLength: 3,
    },
    {
      name: "invoiceMinimumTotal",
      label: t("invoiceMinimumTotal"),
      extra: t("invoiceMinimumTotalHint"),
      rules: [contractRule("invoiceMinimumTotal")],
      inputMode: "decimal",
      maxLength: 11,
    },
  ]
}

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
