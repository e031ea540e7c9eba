import { createRoot } from "react-dom/client"
import { ConfigProvider, Layout, Button, Row, Col, Tag, Spin, Flex, Grid, theme } from "antd"
import { DashboardOutlined } from "@ant-design/icons"
function App() {
  const s = Grid.useBreakpoint(); const { token } = theme.useToken()
  return <ConfigProvider><Layout><Layout.Sider>x</Layout.Sider><Layout.Content><Flex><Button icon={<DashboardOutlined/>}>a</Button><Row><Col span={s.lg?1:2}><Tag color={token.colorError}>a</Tag><Spin/></Col></Row></Flex></Layout.Content></Layout></ConfigProvider>
}
createRoot(document.getElementById("root")!).render(<App/>)
