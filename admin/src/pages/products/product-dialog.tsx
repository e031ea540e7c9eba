import { DeleteOutlined, PlusOutlined, UploadOutlined } from "@ant-design/icons"
import {
  adminProductCreateSchema,
  adminProductUpdateSchema,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_MAX_BYTES,
  isShopImagePath,
  NO_IMAGE_URL,
  productCategories,
  PRODUCT_SPECIFICATION_KEY_MAX,
  withoutDirectionControls,
  type AdminProduct,
  type ProductCategory,
} from "@enclave/contract"
import { useCreate, useInvalidate, useNotification, useUpdate, type HttpError } from "@refinedev/core"
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Typography, Upload, type UploadFile, type UploadProps } from "antd"
import type { Rule } from "antd/es/form"
import { useEffect, useRef, useState } from "react"
import { t, tm } from "../../i18n/products"
import { toast } from "../../providers/toast"
import { ImageUploadError, uploadProductImage } from "../../providers/resources/products"

/** docs/product.md §5: the upload accepts JPEG, PNG, GIF and WebP. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const

/** A feature with its German wording beside it; the German one may be left empty. */
interface FeatureRow {
  text?: string
  de?: string
}

/** A specification with its German value beside it; the name is the same in both languages. */
interface SpecificationRow {
  key?: string
  value?: string
  de?: string
}

interface FormValues {
  name?: string
  nameDe?: string
  description?: string
  descriptionDe?: string
  price?: string
  category?: ProductCategory
  securityLevel?: number
  stockQuantity?: number | null
  imageUrl?: string
  features?: (FeatureRow | undefined)[]
  specifications?: (SpecificationRow | undefined)[]
}

type FieldName = keyof FormValues
/** Where antd keeps a field: a simple field's name, or a feature's or specification's input as [list, row, input]. */
type FormFieldPath = FieldName | ["features", number, keyof FeatureRow] | ["specifications", number, keyof SpecificationRow]
const simpleFields: readonly FieldName[] = [
  "name",
  "nameDe",
  "description",
  "descriptionDe",
  "price",
  "category",
  "securityLevel",
  "stockQuantity",
  "imageUrl",
]

/** Each field is checked by the contract's own rule, so the dialog shows the words the server would use. */
const shape = adminProductCreateSchema.shape
const textFields = new Set(["imageUrl", "nameDe", "description", "descriptionDe"])
function contractRule(
  field: "name" | "nameDe" | "description" | "descriptionDe" | "price" | "category" | "securityLevel" | "stockQuantity" | "imageUrl",
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const schema = shape[field]
      const input = textFields.has(field) ? (value ?? "") : value === undefined ? (field === "price" ? "" : value) : value
      const result = schema.safeParse(input)
      if (!result.success) throw new Error(tm(result.error.issues[0]?.message ?? "Invalid input"))
    },
  }
}

/**
 * A feature's or specification's input is a field of its own (not `noStyle`): its error shows under it and
 * antd ties the two together (aria-invalid, aria-describedby), so a screen reader says which row is wrong.
 */
const rowItem = (flex: string) => ({ flex, marginBottom: 0, minWidth: 0 })

/**
 * A feature's or specification's input checked alone by its list's contract rule (an entry whose other side is
 * left blank still has its limits checked before the contract drops it), so the row shows the problem as it is
 * typed, in the admin's language, instead of a toast after Save.
 */
function rowRule(input: "feature" | "featureDe" | "specificationKey" | "specificationValue" | "specificationValueDe"): Rule {
  const check = (text: string) => {
    switch (input) {
      case "feature":
        return shape.features.safeParse([text])
      case "featureDe":
        return shape.featuresDe.safeParse({ "": text })
      case "specificationKey":
        return shape.specifications.safeParse({ [text]: "" })
      case "specificationValue":
        return shape.specifications.safeParse({ "": text })
      case "specificationValueDe":
        return shape.specificationsDe.safeParse({ "": text })
    }
  }
  return {
    validator: async (_rule, value: unknown) => {
      const result = check(typeof value === "string" ? value : "")
      if (!result.success) throw new Error(tm(result.error.issues[0]?.message ?? "Invalid input"))
    },
  }
}

/**
 * The form's input a contract path names (from the dialog's own parse, or the server's `details.fields`):
 * a feature by its place among the non-blank ones (the body leaves blank ones out), a German wording and a
 * specification by the English text they are keyed by. Anything else (a list's count) has no one input.
 */
