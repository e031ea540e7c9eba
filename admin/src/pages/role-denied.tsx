import { Result } from "antd"
import { tShell } from "../i18n/shell"

/** A page of the admin that the signed-in user's roles do not open (components/role-gate.tsx). */
export default function RoleDenied() {
  return <Result status="403" title={tShell("access.deniedTitle")} subTitle={tShell("access.deniedText")} />
}
