/**
 * What the account forms share (/auth's sign-in and registration, /account's profile and password):
 * messages in the active language, the server's field messages put on their fields, and the labelled
 * input with its hint and message.
 */
import { CountryOptions } from "../../common/components/CountryOptions"
import { useState, type InputHTMLAttributes, type ReactNode } from "react"
import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError } from "react-hook-form"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { PasskeyCeremonyError } from "../../../lib/client/passkeys"

/** A contract or server message in the active language (the message itself when it has no translation). */
export function message(t: Translate, text: string | undefined): string {
  if (!text) return ""
  const key = `validation.${text}`
  const translated = t(key)
  return translated === key ? text : translated
}

/** Puts the server's field messages (details.fields, e.g. 409 'Username already taken') on their fields. */
export function applyServerFields<T extends FieldValues>(error: unknown, known: readonly string[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiRequestError)) return false
  let first = true
  let applied = false
  for (const [field, text] of Object.entries(error.fields)) {
    if (!known.includes(field)) continue
    setError(field as Path<T>, { type: "server", message: text }, { shouldFocus: first })
    first = false
    applied = true
  }
  return applied
}

/**
 * A refused one-time code (400 or 401 'Invalid code', or the schema's field message) under the code
 * field. A lock (423/429) or an outage is no fault of the code: it stays in the toast alone.
 */
export function applyCodeError(error: unknown, setError: UseFormSetError<{ code: string }>): void {
  if (applyServerFields(error, ["code"], setError)) return
  if (!(error instanceof ApiRequestError) || (error.status !== 400 && error.status !== 401)) return
  setError("code", { type: "server", message: error.serverMessage }, { shouldFocus: true })
}

/** The facade's field messages (a form the server answered) as react-hook-form errors, for the fields to show as their own. */
export function serverFieldErrors(fields: Record<string, string> | undefined) {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, message]) => [name, { type: "server", message }]))
}

/**
 * The server's answer to a form posted without JavaScript (its field messages, its refusal under `title`), shown
 * with the form's own messages until the form is sent again (`hide`).
 */
export function useServerAnswer<T extends FieldValues>(
  server: { fields?: Record<string, string>; error?: string | null } | undefined,
  errors: FieldErrors<T>,
  title: string,
  shownAtFirst = Boolean(server),
) {
  const [shown, setShown] = useState(shownAtFirst)
  return {
    errors: shown ? ({ ...serverFieldErrors(server?.fields), ...errors } as FieldErrors<T>) : errors,
    refusal: shown && server?.error ? <ServerRefusal title={title} text={server.error} /> : null,
    hide: () => setShown(false),
  }
}

/** Said only to a browser without JavaScript, in a panel that cannot work there (a passkey needs WebAuthn, …). */
export function NeedsScript({ t }: { t: Translate }) {
  return (
    <noscript>
      <p className="account-card__text">{t("account.needsScript")}</p>
    </noscript>
  )
}

/**
 * A form of the account page's island held until its code runs (src/directives/wake.ts "forms"): a click before
 * then waits for `data-ready` and is given to the form's handler rather than sent as the form's own round trip.
 */
export const heldUntil = (ready: boolean) => ({ "data-hold": true, "data-ready": ready || undefined })

/** A form's sending, handled by the island in place: the form's own round trip is for a browser without JavaScript. */
export const inPlace = (then: () => void) => (event: { preventDefault(): void }) => {
  event.preventDefault()
  then()
}

/**
 * Opens a step that asks first (signing out elsewhere, removing a key, deleting the account): with the island, in
 * place; without it, a GET of /account?confirm=…, which the page answers with the step open (pages/account).
 */
export function AskFirstForm({
  confirm,
  anchor,
  ready,
  className = "button",
  onAsk,
  children,
}: {
  confirm: string
  /** The id of the panel's heading: the page opens there. */
  anchor: string
  ready: boolean
  className?: string
  onAsk: () => void
  children: ReactNode
}) {
  return (
    <form method="get" action={`/account#${anchor}`} onSubmit={inPlace(onAsk)} {...heldUntil(ready)}>
      <button type="submit" name="confirm" value={confirm} className={className}>
        {children}
      </button>
    </form>
  )
}

/**
 * Leaves a step that asks first: with the island, in place; without it, back to /account. Its own GET form, beside
 * the step's form rather than in it, so nothing typed in the step goes into an address.
 */
export function CancelForm({
  anchor,
  label,
  ready,
  disabled,
  onCancel,
}: {
  anchor: string
  label: string
  ready: boolean
  disabled?: boolean
  onCancel: () => void
}) {
  return (
    <form className="account-confirm__cancel" method="get" action={`/account#${anchor}`} onSubmit={inPlace(onCancel)} {...heldUntil(ready)}>
      <button type="submit" className="button" disabled={disabled}>
        {label}
      </button>
    </form>
  )
}

/** A refusal the server rendered (the form was posted without JavaScript), where the toast would say it. */
export function ServerRefusal({ title, text }: { title: string; text: string }) {
  return (
    <div className="auth-form__problem" role="alert">
      <p className="auth-form__problem-title">{title}</p>
      <p>{text}</p>
    </div>
  )
}

