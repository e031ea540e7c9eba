import { useCustomMutation, useInvalidate, useNotification, type HttpError } from "@refinedev/core"
import type { AdminReturn } from "@enclave/contract"
import { Flex, Input, List, Modal, Switch, Typography } from "antd"
import { useState } from "react"
import { tReturns as t } from "../../i18n/returns"
import { toast } from "../../providers/toast"
import { receiveReturnUrl, type ReceiveReturnRequest } from "../../providers/resources/returns"

/** The goods are back: every item of the return received at once, restocked or not, with a note. */
export function ReceiveModal({ entry, onClose }: { entry: AdminReturn; onClose: () => void }) {
  const [restock, setRestock] = useState(true)
  const [note, setNote] = useState("")
  const invalidate = useInvalidate()
  const { open } = useNotification()
  const { mutate, mutation: receive } = useCustomMutation<AdminReturn, HttpError, ReceiveReturnRequest>()
  const submit = () =>
    mutate(
      {
        url: receiveReturnUrl(entry.returnId!),
        method: "post",
        values: { restock, note: note.trim() || null },
        meta: { resource: "returns" },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          open?.(toast("success", t("received"), t("receivedText", { id: entry.orderId })))
          await invalidate({ resource: "returns", invalidates: ["list"] })
          onClose()
        },
        onError: (error) => open?.(toast("error", t("failed"), error.message)),
      },
    )
  return (
    <Modal
      open
      title={t("receiveTitle", { id: entry.orderId })}
      onCancel={onClose}
      cancelText={t("cancel")}
      okText={t("receive")}
      okButtonProps={{ loading: receive.isPending }}
      onOk={submit}
      destroyOnHidden
    >
      <Flex vertical gap="middle" data-testid="receive-dialog">
        <List
          size="small"
          header={<Typography.Text strong>{t("receiveItems")}</Typography.Text>}
          dataSource={entry.items}
          renderItem={(item) => (
            <List.Item>
              {item.quantity} × {item.name}
            </List.Item>
          )}
        />
        <Flex gap="small" align="center">
          <Switch id="receive-restock" checked={restock} onChange={setRestock} aria-describedby="receive-restock-hint" />
          <label htmlFor="receive-restock">{t("restock")}</label>
        </Flex>
        <Typography.Text id="receive-restock-hint" type="secondary">
          {t("restockHint")}
        </Typography.Text>
        <Flex vertical gap={4}>
          <label htmlFor="receive-note">{t("note")}</label>
          <Input.TextArea
            id="receive-note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby="receive-note-hint"
            maxLength={2000}
            rows={2}
          />
          <Typography.Text id="receive-note-hint" type="secondary">
            {t("noteHint")}
          </Typography.Text>
        </Flex>
      </Flex>
    </Modal>
  )
}
