import { CheckOutlined, GlobalOutlined, ShopOutlined, UserOutlined } from "@ant-design/icons"
import { ThemedTitle } from "@refinedev/antd"
import { useGetIdentity } from "@refinedev/core"
import { Button, Dropdown, Grid, Layout, Space, Typography, theme } from "antd"
import { changeLanguage, language, languages, type Language } from "../i18n"
import { tShell } from "../i18n/shell"
import type { Identity } from "../providers/auth-provider"

function LanguageMenu() {
  const name = (lang: Language) => tShell(`language.${lang}`)
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: languages.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{name(lang)}</span>,
          icon: lang === language ? <CheckOutlined /> : <span style={{ display: "inline-block", width: 14 }} />,
        })),
        onClick: ({ key }) => {
          if (key !== language) changeLanguage(key as Language)
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${tShell("header.language")}: ${name(language)}`}>
        {name(language)}
      </Button>
    </Dropdown>
  )
}

/**
 * The layout's top bar: the signed-in username, the language menu and the way back to the shop;
 * the title on small screens, where the sider becomes a drawer. Logout is in the sider (SPEC §2).
 */
export function AdminHeader() {
  const { token } = theme.useToken()
  const screens = Grid.useBreakpoint()
  const { data: user } = useGetIdentity<Identity>()
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
      <Space size={screens.md === false ? "small" : "large"}>
        {user?.name ? (
          <Typography.Text strong data-testid="admin-username" title={tShell("header.signedInAs", { name: user.name })}>
            <UserOutlined aria-hidden /> {user.name}
          </Typography.Text>
        ) : null}
        <LanguageMenu />
        {/* The storefront lives outside the admin's router, on the same origin. */}
        <Typography.Link href="/" aria-label={screens.md === false ? tShell("header.viewShop") : undefined}>
          <ShopOutlined aria-hidden /> {screens.md === false ? null : tShell("header.viewShop")}
        </Typography.Link>
      </Space>
    </Layout.Header>
  )
}
