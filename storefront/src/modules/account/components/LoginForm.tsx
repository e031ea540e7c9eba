/**
 * The Login tab of /auth (docs/product.md §2, §8): username and password, then, for an account with
 * two-factor sign-in, the code. Loaded with the tab (AuthForms), validated in the browser
 * with the contract's schemas, messages inline under each field. Both steps are real forms posted to
 * /auth: without JavaScript, or sent before this island runs, the page signs in on the server and
 * renders the answer here (`server`): the code step, or the refusal above the fields.
 */
import { useEffect, useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import type { User } from "@enclave/contract"
import { loginSchema, twoFactorCodeSchema } from "@enclave/contract/forms"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import {
  passkeySecondFactorOptions,
  passkeySignInOptions,
  signIn,
  signInWithCode,
  signInWithPasskey,
  signInWithPasskeySecondFactor,
} from "../../../lib/client/calls"
import { cancelPasskeyCeremony, PasskeyCeremonyError, passkeyAutofillSupported, signWithPasskey } from "../../../lib/client/passkeys"
import { challengeOf, ChallengeUnsolvedError, solveSignInChallenge } from "../../../lib/client/sign-in-challenge"
import { withTypedValues } from "../../../lib/client/deferred"
import { useHydrated } from "../../../lib/client/hydrated"
import { setUser, showToast } from "../../../lib/client/stores"
import { goOn } from "./after-sign-in"
import { applyCodeError, applyServerFields, failureText, ServerRefusal, serverFieldErrors, TextField, useServerAnswer } from "./form-fields"

type LoginInput = z.input<typeof loginSchema>
type LoginValues = z.output<typeof loginSchema>
type CodeInput = z.input<typeof twoFactorCodeSchema>
type CodeValues = z.output<typeof twoFactorCodeSchema>

/** A sign-in form the server answered (no JavaScript): the step to show, what was typed, and what was refused. */
export interface ServerSignIn {
  step: "password" | "code"
  username: string
  /** The refusal as the toast would say it. */
  error?: string
  /** Field → the facade's message. */
  fields?: Record<string, string>
}

export default function LoginForm({
  t,
  returnTo,
  action = "/auth",
  server,
  switchHref = "/auth",
  onSwitch,
}: {
  t: Translate
  returnTo: string
  action?: string
  server?: ServerSignIn
  /** The other tab's address: the switch is a link there without JavaScript. */
  switchHref?: string
  onSwitch: () => void
}) {
  const ready = useHydrated()
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: useState(() => withTypedValues("login", { username: server?.username ?? "", password: "" }))[0],
  })
  const { register, handleSubmit, setError, setFocus, resetField, formState } = form
  // The password was right and the account wants a code: the second step replaces the form.
  const [step, setStep] = useState<"password" | "code">(server?.step ?? "password")
  // The server's answer stands until the form is sent again.
  const [serverShown, setServerShown] = useState(Boolean(server?.error))
  const [backTo, setBackTo] = useState<"username" | "password" | null>(null)
  const [checking, setChecking] = useState(false)
  const [passkeyBusy, setPasskeyBusy] = useState(false)

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

  /**
   * Conditional mediation: where the browser can, the username field's suggestions offer the shop's
   * passkeys (autocomplete "username webauthn"), and choosing one signs in without a password. The
   * request waits in the background for as long as the password step is shown.
   */
  useEffect(() => {
    if (!ready || step !== "password") return
    let active = true
    void (async () => {
      if (!(await passkeyAutofillSupported()) || !active) return
      const options = await passkeySignInOptions().catch(() => null)
      if (!options || !active) return
      try {
        const user = await signInWithPasskey(await signWithPasskey(options, true))
        if (active) signedIn(user)
      } catch (error) {
        // The browser's own offer ended or failed in the background (another ceremony, the code step, a
        // browser that withdrew it): nothing the person did, so nothing to say; the passkey button stays.
        // The shop refusing a passkey the person chose is said.
        if (!active || error instanceof PasskeyCeremonyError) return
        showToast({ title: t("auth.toast.loginFailed"), description: failureText(t, error), variant: "destructive" })
      }
    })()
    return () => {
      active = false
      void cancelPasskeyCeremony()
    }
    // signedIn and t are the same for the form's life; the request restarts only with the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, step])

  /** "Sign in with a passkey": the browser asks which passkey (username-less), the shop signs its account in. */
  async function passkeySignIn() {
    setPasskeyBusy(true)
    try {
      const options = await passkeySignInOptions()
      signedIn(await signInWithPasskey(await signWithPasskey(options)))
    } catch (error) {
      showToast({ title: t("auth.toast.loginFailed"), description: failureText(t, error), variant: "destructive" })
    } finally {
      setPasskeyBusy(false)
    }
  }

  /**
   * An account many addresses are guessing at asks for a proof of work first (428): the browser
   * solves it and signs in again with the solution, once; a second 428 is shown as a failure.
   */
  async function signInSolvingChallenge(values: LoginValues) {
    try {
      return await signIn(values)
    } catch (error) {
      const challenge = challengeOf(error)
      if (!challenge) throw error
      setChecking(true)
      try {
        return await signIn({ ...values, altcha: await solveSignInChallenge(challenge) })
      } finally {
        setChecking(false)
      }
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setServerShown(false)
    try {
      const answer = await signInSolvingChallenge(values)
      if ("twoFactorRequired" in answer && answer.twoFactorRequired) setStep("code")
      else signedIn(answer as User)
    } catch (error) {
      applyServerFields(error, ["username", "password"], setError)
      const description =
        error instanceof ChallengeUnsolvedError
          ? t(`auth.challenge.${error.reason}`)
          : challengeOf(error)
            ? t("auth.challenge.failed")
            : failureText(t, error)
      showToast({ title: t("auth.toast.loginFailed"), description, variant: "destructive" })
    }
  })

  /** Leaves the code step: for another account (all typed again), or because the pending sign-in ran out. */
  function back(reason: "another" | "expired") {
    // Emptied, not reset to the form's first values: those hold what was typed before the island ran.
    resetField("password", { defaultValue: "" })
    if (reason === "another") resetField("username", { defaultValue: "" })
    setBackTo(reason === "another" ? "username" : "password")
    setStep("password")
  }

  if (step === "code") {
    return (
      <TwoFactorStep
        t={t}
        ready={ready}
        action={action}
        username={form.getValues("username")}
        server={server?.step === "code" ? server : undefined}
        onSignedIn={signedIn}
        onBack={back}
      />
    )
  }

  const errors = serverShown ? { ...serverFieldErrors(server?.fields), ...formState.errors } : formState.errors
  return (
    <form className="auth-form" method="post" action={action} noValidate onSubmit={onSubmit} aria-labelledby="auth-login-title">
      <h2 id="auth-login-title" className="visually-hidden">
        {t("auth.tab.login")}
      </h2>
      <input type="hidden" name="step" value="password" />
      {serverShown && server?.error && <ServerRefusal title={t("auth.toast.loginFailed")} text={server.error} />}
      <TextField
        t={t}
        form="login"
        name="username"
        label={t("auth.field.username")}
        register={register}
        errors={errors}
        autoComplete="username webauthn"
        initialValue={server?.username}
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
          errors={errors}
          autoComplete="current-password"
          required
        />
        <a className="auth-form__forgot" href="/auth/forgot">
          {t("auth.login.forgot")}
        </a>
      </div>
      {checking && (
        <p className="auth-form__text" role="status">
          {t("auth.challenge.note")}
        </p>
      )}
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {checking ? t("auth.challenge.busy") : formState.isSubmitting ? t("auth.login.busy") : t("auth.login.submit")}
      </button>
      <div className="auth-form__passkey">
        <p className="auth-form__or" aria-hidden="true">
          {t("auth.passkey.or")}
        </p>
        <button
          type="button"
          className="button auth-form__submit"
          disabled={!ready || passkeyBusy || formState.isSubmitting}
          onClick={() => void passkeySignIn()}
          aria-describedby="auth-passkey-hint"
        >
          {passkeyBusy ? t("auth.passkey.busy") : t("auth.passkey.signIn")}
        </button>
        <p id="auth-passkey-hint" className="auth-form__text">
          {t("auth.passkey.hint")}
        </p>
      </div>
      <p className="auth-form__switch">
        {t("auth.login.switch")}{" "}
        <a
          className="auth-form__link"
          href={switchHref}
          onClick={(event) => {
            event.preventDefault()
            onSwitch()
          }}
        >
          {t("auth.login.switchAction")}
        </a>
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
  action,
  username,
  server,
  onSignedIn,
  onBack,
}: {
  t: Translate
  ready: boolean
  action: string
  /** Carried on, so that a sign-in that ran out goes back to the password with it. */
  username: string
  server?: ServerSignIn
  onSignedIn: (user: User) => void
  onBack: (reason: "another" | "expired") => void
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } })
  const { register, handleSubmit, setError, setFocus, formState } = form
  const answer = useServerAnswer(server, formState.errors, t("auth.toast.loginFailed"), Boolean(server?.error))
  const errors = answer.errors
  const [recovery, setRecovery] = useState(false)
  const [passkeyBusy, setPasskeyBusy] = useState(false)

  useEffect(() => setFocus("code"), [setFocus])

  /** A passkey or security key of the account instead of the code. */
  async function passkeyInstead() {
    setPasskeyBusy(true)
    try {
      const options = await passkeySecondFactorOptions()
      onSignedIn(await signInWithPasskeySecondFactor(await signWithPasskey(options)))
    } catch (error) {
      showToast({ title: t("auth.toast.loginFailed"), description: failureText(t, error), variant: "destructive" })
      if (error instanceof ApiRequestError && error.code === "two_factor_expired") onBack("expired")
    } finally {
      setPasskeyBusy(false)
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    answer.hide()
    try {
      onSignedIn(await signInWithCode(values))
    } catch (error) {
      showToast({ title: t("auth.toast.loginFailed"), description: failureText(t, error), variant: "destructive" })
      if (error instanceof ApiRequestError && error.code === "two_factor_expired") return onBack("expired")
      applyCodeError(error, setError)
    }
  })

  return (
    <form
      className="auth-form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="auth-code-title"
      aria-describedby="auth-code-text"
    >
      <input type="hidden" name="step" value="code" />
      <input type="hidden" name="username" value={username} />
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
        errors={errors}
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
      {answer.refusal}
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.twoFactor.busy") : t("auth.twoFactor.submit")}
      </button>
      <div className="auth-form__passkey">
        <p className="auth-form__or" aria-hidden="true">
          {t("auth.passkey.or")}
        </p>
        <button
          type="button"
          className="button auth-form__submit"
          disabled={!ready || passkeyBusy || formState.isSubmitting}
          onClick={() => void passkeyInstead()}
        >
          {passkeyBusy ? t("auth.passkey.busy") : t("auth.passkey.secondStep")}
        </button>
      </div>
      <p className="auth-form__switch">
        <button type="button" className="auth-form__link" onClick={() => onBack("another")}>
          {t("auth.twoFactor.back")}
        </button>
      </p>
    </form>
  )
}
