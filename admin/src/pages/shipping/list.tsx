import type { ShippingMethod } from "@enclave/contract"
import { formatEuro } from "@enclave/contract/values"
import { ArrowLeftOutlined, CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StarOutlined } from "@ant-design/icons"
import { useCreate, useDelete, useList, useUpdate, type HttpError, type OpenNotificationParams } from "@refinedev/core"
import { Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from "antd"
import { useState } from "react"
import { Link } from "react-router"
import { RequestError } from "../../components/request-error"
import { language } from "../../i18n"
import { tShipping as t } from "../../i18n/shipping"
import { inputOf, MethodFormModal, zoneLabel, type MethodFormValues } from "./method-form"
import { toast } from "../../providers/toast"

const RESOURCE = "shipping-methods"

/** docs/product.md §2: inactive methods are dimmed; their action buttons stay fully visible (they still work). */
const INACTIVE_ROW = "shipping-method-inactive"
const inactiveRowStyle = `.${INACTIVE_ROW} > td:not(:last-child) { opacity: 0.55; }`

function success(title: string, text: string): OpenNotificationParams {
  return toast("success", title, text)
}

/** docs/product.md §8: the server's message, or 'Failed to … shipping method'. */
function failure(fallback: string) {
  return (error?: HttpError): OpenNotificationParams => toast("error", t("errorTitle"), error?.message ? error.message : fallback)
}

export default function ShippingMethodList() {
  const { result, query } = useList<ShippingMethod>({
    resource: RESOURCE,
    pagination: { mode: "off" },
    errorNotification: () => toast("error", t("errorTitle"), t("loadFailed")),
  })
  const methods = result.data
  const { mutate: create, mutation: createMutation } = useCreate<ShippingMethod>()
  const { mutate: update, mutation: updateMutation } = useUpdate<ShippingMethod>()
  const { mutate: remove } = useDelete<ShippingMethod>()
  const [editing, setEditing] = useState<ShippingMethod | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [busyId, setBusyId] = useState<number | null>(null)

  const openForm = (method: ShippingMethod | null) => {
    setEditing(method)
    setFormOpen(true)
  }

  const submit = (values: MethodFormValues) => {
    const input = inputOf(values)
    const name = input.name
    if (editing) {
      update(
        {
          resource: RESOURCE,
          id: editing.id,
          values: input,
          successNotification: success(t("updatedTitle"), t("updatedText", { name })),
          errorNotification: failure(t("updateFailed")),
        },
        { onSuccess: () => setFormOpen(false) },
      )
    } else {
      create(
        {
          resource: RESOURCE,
          values: input,
          successNotification: success(t("createdTitle"), t("createdText", { name })),
          errorNotification: failure(t("createFailed")),
        },
        { onSuccess: () => setFormOpen(false) },
      )
    }
  }

  const makeDefault = (method: ShippingMethod) => {
    setBusyId(method.id)
    update(
      {
        resource: RESOURCE,
        id: method.id,
        values: { isDefault: true },
        successNotification: success(t("defaultTitle"), t("defaultText", { name: method.name })),
        errorNotification: failure(t("updateFailed")),
      },
      { onSettled: () => setBusyId(null) },
    )
  }

  const deleteMethod = (method: ShippingMethod) =>
    new Promise<void>((resolve) => {
      remove(
        {
          resource: RESOURCE,
          id: method.id,
          successNotification: success(t("deletedTitle"), t("deletedText", { name: method.name })),
          errorNotification: failure(t("deleteFailed")),
        },
        { onSettled: () => resolve() },
      )
    })

  const count = methods.length
  return (
    <section aria-labelledby="shipping-title">
      <style>{inactiveRowStyle}</style>
      <Link to="/" style={{ display: "inline-block", marginBottom: 8 }}>
        <ArrowLeftOutlined /> {t("backToDashboard")}
      </Link>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 8 }}>
        <Typography.Title id="shipping-title" level={3} style={{ margin: 0 }}>
          {t("title")}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          {t("add")}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {query.isError ? (
        <RequestError title={t("loadFailed")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Table<ShippingMethod>
          dataSource={methods}
          loading={query.isFetching}
          rowKey="id"
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: query.isLoading ? <div style={{ height: 96 }} /> : t("empty") }}
          rowClassName={(method) => (method.isActive ? "" : INACTIVE_ROW)}
          onRow={(method) => ({ "data-active": String(method.isActive) }) as React.HTMLAttributes<HTMLElement>}
          footer={() => (count === 1 ? t("countOne") : t("count", { count }))}
        >
          <Table.Column<ShippingMethod>
            dataIndex="name"
            title={t("columnName")}
            width={240}
            render={(name: string, method) => (
              <Space size={4} wrap>
                <Typography.Text strong>{name}</Typography.Text>
                {method.isDefault ? (
                  <Tag color="blue" icon={<CheckCircleOutlined />}>
                    {t("defaultTag")}
                  </Tag>
                ) : null}
                {method.isActive ? null : <Tag>{t("inactiveTag")}</Tag>}
                {/* The German name below the English one, as the estimate's German wording is shown. */}
                {method.name_de && (
                  <Typography.Text lang="de" type="secondary" style={{ display: "block", width: "100%" }}>
                    {method.name_de}
                  </Typography.Text>
                )}
              </Space>
            )}
          />
          <Table.Column<ShippingMethod>
            dataIndex="description"
            title={t("columnDescription")}
            width="24%"
            render={(description: string, method) => (
              <>
                {description}
                {method.description_de && <div lang="de">{method.description_de}</div>}
              </>
            )}
          />
          <Table.Column<ShippingMethod>
            dataIndex="zone"
            title={t("columnZone")}
            render={(zone: ShippingMethod["zone"]) => zoneLabel(zone)}
          />
          <Table.Column<ShippingMethod>
            dataIndex="price"
            title={t("columnPrice")}
            align="right"
            render={(price: string) => formatEuro(price, language)}
          />
          <Table.Column<ShippingMethod>
            dataIndex="estimated_delivery"
            title={t("columnDelivery")}
            render={(delivery: string | null, method) => (
              <>
                {delivery ?? t("noEstimate")}
                {method.estimated_delivery_de && <div lang="de">{method.estimated_delivery_de}</div>}
              </>
            )}
          />
          <Table.Column<ShippingMethod> dataIndex="sortOrder" title={t("columnSortOrder")} align="right" />
          <Table.Column<ShippingMethod>
            key="actions"
            title={t("columnActions")}
            width={150}
            render={(_, method) => (
              <Space size="small">
                <Tooltip title={t("edit")}>
                  <Button icon={<EditOutlined />} aria-label={t("editLabel", { name: method.name })} onClick={() => openForm(method)} />
                </Tooltip>
                {method.isDefault ? null : (
                  <Tooltip title={t("makeDefault")}>
                    <Button
                      icon={<StarOutlined />}
                      loading={busyId === method.id}
                      aria-label={t("makeDefaultLabel", { name: method.name })}
                      onClick={() => makeDefault(method)}
                    />
                  </Tooltip>
                )}
                <Popconfirm
                  title={t("deleteConfirmTitle")}
                  description={t("deleteConfirmText", { name: method.name })}
                  okText={t("deleteConfirmOk")}
                  cancelText={t("cancel")}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => deleteMethod(method)}
                >
                  <Button danger icon={<DeleteOutlined />} aria-label={t("deleteLabel", { name: method.name })} />
                </Popconfirm>
              </Space>
            )}
          />
        </Table>
      )}
      <MethodFormModal
        open={formOpen}
        method={editing}
        saving={createMutation.isPending || updateMutation.isPending}
        onSubmit={submit}
        onCancel={() => setFormOpen(false)}
      />
    </section>
  )
}