function formFieldOf(path: readonly string[], values: FormValues): FormFieldPath | undefined {
  const [field, ...rest] = path
  if (field === undefined) return undefined
  if (rest.length === 0) return (simpleFields as readonly string[]).includes(field) ? (field as FieldName) : undefined
  // The server joins a path with dots and a feature's text may hold one (“2.4 GHz”): the rest is one key.
  const key = rest.join(".")
  const features = values.features ?? []
  const specifications = values.specifications ?? []
  const featureRow = (text: string) => features.findIndex((row) => (row?.text?.trim() ?? "") === text)
  const specificationRow = (name: string) => specifications.findIndex((row) => (row?.key?.trim() ?? "") === name)
  switch (field) {
    case "features": {
      const nonBlank = features.flatMap((row, index) => ((row?.text?.trim() ?? "") === "" ? [] : [index]))
      const row = nonBlank[Number(key)]
      return row === undefined ? undefined : ["features", row, "text"]
    }
    case "featuresDe": {
      const row = featureRow(key)
      return row < 0 ? undefined : ["features", row, "de"]
    }
    case "specifications": {
      const row = specificationRow(key)
      // A problem of the name itself goes on the name's input, any other on the value's: the name is
      // checked again with the contract's rules for names, whatever words the problem came in.
      const ofName = key.length > PRODUCT_SPECIFICATION_KEY_MAX || key.includes("\u0000") || !withoutDirectionControls(key)
      return row < 0 ? undefined : ["specifications", row, ofName ? "key" : "value"]
    }
    case "specificationsDe": {
      const row = specificationRow(key)
      return row < 0 ? undefined : ["specifications", row, "de"]
    }
    default:
      return undefined
  }
}

/** The field problems of a failed save (docs/product.md §8: `details.fields`, path → message); none if absent. */
function serverFieldMessages(error: unknown): [string, string][] {
  const details: unknown = typeof error === "object" && error !== null ? (error as { details?: unknown }).details : undefined
  const fields = typeof details === "object" && details !== null ? (details as { fields?: unknown }).fields : undefined
  if (typeof fields !== "object" || fields === null) return []
  return Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string")
}

function initialValues(product: AdminProduct | undefined): FormValues {
  if (!product) {
    // docs/product.md §9: category phone, security level 3, stock 0.
    return {
      name: "",
      nameDe: "",
      description: "",
      descriptionDe: "",
      price: "",
      category: "phone",
      securityLevel: 3,
      stockQuantity: 0,
      imageUrl: "",
      features: [],
      specifications: [],
    }
  }
  return {
    name: product.name,
    nameDe: product.nameDe,
    description: product.description,
    descriptionDe: product.descriptionDe,
    price: product.price,
    category: product.category,
    securityLevel: product.securityLevel,
    stockQuantity: product.stockQuantity,
    imageUrl: product.imageUrl === NO_IMAGE_URL ? "" : product.imageUrl,
    features: product.features.map((text) => ({ text, de: product.featuresDe[text] ?? "" })),
    specifications: Object.entries(product.specifications).map(([key, value]) => ({ key, value, de: product.specificationsDe[key] ?? "" })),
  }
}

/**
 * docs/product.md §5: a feature only if non-blank; a specification only if its key and value are both non-blank.
 * A German wording goes with the row it was typed in, keyed by that row's English feature or specification name.
 */
export function productBody(values: FormValues) {
  const specifications: Record<string, string> = {}
  const specificationsDe: Record<string, string> = {}
  for (const row of values.specifications ?? []) {
    const key = row?.key?.trim() ?? ""
    const value = row?.value?.trim() ?? ""
    const de = row?.de?.trim() ?? ""
    if (key === "" || value === "") continue
    specifications[key] = value
    if (de !== "") specificationsDe[key] = de
  }
  const features: string[] = []
  const featuresDe: Record<string, string> = {}
  for (const row of values.features ?? []) {
    const text = row?.text?.trim() ?? ""
    const de = row?.de?.trim() ?? ""
    if (text === "") continue
    features.push(text)
    if (de !== "") featuresDe[text] = de
  }
  return {
    name: values.name ?? "",
    nameDe: values.nameDe ?? "",
    description: values.description ?? "",
    descriptionDe: values.descriptionDe ?? "",
    price: (values.price ?? "").trim(),
    category: values.category,
    securityLevel: values.securityLevel,
    stockQuantity: values.stockQuantity,
    imageUrl: (values.imageUrl ?? "").trim() === "" ? null : (values.imageUrl ?? "").trim(),
    features,
    specifications,
    featuresDe,
    specificationsDe,
  }
}

function imageProblem(file: { type?: string; size?: number }): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type ?? "")) return tm(IMAGE_TYPE_MESSAGE)
  if ((file.size ?? 0) > IMAGE_UPLOAD_MAX_BYTES) return tm(IMAGE_TOO_LARGE_MESSAGE)
  return undefined
}

