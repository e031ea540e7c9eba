import { useUpdate, type HttpError } from "@refinedev/core"
import { Alert, Button, Card, Flex, Form, Input, Space, Switch, Typography } from "antd"
import { useState, type ReactNode } from "react"
import { describeRequestError } from "../../components/request-error"
import { tPayments as t } from "../../i18n/payments"
import { PAYMENT_CONFIG_ID, type PaymentConfigRecord } from "../../providers/resources/payment-config"
import { toast } from "../../providers/toast"
import { RESOURCE, type TextField, type SwitchField, type FormValues, type FieldSpec, baselineOf, changed, bodyOf } from "./form-values"
import { serverFieldMessage } from "./rules"

export interface SettingsFormProps {
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
export function SettingsForm({ config, fields, switchField, saveLabel, savedText, children, testId }: SettingsFormProps) {
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

export function KeySections({ live, sandbox, item }: { live: TextField[]; sandbox: TextField[]; item: (name: TextField) => ReactNode }) {
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
