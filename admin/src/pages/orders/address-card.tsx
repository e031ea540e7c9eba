import { EditOutlined } from "@ant-design/icons"
import type { Order, ShippingAddress } from "@enclave/contract"
import { useUpdate, type HttpError } from "@refinedev/core"
import { Button, Card, Empty } from "antd"
import { useState } from "react"
import { t } from "../../i18n/orders"
import { AddressModal } from "./address-modal"
import { orderToasts } from "./toasts"

/** Where the order goes, and the dialog that corrects it. */
export function AddressCard({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false)
  const { mutate, mutation } = useUpdate<Order, HttpError, { shippingAddress: ShippingAddress }>()
  const save = (shippingAddress: ShippingAddress) =>
    mutate(
      {
        resource: "orders",
        id: order.id,
        values: { shippingAddress },
        ...orderToasts(t("addressUpdated"), t("addressUpdatedText", { id: order.id }), (message) => t("addressFailed", { message })),
      },
      { onSuccess: () => setEditing(false) },
    )
  const address = order.shippingAddress
  return (
    <Card
      title={t("shippingAddress")}
      size="small"
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {t("editAddress")}
        </Button>
      }
    >
      {address ? (
        <address style={{ fontStyle: "normal" }} data-testid="shipping-address">
          <div>{address.fullName}</div>
          <div>{address.addressLine1}</div>
          {address.addressLine2 ? <div>{address.addressLine2}</div> : null}
          <div>
            {address.postalCode} {address.city}
          </div>
          <div>{address.state}</div>
          <div>{address.country}</div>
        </address>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noShippingAddress")} />
      )}
      <AddressModal order={order} open={editing} saving={mutation.isPending} onCancel={() => setEditing(false)} onSave={save} />
    </Card>
  )
}
