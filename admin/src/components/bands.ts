import type { CSSProperties } from "react"

/** The three colours the admin's tags speak in: good (green), needs attention (gold), bad or stopped (red). */
export type Band = "green" | "gold" | "red"

/**
 * antd's preset tag colours are too light to read (the gold preset's text is 2.9:1 on its
 * background, green's 3.3:1), so each band is the palette's darkest shade on its lightest: 7:1 and more.
 */
export const bandStyles: Record<Band, CSSProperties> = {
  green: { color: "#135200", background: "#f6ffed", borderColor: "#b7eb8f" },
  gold: { color: "#613400", background: "#fffbe6", borderColor: "#ffe58f" },
  red: { color: "#820014", background: "#fff1f0", borderColor: "#ffa39e" },
}
