import { LogoutOutlined, ShopOutlined } from "@ant-design/icons"
import { useLogout } from "@refinedev/core"
import { Button, Result, Space } from "antd"
import { tShell } from "../i18n/shell"
import { SHOP_URL } from "../providers/auth-provider"

/** A signed-in customer inside /admin (docs/product.md §2): the exact texts, a way back and a way out. */
export default function AccessDenied() {
  const { mutate: logout, isPending } = useLogout()
  return (
    <main style={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center" }}>
      <Result
        status="403"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{tShell("access.deniedTitle")}</h1>}
        subTitle={tShell("access.deniedText")}
        extra={
          <Space wrap>
            <Button type="primary" href={SHOP_URL} icon={<ShopOutlined />}>
              {tShell("access.backToShop")}
            </Button>
            <Button onClick={() => logout()} loading={isPending} icon={<LogoutOutlined />}>
              {tShell("access.signOut")}
            </Button>
          </Space>
        }
      />
    </main>
  )
}
