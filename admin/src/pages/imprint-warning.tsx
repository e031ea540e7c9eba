import { Alert } from "antd"
import { Link } from "react-router"
import { tShopDetails } from "../i18n/shop-details"
import { useShopDetails } from "../providers/shop-details"

/**
 * While a required field of the imprint is empty, the imprint shows "to be filled in" to every
 * visitor; the dashboard says so, and which fields, until they are saved.
 */
export function ImprintWarning() {
  const { details: data } = useShopDetails()
  if (!data || data.missingFields.length === 0) return null
  const fields = data.missingFields.map((field) => tShopDetails(`field.${field}`)).join(", ")
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="imprint-warning"
      style={{ marginBottom: 16 }}
      message={tShopDetails("missingTitle")}
      description={
        <>
          {tShopDetails("missingText", { fields })}{" "}
          <Link to="/shop-details" style={{ textDecoration: "underline" }}>
            {tShopDetails("missingLink")}
          </Link>
        </>
      }
    />
  )
}
