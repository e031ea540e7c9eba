import { Button, Result } from "antd"
import { useLocation, useNavigate } from "react-router"
import { tShell } from "../i18n/shell"

/** Any /admin/* path no route claims. */
export default function NotFound() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title={tShell("notFound.title")}
      subTitle={tShell("notFound.text", { path: `/admin${pathname === "/" ? "" : pathname}` })}
      extra={
        <Button type="primary" onClick={() => navigate("/")}>
          {tShell("notFound.back")}
        </Button>
      }
    />
  )
}
