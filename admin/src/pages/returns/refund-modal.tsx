import type { Refund } from "@enclave/contract"
import { useCreate, useInvalidate, useNotification, useOne, type HttpError } from "@refinedev/core"
import { centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/values"
import { Alert, Button, Checkbox, Descriptions, Flex, Input, InputNumber, List, Modal, Skeleton, Typography } from "antd"
import { useState } from "react"
import { language } from "../../i18n"
import { tReturns as t } from "../../i18n/returns"
import { toast } from "../../providers/toast"
import type { NewRefund, RefundProposalRecord } from "../../providers/resources/refunds"
import { formatShopDateTime, useShopTimeZone } from "../../providers/shop-details"

const euro = (amount: string | number) => formatEuro(amount, language)
const AMOUNT = /^\d{1,8}([.,]\d{1,2})?$/

/**
 * Refund money on an order: what was paid and refunded, the withdrawal rule's proposal as the
 * amount, the provider that takes it back; an invoice order's refund names the account staff transfer to.
 * The dialog's idempotency key makes a double click or a retry one refund.
 */
export function RefundModal({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const [key] = useState(() => crypto.randomUUID())
  const timeZone = useShopTimeZone()
  const { query: proposal } = useOne<RefundProposalRecord, HttpError>({
    resource: "refunds",
    id: orderId,
    // What was paid and refunded as it is now, each time the dialog opens.
    queryOptions: { staleTime: 0 },
    // The dialog says it.
    errorNotification: false,
  })
  const [amount, setAmount] = useState<string | null>(null)
  const [note, setNote] = useState("")
  const [holder, setHolder] = useState("")
  const [iban, setIban] = useState("")
  // By item: ticked items with how many of each; "Use these items" puts their price into the amount.
  const [picked, setPicked] = useState<Record<number, number>>({})
  const invalidate = useInvalidate()
  const { open } = useNotification()
  const data = proposal.data?.data
  const shown = amount ?? data?.proposed ?? ""
  const value = shown.replace(",", ".")
  const refundable = Number(data?.refundable ?? 0)
  const problem = !AMOUNT.test(shown) || Number(value) <= 0 || Number(value) > refundable
  const bank = data?.method === "bank_transfer"
  const bankMissing = bank && (!holder.trim() || iban.replace(/\s/g, "").length < 15)
  const { mutate, mutation: refund } = useCreate<Refund & { id: string }, HttpError, NewRefund>()
  const submit = () =>
    mutate(
      {
        resource: "refunds",
        values: {
          orderId,
          amount: Number(value).toFixed(2),
          note: note.trim() || null,
          ...(bank ? { bankAccount: { accountHolder: holder.trim(), iban } } : {}),
        },
        meta: { idempotencyKey: key },
        // The order's refund figures and the Returns list are read again (below), before the dialog closes.
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: async () => {
          open?.(toast("success", t("refundDone"), t("refundDoneText", { amount: euro(value), id: orderId })))
          await Promise.all([
            invalidate({ resource: "returns", invalidates: ["list"] }),
            invalidate({ resource: "refunds", id: orderId, invalidates: ["detail"] }),
          ])
          onClose()
        },
        onError: (error) => open?.(toast("error", t("refundFailed"), error.message)),
      },
    )
  const chosen = Object.entries(picked).map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }))
  const itemsCents = (data?.items ?? []).reduce((sum, item) => sum + eurosToCents(item.unitPrice) * (picked[item.itemId] ?? 0), 0)
  return (
    <Modal
      open
      title={t("refundTitle", { id: orderId })}
      onCancel={onClose}
      cancelText={t("cancel")}
      okText={t("refundButton", { amount: AMOUNT.test(shown) ? euro(value) : "" })}
      okButtonProps={{ disabled: !data || refundable <= 0 || problem || bankMissing, loading: refund.isPending }}
      onOk={submit}
      destroyOnHidden
    >
      {proposal.isPending ? (
        <Skeleton active aria-label={t("refundLoading")} />
      ) : proposal.isError ? (
        <Alert type="error" showIcon role="alert" message={proposal.error.message} />
      ) : (
        <Flex vertical gap="middle" data-testid="refund-dialog">
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("captured")}>{euro(data!.captured)}</Descriptions.Item>
            <Descriptions.Item label={t("refunded")}>{euro(data!.refunded)}</Descriptions.Item>
            <Descriptions.Item label={t("refundable")}>{euro(data!.refundable)}</Descriptions.Item>
            {data!.method ? <Descriptions.Item label={t("method")}>{t(`method.${data!.method}`)}</Descriptions.Item> : null}
          </Descriptions>
          {refundable <= 0 ? (
            <Alert type="info" showIcon message={t("nothingToRefund")} />
          ) : (
            <>
              <Typography.Text>{t("proposed", { amount: euro(data!.proposed) })}</Typography.Text>
              <fieldset style={{ border: 0, margin: 0, padding: 0 }} data-testid="refund-items">
                <legend style={{ fontSize: "inherit", marginBottom: 4 }}>{t("byItem")}</legend>
                <Flex vertical gap={4}>
                  {data!.items.map((item) => (
                    <Flex key={item.itemId} gap="small" align="center" wrap>
                      <Checkbox
                        checked={item.itemId in picked}
                        onChange={(event) =>
                          setPicked(({ [item.itemId]: _, ...rest }) =>
                            event.target.checked ? { ...rest, [item.itemId]: item.quantity } : rest,
                          )
                        }
                      >
                        {item.name} ({euro(item.unitPrice)})
                      </Checkbox>
                      {item.itemId in picked ? (
                        <InputNumber
                          aria-label={t("itemQuantity", { name: item.name })}
                          min={1}
                          max={item.quantity}
                          value={picked[item.itemId]}
                          onChange={(quantity) =>
                            setPicked((all) => ({ ...all, [item.itemId]: Math.max(1, Math.min(item.quantity, Number(quantity) || 1)) }))
                          }
                          size="small"
                        />
                      ) : null}
                    </Flex>
                  ))}
                </Flex>
                {chosen.length > 0 ? (
                  <Button
                    size="small"
                    style={{ marginTop: 8 }}
                    onClick={() => setAmount(centsToEuros(Math.min(itemsCents, eurosToCents(data!.refundable))))}
                  >
                    {t("useItems", { amount: euro(centsToEuros(itemsCents)) })}
                  </Button>
                ) : null}
              </fieldset>
              <Flex vertical gap={4}>
                <label htmlFor="refund-amount">{t("amount")}</label>
                <Input
                  id="refund-amount"
                  inputMode="decimal"
                  value={shown}
                  onChange={(event) => setAmount(event.target.value)}
                  status={problem ? "error" : undefined}
                  aria-invalid={problem}
                  aria-describedby={problem ? "refund-amount-problem" : undefined}
                />
                {problem ? (
                  <Typography.Text id="refund-amount-problem" type="danger" role="alert">
                    {t("amountProblem", { amount: euro(data!.refundable) })}
                  </Typography.Text>
                ) : null}
              </Flex>
              {bank ? (
                <>
                  <Typography.Text>{t("bankIntro")}</Typography.Text>
                  <Flex vertical gap={4}>
                    <label htmlFor="refund-holder">{t("accountHolder")}</label>
                    <Input id="refund-holder" value={holder} onChange={(event) => setHolder(event.target.value)} autoComplete="off" />
                  </Flex>
                  <Flex vertical gap={4}>
                    <label htmlFor="refund-iban">{t("iban")}</label>
                    <Input
                      id="refund-iban"
                      value={iban}
                      onChange={(event) => setIban(event.target.value)}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  </Flex>
                </>
              ) : null}
              <Flex vertical gap={4}>
                <label htmlFor="refund-note">{t("note")}</label>
                <Input.TextArea id="refund-note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} rows={2} />
              </Flex>
            </>
          )}
          {data!.refunds.length > 0 ? (
            <List
              size="small"
              header={<Typography.Text strong>{t("pastRefunds")}</Typography.Text>}
              dataSource={data!.refunds}
              renderItem={(r) => (
                <List.Item>
                  {formatShopDateTime(r.createdAt, timeZone)}: {euro(r.amount)} ({t(`method.${r.method}`)})
                </List.Item>
              )}
            />
          ) : null}
        </Flex>
      )}
    </Modal>
  )
}
