import { UploadOutlined } from "@ant-design/icons"
import {
  adminProductCreateSchema,
  adminProductUpdateSchema,
  isShopImagePath,
  NO_IMAGE_URL,
  type AdminProduct,
  type ImageUploadAnswer,
} from "@enclave/contract"
import { useCreate, useCustomMutation, useInvalidate, useNotification, useUpdate, type HttpError } from "@refinedev/core"
import { Form, Input, Modal, Typography, Upload, type UploadFile, type UploadProps } from "antd"
import { useEffect, useRef, useState } from "react"
import { t, tm } from "../../i18n/products"
import { toast } from "../../providers/toast"
import { productImageUploadUrl } from "../../providers/resources/products"
import { IMAGE_TYPES, imageProblem, uploadMessage } from "./image-upload"
import { type FormValues, type FormFieldPath, initialValues, productBody } from "./product-form"
import { contractRule, formFieldOf, serverFieldMessages } from "./product-rules"
import { FeatureList, SpecificationList } from "./row-lists"
import { ProductFields } from "./product-fields"

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
  const { mutateAsync: sendImage } = useCustomMutation<ImageUploadAnswer, HttpError, { file: File }>()
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
      // The dialog says how an upload went (below), in its own toasts.
      const { data: answer } = await sendImage({
        url: productImageUploadUrl(id),
        method: "post",
        values: { file },
        meta: { resource: "products", onProgress: (percent: number) => patch({ percent }) },
        successNotification: false,
        errorNotification: false,
      })
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
        <ProductFields />

        <FeatureList />

        <SpecificationList />

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
