import type { OpenNotificationParams } from "@refinedev/core"

/**
 * A toast with a title and a text (SPEC §8). Refine's antd notification provider shows its
 * `description` as the antd title and its `message` as the text underneath, hence the swap.
 */
export function toast(type: "success" | "error", title: string, text: string, key = "product"): OpenNotificationParams {
  return { type, key, description: title, message: text }
}
