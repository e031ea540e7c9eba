import { BarsOutlined, ShopOutlined, UserOutlined } from "@ant-design/icons"
import { useGetIdentity } from "@refinedev/core"
import { Button, Flex, Grid, Layout, theme } from "antd"
import { tShell } from "../i18n/shell"
import type { Identity } from "../providers/auth-provider"
import { AdminTitle } from "./shell/admin-title"
import { LanguageMenu } from "./shell/language-menu"

/**
 * The layout's top bar: the signed-in username, the language menu and the way back to the shop;
 * in a narrow window also the menu button and the title, as the sidebar waits in a drawer there.
 * Logout is in the sidebar (docs/product.md §2).
 */
export function AdminHeader({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { token } = theme.useToken()
  const screens = Grid.useBreakpoint()
  const { data: user } = useGetIdentity<Identity>()
  const small = screens.md === false
  return (
    <Layout.Header
      style={{
        position: "sticky",
        top: 0,
        zIndex: 1,
        display: "flex",
        justifyContent: onOpenMenu ? "space-between" : "flex-end",
        alignItems: "center",
        gap: 8,
        height: 64,
        padding: small ? "0 12px" : "0 24px",
        lineHeight: "normal",
        backgroundColor: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {onOpenMenu ? (
        <Flex align="center" gap={8}>
          <Button type="text" icon={<BarsOutlined />} aria-label={tShell("nav.open")} onClick={onOpenMenu} />
          <AdminTitle collapsed={small} />
        </Flex>
      ) : null}
      <Flex align="center" gap={small ? "small" : "large"}>
        {user?.name ? (
          <strong data-testid="admin-username" title={tShell("header.signedInAs", { name: user.name })} style={{ color: token.colorText }}>
            <UserOutlined aria-hidden /> {user.name}
          </strong>
        ) : null}
        <LanguageMenu />
        {/* The storefront lives outside the admin's router, on the same origin. */}
        <a href="/" aria-label={small ? tShell("header.viewShop") : undefined} style={{ color: token.colorLink, whiteSpace: "nowrap" }}>
          <ShopOutlined aria-hidden /> {small ? null : tShell("header.viewShop")}
        </a>
      </Flex>
    </Layout.Header>
  )
}
