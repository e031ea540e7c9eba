/** Step 1 of checkout (docs/product.md §2): the address form, the shipping method picker, the privacy note. */
import { CountryOptions } from "../../common/components/CountryOptions"
import type { RefObject } from "react"
import type { UseFormReturn } from "react-hook-form"
import type { ShippingAddress } from "@enclave/contract"
import type { shippingAddressSchema } from "@enclave/contract/forms"
import type { z } from "zod"
import type { Language, Translate } from "../../../i18n"
import { addressMessageKey } from "../address-messages"
import { ShippingMethodPicker, type MethodsState } from "./ShippingMethodPicker"

export type AddressForm = z.input<typeof shippingAddressSchema>

const addressFields = [
  { name: "fullName", autoComplete: "name", wide: true },
  { name: "addressLine1", autoComplete: "address-line1", wide: true },
  { name: "addressLine2", autoComplete: "address-line2", wide: true },
  { name: "city", autoComplete: "address-level2" },
  { name: "state", autoComplete: "address-level1" },
  { name: "postalCode", autoComplete: "postal-code" },
  { name: "country", autoComplete: "country-name" },
] as const

interface Props {
  form: UseFormReturn<AddressForm, unknown, ShippingAddress>
  /** What the server rendered into the inputs. */
  addressDefaults: AddressForm
  hidden: boolean
  /** Set while this step shows: the heading that takes the focus. */
  heading: RefObject<HTMLHeadingElement | null> | undefined
  onContinue: (address: ShippingAddress) => void
  methods: MethodsState
  selectedMethodId: number | null
  onSelectMethod: (id: number) => void
  onRetryMethods: () => void
  methodError: string | undefined
  countryKnown: boolean
  countries: ReadonlyArray<{ value: string; label: string }>
  language: Language
  t: Translate
}

export function AddressStep({
  form,
  addressDefaults,
  hidden,
  heading,
  onContinue,
  methods,
  selectedMethodId,
  onSelectMethod,
  onRetryMethods,
  methodError,
  countryKnown,
  countries,
  language,
  t,
}: Props) {
  const { errors } = form.formState
  const fieldError = (message: string | undefined) => {
    if (!message) return undefined
    const key = addressMessageKey(message)
    return key ? t(key) : message
  }

  return (
    <section hidden={hidden} aria-labelledby="step-shipping-title">
      {/* A real form: without JavaScript (or before the island runs) the page checks it on the server. */}
      <form className="co-card" method="post" action="/checkout" noValidate onSubmit={form.handleSubmit(onContinue)}>
        <input type="hidden" name="step" value="address" />
        <h2 id="step-shipping-title" ref={heading} tabIndex={-1} className="co-card__title">
          <span className="visually-hidden">{t("checkout.step", { number: 1 })}: </span>
          {t("checkout.address.title")}
        </h2>
        <div className="co-fields">
          {addressFields.map((field) => {
            const id = `address-${field.name}`
            const message = fieldError(errors[field.name]?.message)
            return (
              <div key={field.name} className={`field co-field${"wide" in field ? " co-field--wide" : ""}`}>
                <label htmlFor={id}>{t(`checkout.address.${field.name}`)}</label>
                {field.name === "country" ? (
                  <select
                    id={id}
                    className="input"
                    autoComplete={field.autoComplete}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-error` : undefined}
                    aria-required
                    defaultValue={addressDefaults.country ?? ""}
                    {...form.register("country")}
                  >
                    <CountryOptions countries={countries} choose={t("checkout.address.countryChoose")} />
                  </select>
                ) : (
                  <input
                    id={id}
                    // Said outright: autofill tokens belong to text inputs, and checkers (HTML_CodeSniffer H98) read the attribute, not the default.
                    type="text"
                    className="input"
                    autoComplete={field.autoComplete}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-error` : undefined}
                    aria-required={field.name === "addressLine2" ? undefined : true}
                    // In the server's HTML too, so the address shows before the form's code is there.
                    defaultValue={addressDefaults[field.name] ?? ""}
                    {...form.register(field.name)}
                  />
                )}
                {message && (
                  <p id={`${id}-error`} className="co-field__error">
                    {message}
                  </p>
                )}
              </div>
            )
          })}
        </div>

        <h2 className="co-card__title co-card__title--sub">{t("checkout.shipping.title")}</h2>
        <ShippingMethodPicker
          state={methods}
          selectedId={selectedMethodId}
          onSelect={onSelectMethod}
          onRetry={onRetryMethods}
          language={language}
          t={t}
          error={methodError}
          countryKnown={countryKnown}
        />

        <p className="co-privacy">
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M12 3 4 6v6c0 5 3.4 8.6 8 9.9 4.6-1.3 8-4.9 8-9.9V6l-8-3Z" />
          </svg>
          {t("checkout.privacy")}
        </p>

        <div className="co-actions">
          <a className="button button--ghost" href="/">
            {t("checkout.back.shopping")}
          </a>
          <button type="submit" className="button button--primary">
            {t("checkout.continue")}
          </button>
        </div>
      </form>
    </section>
  )
}
