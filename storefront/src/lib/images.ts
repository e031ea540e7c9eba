import { shownImageUrl } from "@enclave/contract/values"

/**
 * The image a page shows for a product: its own, or the placeholder. Another site's address (a product
 * saved before the shop fetched such images) is never shown: the pages' CSP allows
 * images from the shop alone, and the visitor's browser is to ask nobody else.
 */
export function productImageUrl(imageUrl: string | null | undefined): string {
  return shownImageUrl(imageUrl?.trim())
}

/**
 * docs/product.md §2 Product detail: the pictures of products 1, 2 and 3 (the three phone tiers) are drawn at
 * 0.7, 0.8 and 0.85 of the frame so the tiers read as growing in size; every other product fills it.
 */
export function productImageScale(id: number): number {
  return ({ 1: 0.7, 2: 0.8, 3: 0.85 } as Record<number, number>)[id] ?? 1
}
