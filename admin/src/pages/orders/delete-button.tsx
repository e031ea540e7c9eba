import { DeleteOutlined } from "@ant-design/icons"
import type { Order } from "@enclave/contract"
import { useDelete } from "@refinedev/core"
import { Button, Popconfirm } from "antd"
import { useNavigate } from "react-router"
import { t } from "../../i18n/orders"
import { orderToasts } from "./toasts"

/** Deletes the order after a confirmation, then goes back to the list. */
export function DeleteButton({ order }: { order: Order }) {
  const navigate = useNavigate()
  const { mutate, mutation } = useDelete<Order>()
  const remove = () =>
    mutate(
      {
        resource: "orders",
        id: order.id,
        ...orderToasts(t("orderDeleted"), t("orderDeletedText", { id: order.id }), (message) => t("deleteFailed", { message })),
      },
      { onSuccess: () => void navigate("/orders") },
    )
  return (
    <Popconfirm
      title={t("deleteConfirmTitle", { id: order.id })}
      description={t("deleteConfirmText")}
      okText={t("deleteConfirmOk")}
      cancelText={t("cancel")}
      okButtonProps={{ danger: true, loading: mutation.isPending }}
      onConfirm={remove}
    >
      <Button danger icon={<DeleteOutlined />} loading={mutation.isPending}>
        {t("deleteOrder")}
      </Button>
    </Popconfirm>
  )
}