function uploadMessage(error: unknown): string {
  if (error instanceof ImageUploadError) {
    if (error.reason === "non-json") return t("upload.nonJson")
    if (error.reason === "failed") return t("upload.failed")
    return tm(error.message)
  }
  return t("upload.failed")
}

export interface ProductDialogProps {
  /** The product to edit; none to add one. */
  product?: AdminProduct
  onClose: () => void
}

/**
 * Add or edit a product (docs/product.md §5) in a modal. In the edit dialog an image is uploaded as soon as
 * it is chosen. The add dialog has no product id to upload to yet, so the chosen image waits
 * (with its preview) until the product is created, and is then uploaded to it before the dialog closes.
 */
export function ProductDialog({ product, onClose }: ProductDialogProps) {
  const editing = product !== undefined
  const [form] = Form.useForm<FormValues>()
  const { open: notify } = useNotification()
  const invalidate = useInvalidate()
  const create = useCreate<AdminProduct, HttpError>()
  const update = useUpdate<AdminProduct, HttpError>()
  const [saving, setSaving] = useState(false)
  const [fileList, setFileList] = useState<UploadFile[]>(() =>
    // Another site's image (saved before the shop fetched them) is not shown: the admin's CSP allows only the
    // shop's own; its address stays in the URL field, and saving fetches it.
    product && isShopImagePath(product.imageUrl) && product.imageUrl !== NO_IMAGE_URL
      ? [{ uid: "current", name: product.name, status: "done", url: product.imageUrl }]
      : [],
  )
  const uploading = fileList.some((file) => file.status === "uploading")
  // Object URLs of the chosen files' previews, released when the dialog goes.
  const previews = useRef<string[]>([])
  // Files removed from the list; an upload of one of them that finishes later must not bring its URL back.
  const removed = useRef(new Set<string>())
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), [])

  const refreshProducts = () => invalidate({ resource: "products", invalidates: ["list", "many", "detail"] })

  const notifyUploadFailed = (description: string) => notify?.(toast("error", t("toast.uploadFailed"), description, "product-image"))

  /**
   * Uploads to the given product, showing progress in the file list; resolves with the new URL or undefined.
   * `announce`: whether it toasts its own success or failure (a new product's first image is announced
   * with the product instead, in one toast).
   */
  const upload = async (
    id: number,
    file: File,
    uid: string,
    previous: UploadFile[] = [],
    announce = true,
  ): Promise<{ imageUrl: string } | { problem: string }> => {
    const patch = (change: Partial<UploadFile>) =>
      setFileList((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)))
    patch({ status: "uploading", percent: 0 })
    try {
      const answer = await uploadProductImage(id, file, { onProgress: (percent) => patch({ percent }) })
      patch({ status: "done", percent: 100, url: answer.imageUrl })
      if (announce) notify?.(toast("success", t("toast.imageUploaded"), tm(answer.message), "product-image"))
      void refreshProducts()
      return { imageUrl: answer.imageUrl }
    } catch (error) {
      // The preview goes back to the image the product still has (if any); the toast says why.
      if (previous.length > 0) setFileList(previous)
      else patch({ status: "error", response: uploadMessage(error) })
      if (announce) notifyUploadFailed(uploadMessage(error))
      return { problem: uploadMessage(error) }
    }
  }

  const uploadProps: UploadProps = {
    name: "image",
    accept: IMAGE_TYPES.join(","),
    listType: "picture-card",
    maxCount: 1,
    fileList,
    beforeUpload: (file) => {
      const problem = imageProblem(file)
      if (problem) {
        notifyUploadFailed(problem)
        return Upload.LIST_IGNORE
      }
      // The preview is the chosen file itself, before (and while) it is uploaded.
      const thumbUrl = URL.createObjectURL(file)
      previews.current.push(thumbUrl)
      const item: UploadFile = {
        uid: file.uid,
        name: file.name,
        type: file.type,
        size: file.size,
        originFileObj: file,
        thumbUrl,
        status: undefined,
      }
      const previous = fileList.filter((entry) => entry.status === "done" && entry.url)
      setFileList([item])
      if (product) {
        void upload(product.id, file, file.uid, previous).then((uploaded) => {
          // Removed while it was uploading: the product is to have no image, so the field stays empty.
          if ("imageUrl" in uploaded && !removed.current.has(file.uid)) form.setFieldValue("imageUrl", uploaded.imageUrl)
        })
      }
      // antd's own request never runs: the upload above (or after creation) does it.
      return false
    },
    onRemove: (file) => {
      removed.current.add(file.uid)
      setFileList([])
      // The image URL field is what Save sends: left holding the removed image's path, the
      // product would keep that image though its preview is gone.
      form.setFieldValue("imageUrl", "")
      return true
    },
    onPreview: (file) => {
      const url = file.url ?? file.thumbUrl
      if (url) window.open(url, "_blank", "noopener")
    },
  }

  /** Each problem on its input, in the admin's language; one without an input of its own as a toast. */
  const showIssues = (issues: ReadonlyArray<{ path: readonly string[]; message: string }>, values: FormValues) => {
    const fields: { name: FormFieldPath; errors: string[] }[] = []
    for (const issue of issues) {
      const name = formFieldOf(issue.path, values)
      if (name !== undefined) fields.push({ name, errors: [tm(issue.message)] })
      else notify?.(toast("error", t("toast.error"), tm(issue.message)))
    }
    form.setFields(fields)
  }

  // The server's headline is its first field message: in the admin's language like the fields' own.
  const errorNotification = (error?: HttpError) => toast("error", t("toast.error"), tm(error?.message ?? ""))

  const submit = async (values: FormValues) => {
    const body = productBody(values)
    const parsed = (editing ? adminProductUpdateSchema : adminProductCreateSchema).safeParse(body)
    if (!parsed.success) {
      showIssues(
        parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
        values,
      )
      return
    }
    setSaving(true)
    try {
      if (product) {
        await update.mutateAsync({
          resource: "products",
          id: product.id,
          values: parsed.data,
          successNotification: (data) =>
            toast("success", t("toast.updated"), t("toast.updatedText", { name: data?.data.name ?? product.name })),
          errorNotification,
        })
        onClose()
        return
      }
      const waiting = fileList.find((file) => file.originFileObj && file.status !== "done")
      const created = await create.mutateAsync({
        resource: "products",
        values: parsed.data,
        // With an image to upload, one toast says both once the image is there (one toast at a time: a second would replace it).
        successNotification: waiting
          ? false
          : (data) => toast("success", t("toast.created"), t("toast.createdText", { name: data?.data.name ?? body.name })),
        errorNotification,
      })
      if (waiting?.originFileObj) {
        const name = created.data.name ?? body.name
        const uploaded = await upload(created.data.id, waiting.originFileObj, waiting.uid, [], false)
        notify?.(
          "imageUrl" in uploaded
            ? toast("success", t("toast.created"), t("toast.createdWithImage", { name }))
            : toast("error", t("toast.createdImageFailedTitle"), t("toast.createdImageFailed", { name, problem: uploaded.problem })),
        )
      }
      onClose()
    } catch (error) {
      // The error toast is shown by the mutation; the dialog stays open with what was typed, and the
      // server's field problems (those the form cannot see, such as a NUL character) go on their inputs.
      const fields = serverFieldMessages(error)
      form.setFields(
        fields.flatMap(([path, message]) => {
          const name = formFieldOf(path.split("."), values)
          return name === undefined ? [] : [{ name, errors: [tm(message)] }]
        }),
      )
    } finally {
      setSaving(false)
    }
  }

  const title = editing ? t("editTitle") : t("addTitle")
  return (
    <Modal
      open
      title={title}
      onCancel={() => (saving || uploading ? undefined : onClose())}
      okText={editing ? t("save") : t("create")}
      cancelText={t("cancel")}
      okButtonProps={{ loading: saving, disabled: uploading && !saving }}
      cancelButtonProps={{ disabled: saving }}
      onOk={() => form.submit()}
      maskClosable={false}
      width={880}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name={editing ? `product-edit-${product.id}` : "product-add"}
        initialValues={initialValues(product)}
        onFinish={(values) => void submit(values)}
        requiredMark
        disabled={saving}
      >
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
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t("removeFeature", { n: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: "", de: "" })} style={{ alignSelf: "flex-start" }}>
                  {t("addFeature")}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>

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

        <Form.Item name="imageUrl" label={t("field.imageUrl")} rules={[contractRule("imageUrl")]} extra={t("imageUrlHint")}>
          <Input placeholder="/images/products/…" />
        </Form.Item>
        <Form.Item label={t("field.image")} extra={editing ? t("imageHint") : t("imageHintNew")}>
          <Upload {...uploadProps}>
            <button type="button" style={{ border: 0, background: "none", cursor: "pointer" }}>
              <UploadOutlined />
              <div style={{ marginTop: 8 }}>{t("chooseImage")}</div>
            </button>
          </Upload>
          {uploading ? <Typography.Text type="secondary">{t("uploading")}</Typography.Text> : null}
        </Form.Item>
      </Form>
    </Modal>
  )
}
