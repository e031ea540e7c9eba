import { NO_IMAGE_URL } from "@enclave/contract/values"

export function productImageUrl(imageUrl: string | null | undefined): string {
  return imageUrl && imageUrl.trim() !== "" ? imageUrl : NO_IMAGE_URL
}

/**
 * docs/product.md §2 Product detail: the pictures of products 1, 2 and 3 (the three phone tiers) are drawn at
 * 0.7, 0.8 and 0.85 of the frame so the tiers read as growing in size; every other product fills it.
 */
export function productImageScale(id: number): number {
  return ({ 1: 0.7, 2: 0.8, 3: 0.85 } as Record<number, number>)[id] ?? 1
}
