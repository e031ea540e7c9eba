import {
  DIRECTION_CONTROL_MESSAGE,
  SHIPPING_DESCRIPTION_MESSAGE,
  SHIPPING_NAME_MESSAGE,
  SHIPPING_PRICE_MESSAGE,
  SHIPPING_SORT_ORDER_MESSAGE,
  SHIPPING_ZONE_MESSAGE,
  shippingMethodInputSchema,
  shippingZones,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingZone,
} from "@enclave/contract"
import { Form, Input, InputNumber, Modal, Select, Switch, type InputRef } from "antd"
import type { Rule } from "antd/es/form"
import { useRef } from "react"
import { tShipping as t } from "../../i18n/shipping"

export interface MethodFormValues {
  name: string
  name_de: string
  description: string
  description_de: string
  price: string
  estimated_delivery: string
  estimated_delivery_de: string
  sortOrder: number | null
  isDefault: boolean
  isActive: boolean
  zone: ShippingZone
}

/** The zones as the admin reads them. */
export const zoneLabel = (zone: ShippingZone) => (zone === "germany" ? t("zoneGermany") : t("zoneWorldwide"))

type Field = keyof MethodFormValues

/** The contract's English messages, as the admin's language says them. */
const localMessages: Record<string, string> = {
  [SHIPPING_NAME_MESSAGE]: t("nameMessage"),
  [SHIPPING_DESCRIPTION_MESSAGE]: t("descriptionMessage"),
  [SHIPPING_PRICE_MESSAGE]: t("priceMessage"),
  [SHIPPING_SORT_ORDER_MESSAGE]: t("sortOrderMessage"),
  [DIRECTION_CONTROL_MESSAGE]: t("directionControlMessage"),
  [SHIPPING_ZONE_MESSAGE]: t("zoneMessage"),
}

/** docs/product.md §5: each field is checked by the contract's schema, with its message. */
function contractRule(field: Field): Rule {
  const schema = shippingMethodInputSchema.shape[field]
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(field === "sortOrder" && (value === null || value === undefined) ? Number.NaN : value)
      if (result.success) return
      const message = result.error.issues[0]?.message ?? t("nameMessage")
      throw new Error(localMessages[message] ?? message)
    },
  }
}

export const emptyMethod: MethodFormValues = {
  name: "",
  name_de: "",
  description: "",
  description_de: "",
  price: "",
  estimated_delivery: "",
  estimated_delivery_de: "",
  sortOrder: 0,
  isDefault: false,
  isActive: true,
  zone: "worldwide",
}

export function formValuesOf(method: ShippingMethod): MethodFormValues {
  return {
    name: method.name,
    name_de: method.name_de ?? "",
    description: method.description,
    description_de: method.description_de ?? "",
    price: method.price,
    estimated_delivery: method.estimated_delivery ?? "",
    estimated_delivery_de: method.estimated_delivery_de ?? "",
    sortOrder: method.sortOrder,
    isDefault: method.isDefault,
    isActive: method.isActive,
    zone: method.zone,
  }
}

/** An optional text field: blank is none. */
const textOrNull = (text: string) => (text.trim() === "" ? null : text.trim())

/** What the facade is sent: the form's values as the contract's input (trimmed by the server). */
export function inputOf(values: MethodFormValues): ShippingMethodInput {
  return {
    name: values.name.trim(),
    name_de: textOrNull(values.name_de),
    description: values.description.trim(),
    description_de: textOrNull(values.description_de),
    price: values.price.trim(),
    estimated_delivery: textOrNull(values.estimated_delivery),
    estimated_delivery_de: textOrNull(values.estimated_delivery_de),
    sortOrder: values.sortOrder ?? 0,
    isDefault: values.isDefault,
    isActive: values.isActive,
    zone: values.zone,
  }
}

interface MethodFormModalProps {
  open: boolean
  /** The method being edited, or null to create one. */
  method: ShippingMethod | null
  saving: boolean
  onSubmit: (values: MethodFormValues) => void
  onCancel: () => void
}

export function MethodFormModal({ open, method, saving, onSubmit, onCancel }: MethodFormModalProps) {
  const [form] = Form.useForm<MethodFormValues>()
  const nameInput = useRef<InputRef>(null)

  return (
    <Modal
      open={open}
      title={method ? t("editTitle") : t("createTitle")}
      okText={method ? t("save") : t("create")}
      cancelText={t("cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      // Keyboard users start typing the name at once (the dialog's own focus lands on its frame). Someone who
      // clicked into a field while the dialog was still opening keeps their place: moving the focus then would
      // send the rest of their typing into the name.
      afterOpenChange={(opened) => {
        const name = nameInput.current?.input
        if (opened && !name?.form?.contains(document.activeElement)) nameInput.current?.focus()
      }}
      // A fresh form each time the dialog opens, filled from the method (or the defaults).
      destroyOnHidden
    >
      <Form<MethodFormValues>
        form={form}
        layout="vertical"
        name="shipping-method"
        key={method?.id ?? "new"}
        initialValues={method ? formValuesOf(method) : emptyMethod}
        onFinish={onSubmit}
        requiredMark
      >
        <Form.Item name="name" label={t("fieldName")} required rules={[contractRule("name")]}>
          <Input ref={nameInput} maxLength={100} />
        </Form.Item>
        <Form.Item name="name_de" label={t("fieldNameDe")} extra={t("fieldNameDeHint")} rules={[contractRule("name_de")]}>
          <Input maxLength={100} lang="de" />
        </Form.Item>
        <Form.Item name="description" label={t("fieldDescription")} required rules={[contractRule("description")]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item
          name="description_de"
          label={t("fieldDescriptionDe")}
          extra={t("fieldDescriptionDeHint")}
          rules={[contractRule("description_de")]}
        >
          <Input.TextArea rows={2} maxLength={500} lang="de" />
        </Form.Item>
        <Form.Item name="price" label={t("fieldPrice")} required rules={[contractRule("price")]}>
          <Input inputMode="decimal" placeholder="0.00" />
        </Form.Item>
        <Form.Item name="estimated_delivery" label={t("fieldDelivery")} extra={t("fieldDeliveryHint")}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="estimated_delivery_de" label={t("fieldDeliveryDe")} extra={t("fieldDeliveryDeHint")}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="zone" label={t("fieldZone")} extra={t("fieldZoneHint")} required rules={[contractRule("zone")]}>
          <Select<ShippingZone>
            options={shippingZones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        <Form.Item name="sortOrder" label={t("fieldSortOrder")} extra={t("fieldSortOrderHint")} rules={[contractRule("sortOrder")]}>
          <InputNumber min={0} precision={0} step={1} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="isDefault" label={t("fieldDefault")} extra={t("fieldDefaultHint")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="isActive" label={t("fieldActive")} extra={t("fieldActiveHint")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}
