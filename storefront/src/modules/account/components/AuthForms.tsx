/**
 * The Login and Register tabs of /auth (docs/product.md §2, §5, §8): one island, both forms validated in the browser
 * with the shared contract schemas (the facade validates with the same ones), messages inline under each
 * field. Tabs follow the WAI-ARIA tabs pattern: arrow keys, Home and End move between them.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import {
  loginSchema,
  registerFormSchema,
  TWO_FACTOR_EXPIRED_MESSAGE,
  twoFactorCodeSchema,
  type TwoFactorRequired,
  type User,
} from "@enclave/contract"
import { translator, type Language, type Translate } from "../../../i18n"
import { api, ApiRequestError } from "../../../lib/client/api"
import { AddressFields, applyCodeError, BusinessFields, applyServerFields, failureText, TextField, type FieldProps } from "./form-fields"
import { useHydrated } from "../../../lib/client/hydrated"
import { setUser, showToast } from "../../../lib/client/stores"
import { showToastAfterNavigation } from "../../../lib/client/toast-handoff"
import "./auth.css"

export type AuthTab = "login" | "register"

type LoginInput = z.input<typeof loginSchema>
type LoginValues = z.output<typeof loginSchema>
type CodeInput = z.input<typeof twoFactorCodeSchema>
type CodeValues = z.output<typeof twoFactorCodeSchema>
type RegisterInput = z.input<typeof registerFormSchema>
type RegisterValues = z.output<typeof registerFormSchema>

const tabs: AuthTab[] = ["login", "register"]

/** Where to go after signing in or registering: docs/product.md §2's home page, unless the page asked for another. */
const AFTER_SIGN_IN = "/"

/**
 * Goes on after signing in, with the toast for the next storefront page. The back office shows no
 * storefront toasts: one left for it would wait in the tab and pop up on some later shop page.
 */