export function failureText(t: Translate, error: unknown): string {
  // What the browser's passkey ceremony ended with (cancelled, already registered, not supported).
  if (error instanceof PasskeyCeremonyError) return t(`auth.passkey.ceremony.${error.failure}`)
  if (error instanceof ApiRequestError) {
    // A passkey refusal, said in the active language by its code.
    const key = `auth.passkey.refusal.${error.code}`
    const said = t(key)
    if (said !== key) return said
    // A sign-in lock: what is locked by its code, for how long by its params.
    const minutes = error.params.minutes
    if ((error.code === "account_locked" || error.code === "network_locked") && typeof minutes === "number") {
      const lock = error.code === "account_locked" ? "username" : "address"
      return t(`auth.locked.${lock}.${minutes === 1 ? "one" : "other"}`, { minutes })
    }
    return message(t, error.serverMessage)
  }
  return error instanceof Error ? error.message : String(error)
}

export interface FieldProps<T extends FieldValues> {
  t: Translate
  form: string
  name: Path<T>
  label: string
  register: UseFormRegister<T>
  errors: FieldErrors<T>
  type?: InputHTMLAttributes<HTMLInputElement>["type"]
  autoComplete?: string
  required?: boolean
  hint?: string
  /** The on-screen keyboard to offer (one-time codes: digits). */
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"]
  /** Typed exactly as shown (codes, keys): no spell check, no automatic capital. */
  verbatim?: boolean
  /** The value the server renders into the input (a form with starting values), before react-hook-form takes it over. */
  initialValue?: string
  /** A select of these instead of a text input, with `choose` as its empty first option. */
  options?: ReadonlyArray<{ value: string; label: string }>
  choose?: string
}

/** A labelled input with its hint and its message under it, tied together for assistive technology. */
export function TextField<T extends FieldValues>({
  t,
  form,
  name,
  label,
  register,
  errors,
  type = "text",
  autoComplete,
  required = false,
  hint,
  inputMode,
  verbatim = type === "text" && (name === "username" || name === "email"),
  initialValue,
  options,
  choose,
}: FieldProps<T>) {
  const inputId = `${form}-${name}`
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const error = errors[name]?.message
  const text = typeof error === "string" ? message(t, error) : ""
  const describedBy = [hint ? hintId : "", text ? errorId : ""].filter(Boolean).join(" ") || undefined
  return (
    <div className={`field auth-field${text ? " auth-field--invalid" : ""}`}>
      <label htmlFor={inputId}>
        {label}
        {required ? (
          <span className="auth-field__mark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="auth-field__optional"> ({t("auth.optional")})</span>
        )}
      </label>
      {options ? (
        <select
          id={inputId}
          className="input"
          autoComplete={autoComplete}
          aria-required={required || undefined}
          aria-invalid={text ? true : undefined}
          aria-describedby={describedBy}
          defaultValue={initialValue}
          {...register(name)}
        >
          <CountryOptions countries={options} choose={choose ?? ""} />
        </select>
      ) : (
        <input
          id={inputId}
          className="input"
          type={type}
          autoComplete={autoComplete}
          aria-required={required || undefined}
          aria-invalid={text ? true : undefined}
          aria-describedby={describedBy}
          inputMode={inputMode}
          spellCheck={verbatim ? false : undefined}
          autoCapitalize={verbatim || name === "email" ? "none" : undefined}
          defaultValue={initialValue}
          {...register(name)}
        />
      )}
      {hint && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
      {text && (
        <p id={errorId} className="auth-field__error">
          {text}
        </p>
      )}
    </div>
  )
}

type AddressField = "fullName" | "addressLine1" | "addressLine2" | "city" | "state" | "postalCode" | "country"

/** The address part of the register and profile forms: its fields, their autofill hints and their layout. */
/** The optional business details (company name, VAT ID): with both, a business customer (invoice and wire transfer). */
export function BusinessFields({
  field,
  hint,
}: {
  field: (name: "companyName" | "vatId", extra: { autoComplete: string; hint?: string }) => ReactNode
  /** What being a business customer brings, under the VAT ID. */
  hint: string
}) {
  return (
    <div className="auth-form__row">
      {field("companyName", { autoComplete: "organization" })}
      {field("vatId", { autoComplete: "off", hint })}
    </div>
  )
}

export function AddressFields({
  field,
  countries,
  choose,
}: {
  field: (
    name: AddressField,
    extra: { autoComplete: string; required?: boolean; options?: ReadonlyArray<{ value: string; label: string }>; choose?: string },
  ) => ReactNode
  /** The country select's options (lib/countries.ts) and its empty option's text. */
  countries: ReadonlyArray<{ value: string; label: string }>
  choose: string
}) {
  return (
    <>
      {field("fullName", { autoComplete: "name" })}
      {field("addressLine1", { autoComplete: "address-line1", required: true })}
      {field("addressLine2", { autoComplete: "address-line2" })}
      <div className="auth-form__row">
        {field("city", { autoComplete: "address-level2", required: true })}
        {field("state", { autoComplete: "address-level1", required: true })}
      </div>
      <div className="auth-form__row">
        {field("postalCode", { autoComplete: "postal-code", required: true })}
        {field("country", { autoComplete: "country-name", required: true, options: countries, choose })}
      </div>
    </>
  )
}
