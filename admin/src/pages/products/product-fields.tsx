import { productCategories } from "@enclave/contract"
import { Flex, Form, Input, InputNumber, Select } from "antd"
import { t } from "../../i18n/products"
import { contractRule } from "./product-rules"

/** The product's own fields: names and descriptions in both languages, price, category, security level and stock. */
export function ProductFields() {
  return (
    <>
      <Flex gap="middle" wrap>
        <Form.Item name="name" label={t("field.name")} required rules={[contractRule("name")]} style={{ flex: "1 1 300px" }}>
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item
          name="nameDe"
          label={t("field.nameDe")}
          rules={[contractRule("nameDe")]}
          extra={t("nameDeHint")}
          style={{ flex: "1 1 300px" }}
        >
          <Input lang="de" maxLength={200} />
        </Form.Item>
      </Flex>
      <Flex gap="middle" wrap>
        <Form.Item name="description" label={t("field.description")} rules={[contractRule("description")]} style={{ flex: "1 1 300px" }}>
          <Input.TextArea lang="en" autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          name="descriptionDe"
          label={t("field.descriptionDe")}
          rules={[contractRule("descriptionDe")]}
          extra={t("germanHint")}
          style={{ flex: "1 1 300px" }}
        >
          <Input.TextArea lang="de" autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Flex>
      <Flex gap="middle" wrap>
        <Form.Item name="price" label={t("field.price")} required rules={[contractRule("price")]} style={{ flex: "1 1 140px" }}>
          <Input inputMode="decimal" placeholder="599.00" />
        </Form.Item>
        <Form.Item name="category" label={t("field.category")} rules={[contractRule("category")]} style={{ flex: "1 1 140px" }}>
          <Select options={productCategories.map((category) => ({ value: category, label: t(`category.${category}`) }))} />
        </Form.Item>
        <Form.Item
          name="securityLevel"
          label={t("field.securityLevel")}
          rules={[contractRule("securityLevel")]}
          style={{ flex: "1 1 120px" }}
        >
          <Select options={[1, 2, 3, 4, 5].map((level) => ({ value: level, label: t("levelOf", { level }) }))} />
        </Form.Item>
        <Form.Item
          name="stockQuantity"
          label={t("field.stockQuantity")}
          rules={[contractRule("stockQuantity")]}
          style={{ flex: "1 1 120px" }}
        >
          <InputNumber min={0} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Flex>
    </>
  )
}
