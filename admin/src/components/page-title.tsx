import { theme } from "antd"
import type { ReactNode } from "react"

/**
 * A page's heading: the page's one h1, in the size of antd's level-3 title. Plain, so that the
 * first screen does not carry antd's Typography (its editable and copyable parts bring Input and
 * Tooltip along).
 */
export function PageTitle({ id, children }: { id: string; children: ReactNode }) {
  const { token } = theme.useToken()
  return (
    <h1
      id={id}
      style={{
        margin: 0,
        fontSize: token.fontSizeHeading3,
        lineHeight: token.lineHeightHeading3,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
      }}
    >
      {children}
    </h1>
  )
}
