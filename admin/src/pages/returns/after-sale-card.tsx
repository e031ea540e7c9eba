import { useCreate, useInvalidate, useNotification, type HttpError } from "@refinedev/core"
import type { AdminReturn, OpenReturnRequest, Order } from "@enclave/contract"
import { Button, Card, Flex, Input, Modal, Select, Space, Typography } from "antd"
import { useState } from "react"
import { Link } from "react-router"
import { tReturns as t } from "../../i18n/returns"
import { toast } from "../../providers/toast"
import type { NewReturn } from "../../providers/resources/returns"
import { RefundModal } from "./refund-modal"

type Reason = OpenReturnRequest["reason"]

/** Staff open a return themselves (goodwill, warranty, a withdrawal by letter): every dispatched item not back yet. */
function OpenReturnModal({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const [reason, setReason] = useState<Reason>("goodwill")
  const [note, setNote] = useState("")
  const { open } = useNotification()
  const invalidate = useInvalidate()
  const { mutate, mutation: opening } = useCreate<AdminReturn, HttpError, NewReturn>()
  const submit = () =>
    mutate(
      {
        resource: "returns",
        values: { orderId, reason, note: note.trim() || null },
        // Said first, then the Returns list is read again: a page that re-renders while the lists
        // reload must not take the dialog, and with it this answer's toast, away first.
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          open?.(toast("success", t("returnOpened"), t("returnOpenedText", { id: orderId })))
          await invalidate({ resource: "returns", invalidates: ["list"] })
          onClose()
        },
        onError: (error) => open?.(toast("error", t("failed"), error.message)),
      },
    )
  return (
    <Modal
      open
      title={t("openReturnTitle", { id: orderId })}
      onCancel={onClose}
      cancelText={t("cancel")}
      okText={t("openReturn")}
      okButtonProps={{ loading: opening.isPending }}
      onOk={submit}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t("openReturnHint")}</Typography.Text>
        <Flex vertical gap={4}>
          <label htmlFor="open-return-reason">{t("reason")}</label>
          <Select<Reason>
            id="open-return-reason"
            value={reason}
            onChange={setReason}
            options={(["goodwill", "warranty", "withdrawal"] as const).map((value) => ({ value, label: t(`reason.${value}`) }))}
          />
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor="open-return-note">{t("note")}</label>
          <Input.TextArea id="open-return-note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} rows={2} />
        </Flex>
      </Flex>
    </Modal>
  )
}

/** On an order's page: refund money, open a return, and the way to the Returns list. */
export function AfterSaleCard({ order }: { order: Order }) {
  const [dialog, setDialog] = useState<"refund" | "return" | null>(null)
  return (
    <Card title={t("afterSale")} size="small">
      <Space wrap>
        <Button onClick={() => setDialog("refund")}>{t("refund")}</Button>
        {order.status === "cancelled" ? null : <Button onClick={() => setDialog("return")}>{t("openReturn")}</Button>}
        <Link to="/returns">{t("title")}</Link>
      </Space>
      {dialog === "refund" ? <RefundModal orderId={order.id} onClose={() => setDialog(null)} /> : null}
      {dialog === "return" ? <OpenReturnModal orderId={order.id} onClose={() => setDialog(null)} /> : null}
    </Card>
  )
}
