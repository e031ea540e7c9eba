import type { ShippingAddress, ShippingMethod } from "@enclave/contract"
import type { Language, Translate } from "../../../i18n"
import { formatEuro } from "@enclave/contract/money"
import { shippingMethodName } from "@enclave/contract/values"
import type { PaymentChoice } from "../payment"
import { choiceLabelKey } from "./PaymentChoicePicker"

interface Props {
  address: ShippingAddress
  method: ShippingMethod
  choice: PaymentChoice | null
  language: Language
  t: Translate
}

/** docs/product.md §2 step 2: the address, the chosen shipping method and the current payment choice. */
export function OrderReview({ address, method, choice, language, t }: Props) {
  return (
    <dl className="co-review">
      <div>
        <dt>{t("checkout.payment.shipTo")}</dt>
        <dd data-testid="review-address">
          {address.fullName}
          <br />
          {address.addressLine1}
          {address.addressLine2 ? (
            <>
              <br />
              {address.addressLine2}
            </>
          ) : null}
          <br />
          {address.postalCode} {address.city}, {address.state}
          <br />
          {address.country}
        </dd>
      </div>
      <div>
        <dt>{t("checkout.payment.method")}</dt>
        <dd data-testid="review-method">
          {shippingMethodName(method, language)} · {formatEuro(method.price, language)}
        </dd>
      </div>
      <div>
        <dt>{t("checkout.payment.choice")}</dt>
        <dd data-testid="review-payment">{choice ? t(choiceLabelKey[choice]) : t("checkout.payment.unavailableTitle")}</dd>
      </div>
    </dl>
  )
}
