import { Button, Result } from "antd"
import { useLocation, useNavigate } from "react-router"

/** Any /admin/* path no route claims. */
export default function NotFound() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title="404 Page Not Found"
      subTitle={`There is no admin page at /admin${pathname === "/" ? "" : pathname}.`}
      extra={
        <Button type="primary" onClick={() => navigate("/products")}>
          Back to products
        </Button>
      }
    />
  )
}
