import { ShopOutlined } from "@ant-design/icons"
import { ThemedTitle } from "@refinedev/antd"
import { useGetIdentity } from "@refinedev/core"
import { Grid, Layout, Space, Typography, theme } from "antd"

/**
 * The layout's top bar. Refine's ThemedHeader renders nothing without a signed-in identity;
 * this one always shows the way back to the shop, the username once an auth provider supplies
 * one, and the title on small screens, where the sider becomes a drawer.
 */
export function AdminHeader() {
  const { token } = theme.useToken()
  const screens = Grid.useBreakpoint()
  const { data: user } = useGetIdentity<{ name?: string }>()
  const siderIsDrawer = screens.lg === false
  return (
    <Layout.Header
      style={{
        position: "sticky",
        top: 0,
        zIndex: 1,
        display: "flex",
        justifyContent: siderIsDrawer ? "space-between" : "flex-end",
        alignItems: "center",
        height: 64,
        padding: "0 24px",
        backgroundColor: token.colorBgElevated,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {siderIsDrawer ? (
        <div style={{ display: "flex", alignItems: "center", lineHeight: "normal" }}>
          <ThemedTitle collapsed={false} />
        </div>
      ) : null}
      <Space size="large">
        {user?.name ? <Typography.Text strong>{user.name}</Typography.Text> : null}
        {/* The storefront lives outside the admin's router, on the same origin. */}
        <Typography.Link href="/">
          <ShopOutlined /> View shop
        </Typography.Link>
      </Space>
    </Layout.Header>
  )
}
