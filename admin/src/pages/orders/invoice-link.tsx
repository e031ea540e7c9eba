import { FilePdfOutlined } from "@ant-design/icons"
import { Button } from "antd"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"
import { API_URL } from "../../providers/http"

/**
 * The order's invoice as a PDF: a link the browser downloads with the admin's session
 * cookie, in the admin's language.
 */
export function InvoiceLink({ orderId }: { orderId: number }) {
  return (
    <Button
      icon={<FilePdfOutlined />}
      href={`${API_URL}/orders/${orderId}/invoice.pdf?language=${language}`}
      download
      data-invoice-link={orderId}
    >
      {t("downloadInvoice")}
    </Button>
  )
}