function goOn(returnTo: string, toast: { title: string; description: string }) {
  if (!/^\/admin(?:[/?#]|$)/.test(returnTo)) showToastAfterNavigation(toast)
  window.location.assign(returnTo)
}

export default function AuthForms({
  language,
  initialTab = "login",
  returnTo = AFTER_SIGN_IN,
}: {
  language: Language
  initialTab?: AuthTab
  /** A same-origin path, already checked by the page (lib/safe-return.ts). */
  returnTo?: string
}) {
  const t = translator(language)
  const [tab, setTab] = useState<AuthTab>(initialTab)
  const hydrated = useHydrated()
  const tabRefs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ login: null, register: null })
  const id = useId()

  function select(next: AuthTab, focus = false) {
    setTab(next)
    if (focus) tabRefs.current[next]?.focus()
    // The chosen tab survives a reload and can be linked to (/auth?tab=register).
    const url = new URL(window.location.href)
    if (next === "register") url.searchParams.set("tab", "register")
    else url.searchParams.delete("tab")
    window.history.replaceState(window.history.state, "", url)
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(tab)
    let next: AuthTab | undefined
    if (event.key === "ArrowRight") next = tabs[(index + 1) % tabs.length]
    else if (event.key === "ArrowLeft") next = tabs[(index - 1 + tabs.length) % tabs.length]
    else if (event.key === "Home") next = tabs[0]
    else if (event.key === "End") next = tabs[tabs.length - 1]
    if (next) {
      event.preventDefault()
      select(next, true)
    }
  }

  return (
    <div className="auth-forms">
      <div className="auth-tabs" role="tablist" aria-label={t("auth.tabs")}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => select(name)}
            onKeyDown={onTabKeyDown}
          >
            {t(`auth.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-login`} aria-labelledby={`${id}-tab-login`} hidden={tab !== "login"} className="auth-panel">
        <LoginForm t={t} ready={hydrated} returnTo={returnTo} onSwitch={() => select("register", true)} />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-register`}
        aria-labelledby={`${id}-tab-register`}
        hidden={tab !== "register"}
        className="auth-panel"
      >
        <RegisterForm t={t} ready={hydrated} returnTo={returnTo} onSwitch={() => select("login", true)} />
      </div>
    </div>
  )
}

function LoginForm({ t, ready, returnTo, onSwitch }: { t: Translate; ready: boolean; returnTo: string; onSwitch: () => void }) {
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  })
  const { register, handleSubmit, setError, setFocus, resetField, formState } = form
  // The password was right and the account wants a code (issue 16): the second step replaces the form.
  const [step, setStep] = useState<"password" | "code">("password")
  const [backTo, setBackTo] = useState<"username" | "password" | null>(null)

  // Back on the password step, the cursor waits where the person goes on typing.
  useEffect(() => {
    if (step === "password" && backTo) setFocus(backTo)
  }, [step, backTo, setFocus])

  function signedIn(user: User) {
    setUser(user)
    const toast = { title: t("auth.toast.welcome"), description: t("auth.toast.signedInAs", { username: user.username }) }
    showToast(toast)
    goOn(returnTo, toast)
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api.post<User | TwoFactorRequired>("/api/login", values)
      if ("twoFactorRequired" in answer && answer.twoFactorRequired) setStep("code")
      else signedIn(answer as User)
    } catch (error) {
      applyServerFields(error, ["username", "password"], setError)
      showToast({ title: t("auth.toast.loginFailed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  /** Leaves the code step: for another account (all typed again), or because the pending sign-in ran out. */
  function back(reason: "another" | "expired") {
    resetField("password")
    if (reason === "another") resetField("username")
    setBackTo(reason === "another" ? "username" : "password")
    setStep("password")
  }

  if (step === "code") return <TwoFactorStep t={t} ready={ready} onSignedIn={signedIn} onBack={back} />

  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-login-title">
      <h2 id="auth-login-title" className="visually-hidden">
        {t("auth.tab.login")}
      </h2>
      <TextField
        t={t}
        form="login"
        name="username"
        label={t("auth.field.username")}
        register={register}
        errors={formState.errors}
        autoComplete="username"
        required
      />
      <div className="auth-form__password">
        <TextField
          t={t}
          form="login"
          name="password"
          type="password"
          label={t("auth.field.password")}
          register={register}
          errors={formState.errors}
          autoComplete="current-password"
          required
        />
        <a className="auth-form__forgot" href="/auth/forgot">
          {t("auth.login.forgot")}
        </a>
      </div>
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.login.busy") : t("auth.login.submit")}
      </button>
      <p className="auth-form__switch">
        {t("auth.login.switch")}{" "}
        <button type="button" className="auth-form__link" onClick={onSwitch}>
          {t("auth.login.switchAction")}
        </button>
      </p>
    </form>
  )
}

/**
 * The sign-in's second step: a code of the authenticator app or a recovery code. Digits are the
 * usual case, so phones offer their number pad; a recovery code has letters, so one button switches
 * the keyboard. Wrong codes count toward the same lock as wrong passwords (the server says so with
 * 423/429, told by failureText in the active language).
 */
function TwoFactorStep({
  t,
  ready,
  onSignedIn,
  onBack,
}: {
  t: Translate
  ready: boolean
  onSignedIn: (user: User) => void
  onBack: (reason: "another" | "expired") => void
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } })
  const { register, handleSubmit, setError, setFocus, formState } = form
  const [recovery, setRecovery] = useState(false)

  useEffect(() => setFocus("code"), [setFocus])

  const onSubmit = handleSubmit(async (values) => {
    try {
      onSignedIn(await api.post<User>("/api/login/two-factor", values))
    } catch (error) {
      showToast({ title: t("auth.toast.loginFailed"), description: failureText(t, error), variant: "destructive" })
      if (error instanceof ApiRequestError && error.serverMessage === TWO_FACTOR_EXPIRED_MESSAGE) return onBack("expired")
      applyCodeError(error, setError)
    }
  })

  return (
    <form
      className="auth-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="auth-code-title"
      aria-describedby="auth-code-text"
    >
      <h2 id="auth-code-title" className="auth-form__title">
        {t("auth.twoFactor.title")}
      </h2>
      <p id="auth-code-text" className="auth-form__text">
        {t("auth.twoFactor.text")}
      </p>
      <TextField
        t={t}
        form="login"
        name="code"
        label={t("auth.twoFactor.field")}
        register={register}
        errors={formState.errors}
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        verbatim
        required
        hint={t("auth.twoFactor.hint")}
      />
      <p className="auth-form__aside">
        <button
          type="button"
          className="auth-form__link"
          onClick={() => {
            setRecovery(!recovery)
            setFocus("code")
          }}
        >
          {recovery ? t("auth.twoFactor.useApp") : t("auth.twoFactor.useRecovery")}
        </button>
      </p>
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.twoFactor.busy") : t("auth.twoFactor.submit")}
      </button>
      <p className="auth-form__switch">
        <button type="button" className="auth-form__link" onClick={() => onBack("another")}>
          {t("auth.twoFactor.back")}
        </button>
      </p>
    </form>
  )
}

const registerFields = [
  "username",
  "email",
  "password",
  "confirmPassword",
  "fullName",
  "companyName",
  "vatId",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "country",
] as const

function RegisterForm({ t, ready, returnTo, onSwitch }: { t: Translate; ready: boolean; returnTo: string; onSwitch: () => void }) {
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: "",
      email: "",
      password: "",
      confirmPassword: "",
      fullName: "",
      companyName: "",
      vatId: "",
      addressLine1: "",
      addressLine2: "",
      city: "",
      state: "",
      postalCode: "",
      country: "",
    },
  })
  const { register, handleSubmit, setError, formState } = form
  const errors = formState.errors

  const onSubmit = handleSubmit(async (values) => {
    try {
      // docs/product.md §5: the client marks the username 'admin' as an admin; the server ignores the flag.
      const user = await api.post<User>("/api/register", { ...values, isAdmin: values.username === "admin" })
      setUser(user)
      const toast = { title: t("auth.toast.created"), description: t("auth.toast.createdText") }
      showToast(toast)
      goOn(returnTo, toast)
    } catch (error) {
      applyServerFields(error, registerFields, setError)
      showToast({ title: t("auth.toast.registerFailed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  const field = (name: (typeof registerFields)[number], extra: Partial<FieldProps<RegisterInput>> = {}) => (
    <TextField t={t} form="register" name={name} label={t(`auth.field.${name}`)} register={register} errors={errors} {...extra} />
  )

  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-register-title">
      <h2 id="auth-register-title" className="visually-hidden">
        {t("auth.tab.register")}
      </h2>
      <fieldset className="auth-form__group">
        <legend>{t("auth.section.account")}</legend>
        {field("username", { autoComplete: "username", required: true, hint: t("auth.hint.username") })}
        {field("email", { type: "email", autoComplete: "email", required: true })}
        <div className="auth-form__row">
          {field("password", { type: "password", autoComplete: "new-password", required: true, hint: t("auth.hint.password") })}
          {field("confirmPassword", { type: "password", autoComplete: "new-password", required: true })}
        </div>
      </fieldset>
      <fieldset className="auth-form__group">
        <legend>{t("auth.section.address")}</legend>
        <AddressFields field={field} />
      </fieldset>
      <fieldset className="auth-form__group">
        <legend>{t("auth.section.business")}</legend>
        <BusinessFields field={field} hint={t("auth.hint.business")} />
      </fieldset>
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.register.busy") : t("auth.register.submit")}
      </button>
      <p className="auth-form__switch">
        {t("auth.register.switch")}{" "}
        <button type="button" className="auth-form__link" onClick={onSwitch}>
          {t("auth.register.switchAction")}
        </button>
      </p>
    </form>
  )
}
