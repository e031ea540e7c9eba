import { Tag, type TagProps } from "antd"
import { bandStyles, type Band } from "./bands"

/** An antd Tag in one of the admin's readable colour bands (components/bands.ts). */
export function BandTag({ band, style, ...props }: Omit<TagProps, "color"> & { band: Band }) {
  return <Tag {...props} style={{ ...bandStyles[band], ...style }} data-band={band} />
}
