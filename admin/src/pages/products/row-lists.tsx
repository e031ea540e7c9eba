import { DeleteOutlined, PlusOutlined } from "@ant-design/icons"
import { Button, Flex, Form, Input } from "antd"
import { t } from "../../i18n/products"
import { rowRule } from "./product-rules"

/**
 * A feature's or specification's input is a field of its own (not `noStyle`): its error shows under it and
 * antd ties the two together (aria-invalid, aria-describedby), so a screen reader says which row is wrong.
 */
const rowItem = (flex: string) => ({ flex, marginBottom: 0, minWidth: 0 })

/** The product's features, each with its German wording beside it; rows are added and removed. */
export function FeatureList() {
  return (
    <Form.Item label={t("field.features")} extra={t("blankHint")}>
      <Form.List name="features">
        {(fields, { add, remove }) => (
          <Flex vertical gap="small">
            {fields.map((field, index) => (
              <Flex key={field.key} gap="small" align="start">
                <Form.Item name={[field.name, "text"]} rules={[rowRule("feature")]} style={rowItem("1 1 50%")}>
                  <Input lang="en" aria-label={t("featureLabel", { n: index + 1 })} placeholder={t("featurePlaceholder")} />
                </Form.Item>
                <Form.Item name={[field.name, "de"]} rules={[rowRule("featureDe")]} style={rowItem("1 1 50%")}>
                  <Input lang="de" aria-label={t("featureDeLabel", { n: index + 1 })} placeholder={t("featureDePlaceholder")} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t("removeFeature", { n: index + 1 })} onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: "", de: "" })} style={{ alignSelf: "flex-start" }}>
              {t("addFeature")}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  )
}

/** The product's specifications: name, value and the value's German wording; rows are added and removed. */
export function SpecificationList() {
  return (
    <Form.Item label={t("field.specifications")}>
      <Form.List name="specifications">
        {(fields, { add, remove }) => (
          <Flex vertical gap="small">
            {fields.map((field, index) => (
              <Flex key={field.key} gap="small" align="start">
                <Form.Item name={[field.name, "key"]} rules={[rowRule("specificationKey")]} style={rowItem("1 1 26%")}>
                  <Input aria-label={t("specKeyLabel", { n: index + 1 })} placeholder={t("specKey")} />
                </Form.Item>
                <Form.Item name={[field.name, "value"]} rules={[rowRule("specificationValue")]} style={rowItem("1 1 37%")}>
                  <Input lang="en" aria-label={t("specValueLabel", { n: index + 1 })} placeholder={t("specValue")} />
                </Form.Item>
                <Form.Item name={[field.name, "de"]} rules={[rowRule("specificationValueDe")]} style={rowItem("1 1 37%")}>
                  <Input lang="de" aria-label={t("specValueDeLabel", { n: index + 1 })} placeholder={t("specValueDe")} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t("removeSpecification", { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ key: "", value: "", de: "" })}
              style={{ alignSelf: "flex-start" }}
            >
              {t("addSpecification")}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  )
}
