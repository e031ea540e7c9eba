import type { HttpError } from "@refinedev/core"
import { t } from "../../i18n/orders"

/** The toasts of an order change (docs/product.md §8): a title and text on success; on failure the error title and the reason. */
export function orderToasts(
  title: string,
  text: string,
  failure: (message: string, code: string | undefined) => string = (message) => message,
) {
  return {
    successNotification: () => ({ type: "success" as const, description: title, message: text }),
    errorNotification: (error?: HttpError) => ({
      type: "error" as const,
      description: t("error"),
      message: failure(error?.message ?? "", typeof error?.code === "string" ? error.code : undefined),
    }),
  }
}
