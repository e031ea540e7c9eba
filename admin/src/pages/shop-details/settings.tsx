import {
  DIRECTION_CONTROL_MESSAGE,
  imprintFieldLengthMessage,
  imprintFieldMaxLengths,
  imprintFields,
  SHOP_EMAIL_MESSAGE,
  SHOP_PHONE_MESSAGE,
  shopDetailsUpdateSchema,
  TIME_ZONE_MESSAGE,
  TIME_ZONE_REQUIRED_MESSAGE,
  VAT_ID_MESSAGE,
  VAT_ID_PATTERN_MESSAGE,
  type AdminShopDetails,
  type ImprintField,
  type ShopDetailsUpdateInput,
} from "@enclave/contract"
import type { HttpError } from "@refinedev/core"
import { Alert, Button, Card, Divider, Flex, Form, Input, Space, Switch, Typography } from "antd"
import type { Rule } from "antd/es/form"
import { useState, type ReactNode } from "react"
import { PageTitle } from "../../components/page-title"
import { describeRequestError, RequestError } from "../../components/request-error"
import { tShopDetails as t } from "../../i18n/shop-details"
import { notificationProvider } from "../../providers/notification-provider"
import { formatShopDateTime, useSaveShopDetails, useShopDetails } from "../../providers/shop-details"
import { toast } from "../../providers/toast"

type FormField = ImprintField | "timeZone"
type FormValues = Record<FormField, string>

const formFields: readonly FormField[] = [...imprintFields, "timeZone"]

/** The contract's English messages in the admin's language; the server names fields with the same ones. */
function localMessage(message: string): string {
  const known: Record<string, string> = {
    ...Object.fromEntries(
      imprintFields.map((field) => [
        imprintFieldLengthMessage(field),
        t("tooLong", { field: t(`field.${field}`), max: imprintFieldMaxLengths[field] }),
      ]),
    ),
    [SHOP_EMAIL_MESSAGE]: t("emailInvalid"),
    [SHOP_PHONE_MESSAGE]: t("phoneInvalid"),
    [TIME_ZONE_MESSAGE]: t("timeZoneInvalid"),
    [TIME_ZONE_REQUIRED_MESSAGE]: t("timeZoneRequired"),
    [VAT_ID_MESSAGE]: t("vatIdFormat"),
    [VAT_ID_PATTERN_MESSAGE]: t("vatIdPattern"),
    [DIRECTION_CONTROL_MESSAGE]: t("directionControls"),
  }
  return known[message] ?? message
}

/** The contract's rule for one field, so the form says what the server would. */
function contractRule(field: FormField): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = shopDetailsUpdateSchema.safeParse({ [field]: String(value ?? "") })
      if (result.success) return
      throw new Error(localMessage(result.error.issues[0]?.message ?? "Invalid value"))
    },
  }
}

function valuesOf(details: AdminShopDetails): FormValues {
  return Object.fromEntries(formFields.map((field) => [field, details[field] ?? ""])) as FormValues
}

function changed(values: Partial<FormValues>, baseline: FormValues): boolean {
  return formFields.some((field) => String(values[field] ?? "").trim() !== baseline[field].trim())
}

/** The whole form: an emptied imprint field is cleared (null), every other one sent as typed (the server trims). */
function bodyOf(values: FormValues): ShopDetailsUpdateInput {
  const body: Record<string, string | null> = {}
  for (const field of formFields) {
    const text = String(values[field] ?? "").trim()
    body[field] = text === "" && field !== "timeZone" ? null : text
  }
  return body as ShopDetailsUpdateInput
}

