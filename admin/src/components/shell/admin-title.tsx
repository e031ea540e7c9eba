import { SafetyCertificateOutlined } from "@ant-design/icons"
import { theme } from "antd"
import { Link } from "react-router"

export const ADMIN_TITLE = "Enclave Admin"

/** The shop's mark and name, linking to the dashboard; the mark alone in a collapsed sidebar. */
export function AdminTitle({ collapsed = false }: { collapsed?: boolean }) {
  const { token } = theme.useToken()
  return (
    <Link
      to="/"
      aria-label={collapsed ? ADMIN_TITLE : undefined}
      style={{
        display: "inline-flex",
        alignItems: "center",
        gap: 8,
        color: token.colorText,
        fontWeight: 700,
        fontSize: 16,
        whiteSpace: "nowrap",
      }}
    >
      <SafetyCertificateOutlined style={{ fontSize: 24, color: token.colorPrimary }} aria-hidden />
      {collapsed ? null : ADMIN_TITLE}
    </Link>
  )
}
