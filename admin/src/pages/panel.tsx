import { theme } from "antd"
import type { CSSProperties, ReactNode } from "react"

/**
 * A bordered panel in antd's card style. Plain elements rather than antd's Card and Table: those
 * bring Tabs, Skeleton, Pagination and Select into the first admin screen's download.
 */
export function Panel({
  title,
  children,
  testId,
  flush = false,
  style,
}: {
  title?: ReactNode
  children: ReactNode
  testId?: string
  flush?: boolean
  style?: CSSProperties
}) {
  const { token } = theme.useToken()
  return (
    <div
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      {title ? (
        <div style={{ padding: "12px 24px", borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: 600 }}>{title}</div>
      ) : null}
      <div style={{ padding: flush ? 0 : 24 }}>{children}</div>
    </div>
  )
}

/** An empty list's words, in the muted style of antd's Empty. */
export function Nothing({ text }: { text: string }) {
  const { token } = theme.useToken()
  return <p style={{ margin: 0, padding: 24, textAlign: "center", color: token.colorTextDescription }}>{text}</p>
}
