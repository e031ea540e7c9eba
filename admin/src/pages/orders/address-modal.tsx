import {
  countryName,
  countryOptions,
  DIRECTION_CONTROL_MESSAGE,
  shippingAddressSchema,
  shippingCountryCode,
  UNKNOWN_COUNTRY_MESSAGE,
  type Order,
  type ShippingAddress,
} from "@enclave/contract"
import { Form, Input, Modal, Select } from "antd"
import type { Rule } from "antd/es/form"
import { useEffect } from "react"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"

type AddressField = keyof ShippingAddress

const fields: ReadonlyArray<{ name: AddressField; label: () => string; autoComplete: string }> = [
  { name: "fullName", label: () => t("fullName"), autoComplete: "name" },
  { name: "addressLine1", label: () => t("addressLine1"), autoComplete: "address-line1" },
  { name: "addressLine2", label: () => t("addressLine2"), autoComplete: "address-line2" },
  { name: "city", label: () => t("city"), autoComplete: "address-level2" },
  { name: "state", label: () => t("state"), autoComplete: "address-level1" },
  { name: "postalCode", label: () => t("postalCode"), autoComplete: "postal-code" },
  { name: "country", label: () => t("country"), autoComplete: "country-name" },
]

/** The contract's messages (docs/product.md §5) in German; English shows them as the contract has them. */
const germanMessages: Record<string, string> = {
  "Full name is required": "Vollständiger Name ist erforderlich",
  "Full name is too long": "Vollständiger Name ist zu lang",
  "Address line 1 is required": "Adresszeile 1 ist erforderlich",
  "Address line 1 is too long": "Adresszeile 1 ist zu lang",
  "Address line 2 is too long": "Adresszeile 2 ist zu lang",
  "City is required": "Stadt ist erforderlich",
  "City is too long": "Stadt ist zu lang",
  "State is required": "Bundesland ist erforderlich",
  "State is too long": "Bundesland ist zu lang",
  "Postal code is required": "Postleitzahl ist erforderlich",
  "Postal code is too long": "Postleitzahl ist zu lang",
  "Country is required": "Land ist erforderlich",
  "Country is too long": "Land ist zu lang",
  [UNKNOWN_COUNTRY_MESSAGE]: "Wählen Sie ein Land, in das der Shop liefert",
  [DIRECTION_CONTROL_MESSAGE]: "Der Text darf keine Unicode-Steuerzeichen für die Schreibrichtung enthalten (U+202A–U+202E, U+2066–U+2069)",
}

function localised(message: string): string {
  return language === "de" ? (germanMessages[message] ?? message) : message
}

/** antd rule from the contract's field schema: the form shows exactly the messages the facade would answer. */
function ruleFor(name: AddressField): Rule {
  const schema = shippingAddressSchema.shape[name]
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? (name === "addressLine2" ? undefined : ""))
      if (!result.success) throw new Error(localised(result.error.issues[0]?.message ?? "Invalid input"))
    },
  }
}

function initialValues(order: Order): Record<AddressField, string> {
  const address = order.shippingAddress
  return {
    fullName: address?.fullName ?? "",
    addressLine1: address?.addressLine1 ?? "",
    addressLine2: address?.addressLine2 ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    postalCode: address?.postalCode ?? "",
    // The select's value for a stored country: its English name, as the storefront sends it ("DE" → "Germany").
    country: countryValue(address?.country),
  }
}

function countryValue(stored: string | null | undefined): string {
  const code = stored ? shippingCountryCode(stored) : null
  return code ? countryName(code, "en") : (stored ?? "")
}

/** The countries the shop ships to, named in the admin's language: an address no method delivers to cannot be chosen. */
const countries = countryOptions(language)

interface AddressModalProps {
  order: Order
  open: boolean
  saving: boolean
  onCancel: () => void
  onSave: (address: ShippingAddress) => void
}

export function AddressModal({ order, open, saving, onCancel, onSave }: AddressModalProps) {
  const [form] = Form.useForm<Record<AddressField, string>>()
  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(order))
  }, [open, order, form])

  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    const parsed = shippingAddressSchema.safeParse({ ...values, addressLine2: values.addressLine2 || null })
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({ name: String(issue.path[0]) as AddressField, errors: [localised(issue.message)] })),
      )
      return
    }
    onSave(parsed.data)
  }

  return (
    <Modal
      open={open}
      title={t("editAddressTitle")}
      okText={t("save")}
      cancelText={t("cancel")}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" name="shipping-address" requiredMark={false} onFinish={() => void submit()}>
        {fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label()} rules={[ruleFor(field.name)]}>
            {field.name === "country" ? (
              <Select showSearch optionFilterProp="label" options={countries} aria-label={field.label()} />
            ) : (
              <Input autoComplete={field.autoComplete} onPressEnter={() => void submit()} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  )
}
