import type { OpenNotificationParams } from "@refinedev/core"

/**
 * A toast with docs/product.md §8's title and text, as Refine's notification params. The admin's toast host
 * (components/shell/toast-host.tsx) reads them as Refine's antd provider does: `description` is
 * the notice's title and `message` the text underneath, hence the swap.
 */
export function toast(type: "success" | "error", title: string, text: string, key?: string): OpenNotificationParams {
  return { type, key, description: title, message: text }
}
