import { Drawer } from "antd"
import { tShell } from "../../i18n/shell"
import { AdminNav } from "./admin-nav"
import { AdminTitle } from "./admin-title"

/** The sidebar of a narrow window, opened from the header's menu button (loaded when first opened). */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width={256}
      title={<AdminTitle />}
      aria-label={tShell("nav.label")}
      styles={{ body: { padding: 0 } }}
    >
      <AdminNav onNavigate={onClose} />
    </Drawer>
  )
}
