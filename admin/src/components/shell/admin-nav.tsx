import { LogoutOutlined } from "@ant-design/icons"
import { useGetIdentity, useLogout } from "@refinedev/core"
import { theme } from "antd"
import type { CSSProperties } from "react"
import { NavLink } from "react-router"
import { tShell } from "../../i18n/shell"
import { rolesOf, type Identity } from "../../providers/auth-provider"
import { allows, areas } from "../../resources"
import "./shell.css"

/**
 * The areas of resources.tsx's table that the signed-in user's roles open, and Logout (docs/product.md §2),
 * as a list of links in a navigation landmark. Collapsed, only the icons show; the names stay for screen
 * readers and as the links' tooltips. Until the identity is read, every area shows: only staff get this far.
 */
export function AdminNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { token } = theme.useToken()
  const { mutate: logout, isPending } = useLogout()
  const { data: identity } = useGetIdentity<Identity>()
  const shown = identity ? areas.filter((area) => allows(area, rolesOf(identity))) : areas
  const colours = {
    "--nav-text": token.colorText,
    "--nav-hover": token.controlItemBgHover,
    "--nav-selected-bg": token.controlItemBgActive,
    "--nav-selected-text": token.colorPrimary,
    "--nav-focus": token.colorPrimaryBorder,
    "--nav-radius": `${token.borderRadiusLG}px`,
  } as CSSProperties
  return (
    <nav aria-label={tShell("nav.label")} className={collapsed ? "admin-nav collapsed" : "admin-nav"} style={colours}>
      <ul>
        {shown.map((area) => (
          <li key={area.name}>
            {/* NavLink marks the current area (aria-current="page"); an order's page is in Orders. */}
            <NavLink
              to={area.path}
              end={area.path === "/"}
              className="admin-nav-item"
              title={collapsed ? area.label : undefined}
              onClick={onNavigate}
            >
              {area.icon}
              <span className="admin-nav-label">{area.label}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="admin-nav-item"
            title={collapsed ? tShell("buttons.logout") : undefined}
            disabled={isPending}
            onClick={() => logout()}
          >
            <LogoutOutlined />
            <span className="admin-nav-label">{tShell("buttons.logout")}</span>
          </button>
        </li>
      </ul>
    </nav>
  )
}