function ShopDetailsForm({ details }: { details: AdminShopDetails }) {
  const [form] = Form.useForm<FormValues>()
  const [baseline, setBaseline] = useState(() => valuesOf(details))
  const [dirty, setDirty] = useState(false)
  const save = useSaveShopDetails()

  const submit = (values: FormValues) =>
    save.save(bodyOf(values), {
      onSuccess: (saved) => {
        const next = valuesOf(saved)
        setBaseline(next)
        form.setFieldsValue(next)
        setDirty(false)
        notificationProvider.open?.(toast("success", t("savedTitle"), t("savedText")))
      },
      onError: (error) => {
        notificationProvider.open?.(toast("error", t("saveFailedTitle"), t("saveFailedText")))
        // The server's field errors (details.fields) go on their fields.
        const details: unknown = error.details
        const fields = typeof details === "object" && details !== null ? (details as { fields?: unknown }).fields : undefined
        if (typeof fields !== "object" || fields === null) return
        form.setFields(
          Object.entries(fields as Record<string, unknown>)
            .filter((entry): entry is [FormField, string] => formFields.includes(entry[0] as FormField) && typeof entry[1] === "string")
            .map(([name, message]) => ({ name, errors: [localMessage(message)] })),
        )
      },
    })

  const item = (field: FormField, extra?: ReactNode) => (
    <Form.Item key={field} name={field} label={t(`field.${field}`)} rules={[contractRule(field)]} extra={extra}>
      <Input
        autoComplete="off"
        spellCheck={false}
        maxLength={field === "timeZone" ? 64 : imprintFieldMaxLengths[field]}
        inputMode={field === "email" ? "email" : field === "phone" ? "tel" : undefined}
        // English field names in the test ids: the same in both languages.
        data-testid={`shop-details-${field}`}
      />
    </Form.Item>
  )

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name="shop-details"
      data-testid="shop-details-form"
      initialValues={baseline}
      onValuesChange={(_, all) => setDirty(changed(all, baseline))}
      onFinish={submit}
      style={{ maxWidth: 880 }}
    >
      <Flex gap="large" wrap>
        <Card size="small" title={t("imprintSection")} style={{ flex: "1 1 360px" }}>
          {item("companyName")}
          {item("representative")}
        </Card>
        <Card size="small" title={t("addressSection")} style={{ flex: "1 1 360px" }}>
          {item("street")}
          {item("postalCode")}
          {item("city")}
          {item("country")}
        </Card>
        <Card size="small" title={t("contactSection")} style={{ flex: "1 1 360px" }}>
          {item("email")}
          {item("phone")}
        </Card>
        <Card size="small" title={t("registerSection")} style={{ flex: "1 1 360px" }}>
          <Typography.Paragraph type="secondary">{t("registerHint")}</Typography.Paragraph>
          {item("registerCourt")}
          {item("registerNumber")}
          {item("vatId")}
        </Card>
        <Card size="small" title={t("timeSection")} style={{ flex: "1 1 360px" }}>
          {item("timeZone", t("timeZoneHint"))}
        </Card>
      </Flex>
      {save.error ? (
        <Alert
          type="error"
          showIcon
          style={{ margin: "16px 0" }}
          message={t("saveFailedText")}
          description={t("serverSaid", { message: describeRequestError(save.error) })}
        />
      ) : null}
      <Space align="center" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" disabled={!dirty} loading={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
        {dirty ? null : <Typography.Text type="secondary">{t("noChanges")}</Typography.Text>}
      </Space>
    </Form>
  )
}

/**
 * "Staff must use two factors": saved on its own, at once, apart from the imprint's form. Turning it on
 * from a session signed in with the password alone is refused by the server (own_second_factor_required).
 */
function StaffSignInCard({ details }: { details: AdminShopDetails }) {
  const save = useSaveShopDetails()
  const refusal = (error: HttpError | null) => {
    return error?.code === "own_second_factor_required" ? t("staffOwnFactor") : describeRequestError(error)
  }
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("staffSection")}</h2>} style={{ maxWidth: 880, marginTop: 24 }}>
      <Space align="center">
        <Switch
          id="staff-second-factor"
          checked={details.staffSecondFactorRequired}
          loading={save.isPending}
          data-testid="staff-second-factor"
          // A switch is a button: the label beside it does not name it for every assistive technology.
          aria-label={t("staffSwitch")}
          onChange={(required) =>
            save.save(
              { staffSecondFactorRequired: required },
              {
                onSuccess: (saved) =>
                  notificationProvider.open?.(
                    toast("success", saved.staffSecondFactorRequired ? t("staffOn") : t("staffOff"), t("staffSwitch")),
                  ),
                onError: (error) => notificationProvider.open?.(toast("error", t("staffFailed"), refusal(error))),
              },
            )
          }
        />
        <label htmlFor="staff-second-factor">{t("staffSwitch")}</label>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t("staffHint")}
      </Typography.Paragraph>
      {save.error ? (
        <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} message={t("staffFailed")} description={refusal(save.error)} />
      ) : null}
    </Card>
  )
}

export default function ShopDetailsSettings() {
  const { query, details } = useShopDetails()

  let body: ReactNode
  if (query.isError) {
    body = <RequestError title={t("loadFailedText")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  } else if (!details) {
    body = <Card loading aria-busy="true" />
  } else {
    body = (
      <>
        <ShopDetailsForm details={details} />
        <StaffSignInCard details={details} />
      </>
    )
  }

  return (
    <section aria-labelledby="shop-details-title">
      <PageTitle id="shop-details-title">{t("title")}</PageTitle>
      <Typography.Paragraph type="secondary">
        {t("intro")}{" "}
        {details
          ? details.updatedAt
            ? t("lastSaved", { date: formatShopDateTime(details.updatedAt, details.timeZone) })
            : t("neverSaved")
          : null}
      </Typography.Paragraph>
      <Divider style={{ margin: "8px 0 16px" }} />
      {body}
    </section>
  )
}
