/**
 * The forms of /account (docs/product.md §2 account page): the profile, with the register form's
 * rules and messages, and the password change. Validated in the browser with the shared contract
 * schemas (the facade validates with the same ones); the server's field messages (a taken e-mail
 * address, a wrong current password) land on their fields. Two-factor sign-in has its own panel
 * (TwoFactorPanel.tsx).
 */
import { useEffect, useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import type { AccountSession, PgpKey, User } from "@enclave/contract"
import { passwordChangeFormSchema, profileUpdateSchema } from "@enclave/contract/forms"
import type { Language, Translate } from "../../../i18n"
import { messageTranslator } from "../../../i18n/format"
import { withTypedValues } from "../../../lib/client/deferred"
import { changePassword, endOtherSessions, endSession, fetchAccountSessions, updateAccount } from "../../../lib/client/calls"
import { useHydrated } from "../../../lib/client/hydrated"
import { formatShopMoment, formatShopMomentDay } from "../../../lib/orders"
import { deviceName } from "../../../lib/devices"
import { setUser, showToast } from "../../../lib/client/stores"
import {
  AddressFields,
  applyServerFields,
  AskFirstForm,
  BusinessFields,
  CancelForm,
  failureText,
  heldUntil,
  inPlace,
  ServerRefusal,
  useServerAnswer,
  TextField,
} from "./form-fields"
import type { AccountConfirmation, ServerAccountForm } from "../../../lib/data/account-form"
import TwoFactorPanel from "./TwoFactorPanel"
import { DataPanel, DeleteAccountPanel, EncryptedMailPanel } from "./PrivacyPanels"
import PasskeysPanel from "./PasskeysPanel"
import { userAddress } from "../../../lib/user-address"

type ProfileInput = z.input<typeof profileUpdateSchema>
type ProfileValues = z.output<typeof profileUpdateSchema>
type PasswordInput = z.input<typeof passwordChangeFormSchema>
type PasswordValues = z.output<typeof passwordChangeFormSchema>

const profileFields = [
  "email",
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
const passwordFields = ["currentPassword", "newPassword", "confirmPassword"] as const

/** `messages`: the island's texts (islandMessages of "account." and AUTH_ISLAND_TEXTS). */
export default function AccountForms({
  language,
  countries,
  timeZone,
  messages,
  user: initialUser,
  staffNotice = false,
  server,
  confirm = null,
  sessions,
  pgpKey,
}: {
  language: Language
  /** The country select's options, made on the server (lib/countries.ts): the browser's country names differ from Node's. */
  countries: ReadonlyArray<{ value: string; label: string }>
  /** The shop's time zone: every time the page shows is on its clock, as the orders page writes it. */
  timeZone: string
  messages: Record<string, string>
  user: User
  /** The back office sent an admin here to add a second factor (the staff setting). */
  staffNotice?: boolean
  /** The server's answer to a form posted without JavaScript. */
  server?: ServerAccountForm
  /** The step that asks first, opened by the page's address (?confirm=…). */
  confirm?: AccountConfirmation | null
  /** The sessions and the OpenPGP key as the server read them; undefined when it could not. */
  sessions?: AccountSession[]
  pgpKey?: PgpKey | null
}) {
  const t = messageTranslator(messages)
  const moment = (iso: string) => formatShopMoment(iso, language, timeZone)
  const ready = useHydrated()
  const [user, setShownUser] = useState(initialUser)
  return (
    <div className="account-forms">
      <ProfileForm
        t={t}
        countries={countries}
        user={user}
        ready={ready}
        server={server?.form === "profile" ? server : undefined}
        onSaved={(saved) => {
          setShownUser(saved)
          setUser(saved)
        }}
      />
      <PasswordForm
        t={t}
        server={server?.form === "password" ? server : undefined}
        ready={ready}
        moment={moment}
        user={user}
        onChanged={(changedAt) => setShownUser({ ...user, passwordLastChanged: changedAt })}
      />
      <TwoFactorPanel
        t={t}
        ready={ready}
        user={user}
        confirming={confirm === "two-factor-off"}
        server={server?.form.startsWith("two-factor-") ? server : undefined}
        onChanged={(twoFactorEnabled) => setShownUser((shown) => ({ ...shown, twoFactorEnabled }))}
      />
      <PasskeysPanel t={t} ready={ready} moment={moment} staffNotice={staffNotice} />
      <SessionsPanel
        t={t}
        ready={ready}
        moment={moment}
        initial={sessions}
        confirming={confirm === "end-others"}
        server={server?.form === "end-session" || server?.form === "end-others" ? server : undefined}
      />
      <EncryptedMailPanel
        t={t}
        ready={ready}
        user={user}
        moment={moment}
        day={(iso) => formatShopMomentDay(iso, language, timeZone)}
        initial={pgpKey}
        confirmingRemoval={confirm === "remove-pgp"}
        server={server?.form === "pgp-key" || server?.form === "remove-pgp" ? server : undefined}
      />
      <DataPanel t={t} />
      <DeleteAccountPanel
        t={t}
        ready={ready}
        user={user}
        confirming={confirm === "delete"}
        server={server?.form === "delete" ? server : undefined}
      />
    </div>
  )
}
type SessionsState = { state: "loading" } | { state: "failed" } | { state: "loaded"; sessions: AccountSession[] }

/**
 * The account's signed-in sessions, and signing out one of them, or all but this one after a confirmation. Each is
 * a form: without JavaScript the page answers it (lib/data/account-form.ts) and "Sign out everywhere else" asks
 * first by address (/account?confirm=end-others).
 */
function SessionsPanel({
  t,
  ready,
  moment,
  initial,
  confirming: confirmingAtFirst,
  server,
}: {
  t: Translate
  ready: boolean
  moment: (iso: string) => string
  initial: AccountSession[] | undefined
  confirming: boolean
  server: ServerAccountForm | undefined
}) {
  const [sessions, setSessions] = useState<SessionsState>(initial ? { state: "loaded", sessions: initial } : { state: "loading" })
  const [confirming, setConfirming] = useState(confirmingAtFirst)
  const [ending, setEnding] = useState(false)
  const [endingOne, setEndingOne] = useState<string | null>(null)
  const [refusal, setRefusal] = useState(server?.error ?? null)

  // Each change asks for the list again (retry, after signing others out); the server's list needs no first ask.
  const [asked, setAsked] = useState(initial ? 0 : 1)
  const load = () => setAsked((count) => count + 1)
  useEffect(() => {
    if (asked === 0) return
    let current = true
    fetchAccountSessions().then(
      (listed) => current && setSessions({ state: "loaded", sessions: listed }),
      () => current && setSessions({ state: "failed" }),
    )
    return () => {
      current = false
    }
  }, [asked])

  const others = sessions.state === "loaded" ? sessions.sessions.filter((session) => !session.current).length : 0

  async function endOthers() {
    setEnding(true)
    setRefusal(null)
    try {
      const { ended } = await endOtherSessions()
      setConfirming(false)
      showToast({
        title: t("account.sessions.ended"),
        description: ended === 1 ? t("account.sessions.endedOne") : t("account.sessions.endedText", { count: ended }),
      })
      load()
    } catch (error) {
      showToast({ title: t("account.sessions.endFailed"), description: failureText(t, error), variant: "destructive" })
    } finally {
      setEnding(false)
    }
  }

  async function endOne(session: AccountSession) {
    setEndingOne(session.id)
    setRefusal(null)
    try {
      await endSession(session.id)
      showToast({ title: t("account.sessions.ended"), description: t("account.sessions.endedOneText", { device: name(session) }) })
      load()
    } catch (error) {
      showToast({ title: t("account.sessions.endFailed"), description: failureText(t, error), variant: "destructive" })
    } finally {
      setEndingOne(null)
    }
  }

  const name = (session: AccountSession) => deviceName(t, session.userAgent)

  return (
    <section className="account-card account-sessions" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">{t("account.sessions.title")}</h2>
      <p className="account-card__text">{t("account.sessions.text")}</p>
      {refusal && <ServerRefusal title={t("account.sessions.endFailed")} text={refusal} />}
      {sessions.state === "loading" && <p aria-live="polite">{t("account.sessions.loading")}</p>}
      {sessions.state === "failed" && (
        <p role="alert">
          {t("account.sessions.failed")}{" "}
          <button type="button" className="auth-form__link" onClick={load}>
            {t("account.sessions.retry")}
          </button>
        </p>
      )}
      {sessions.state === "loaded" && (
        <>
          <ul className="account-sessions__list" aria-label={t("account.sessions.title")}>
            {sessions.sessions.map((session) => (
              <li key={session.id} className="account-sessions__item" data-current={session.current || undefined}>
                <strong>{name(session)}</strong>
                {session.current && <span className="account-sessions__badge">{t("account.sessions.current")}</span>}
                <span>{t("account.sessions.signedIn", { date: moment(session.signedInAt) })}</span>
                <span>{t("account.sessions.lastSeen", { date: moment(session.lastSeenAt) })}</span>
                {session.network && <span>{t("account.sessions.network", { network: session.network })}</span>}
                {!session.current && (
                  <form
                    method="post"
                    action="/account#account-sessions-title"
                    onSubmit={inPlace(() => void endOne(session))}
                    {...heldUntil(ready)}
                  >
                    <input type="hidden" name="form" value="end-session" />
                    <input type="hidden" name="session" value={session.id} />
                    <button
                      type="submit"
                      className="button account-sessions__end"
                      aria-label={t("account.sessions.endOneLabel", { device: name(session) })}
                      disabled={endingOne !== null}
                    >
                      {endingOne === session.id ? t("account.sessions.busy") : t("account.sessions.endOne")}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          {others === 0 ? (
            <p className="account-card__text">{t("account.sessions.none")}</p>
          ) : confirming ? (
            <div className="account-sessions__confirm account-confirm" role="group" aria-labelledby="account-sessions-confirm">
              <p id="account-sessions-confirm">
                {others === 1 ? t("account.sessions.confirmOne") : t("account.sessions.confirm", { count: others })}
              </p>
              <form method="post" action="/account#account-sessions-title" onSubmit={inPlace(() => void endOthers())} {...heldUntil(ready)}>
                <button type="submit" name="form" value="end-others" className="button button--primary" disabled={ending}>
                  {ending ? t("account.sessions.busy") : t("account.sessions.confirmYes")}
                </button>
              </form>
              <CancelForm
                anchor="account-sessions-title"
                label={t("account.sessions.cancel")}
                ready={ready}
                disabled={ending}
                onCancel={() => setConfirming(false)}
              />
            </div>
          ) : (
            <AskFirstForm confirm="end-others" anchor="account-sessions-title" ready={ready} onAsk={() => setConfirming(true)}>
              {t("account.sessions.endOthers")}
            </AskFirstForm>
          )}
        </>
      )}
    </section>
  )
}

function ProfileForm({
  t,
  countries,
  user,
  ready,
  server,
  onSaved,
}: {
  t: Translate
  countries: ReadonlyArray<{ value: string; label: string }>
  user: User
  /** The form's code runs: a click held before then (src/directives/wake.ts "forms") is given to it. */
  ready: boolean
  server: ServerAccountForm | undefined
  onSaved: (user: User) => void
}) {
  const [defaults] = useState(() =>
    withTypedValues("profile", {
      email: user.email,
      ...userAddress(user),
      companyName: user.companyName ?? "",
      vatId: user.vatId ?? "",
      ...server?.values,
    }),
  )
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: defaults,
  })
  const { register, handleSubmit, setError, formState, reset } = form
  const answer = useServerAnswer(server, formState.errors, t("account.profile.failed"))
  const errors = answer.errors
  // A new address waits for the link mailed to it: the form keeps the current one and says so.
  const [pending, setPending] = useState<{ email: string; current: string } | null>(null)

  const onSubmit = handleSubmit(async (values) => {
    answer.hide()
    try {
      const { pendingEmail, ...saved } = await updateAccount(values)
      onSaved(saved)
      reset({ ...values, email: saved.email })
      setPending(pendingEmail ? { email: pendingEmail, current: saved.email } : null)
      if (pendingEmail) {
        showToast({
          title: t("account.profile.emailPending"),
          description: t("account.profile.emailPendingText", { email: pendingEmail, current: saved.email }),
        })
      } else showToast({ title: t("account.profile.saved"), description: t("account.profile.savedText") })
    } catch (error) {
      applyServerFields(error, profileFields, setError)
      showToast({ title: t("account.profile.failed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  const field = (
    name: (typeof profileFields)[number],
    extra: {
      type?: string
      autoComplete?: string
      required?: boolean
      hint?: string
      options?: ReadonlyArray<{ value: string; label: string }>
      choose?: string
    } = {},
  ) => (
    <TextField
      t={t}
      form="profile"
      name={name}
      label={t(`auth.field.${name}`)}
      register={register}
      errors={errors}
      initialValue={defaults[name] ?? ""}
      {...extra}
    />
  )

  return (
    <form
      className="auth-form account-card"
      method="post"
      action="/account#account-profile-title"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="account-profile-title"
      {...heldUntil(ready)}
    >
      <input type="hidden" name="form" value="profile" />
      <h2 id="account-profile-title">{t("account.profile.title")}</h2>
      <p className="account-card__text">{t("account.profile.text")}</p>
      {answer.refusal}
      {field("email", { type: "email", autoComplete: "email", required: true })}
      {pending && (
        <p className="account-card__text" role="status" data-pending-email>
          <strong>{t("account.profile.emailPending")}</strong> {t("account.profile.emailPendingText", pending)}
        </p>
      )}
      <AddressFields field={field} countries={countries} choose={t("auth.field.countryChoose")} />
      <fieldset className="auth-form__group">
        <legend>{t("auth.section.business")}</legend>
        <BusinessFields field={field} hint={t("auth.hint.business")} />
      </fieldset>
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("account.profile.busy") : t("account.profile.submit")}
      </button>
    </form>
  )
}

const NO_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" }

function PasswordForm({
  t,
  server,
  ready,
  moment,
  user,
  onChanged,
}: {
  t: Translate
  server: ServerAccountForm | undefined
  ready: boolean
  moment: (iso: string) => string
  user: User
  onChanged: (changedAt: string) => void
}) {
  const form = useForm<PasswordInput, unknown, PasswordValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: useState(() => withTypedValues("password", NO_PASSWORDS))[0],
  })
  const { register, handleSubmit, setError, formState, reset } = form
  const answer = useServerAnswer(server, formState.errors, t("account.password.failed"))
  const errors = answer.errors

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    answer.hide()
    try {
      await changePassword({ currentPassword, newPassword })
      // Emptied, not reset to the form's first values: those hold what was typed before the island ran.
      reset(NO_PASSWORDS)
      onChanged(new Date().toISOString())
      showToast({ title: t("account.password.changed"), description: t("account.password.changedText") })
    } catch (error) {
      applyServerFields(error, passwordFields, setError)
      showToast({ title: t("account.password.failed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  return (
    <form
      className="auth-form account-card"
      method="post"
      action="/account#account-password-title"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="account-password-title"
      {...heldUntil(ready)}
    >
      <input type="hidden" name="form" value="password" />
      <h2 id="account-password-title">{t("account.password.title")}</h2>
      {answer.refusal}
      <p className="account-card__text">
        {t("account.password.text")}{" "}
        <span data-testid="password-last-changed">
          {user.passwordLastChanged
            ? t("account.password.lastChanged", { date: moment(user.passwordLastChanged) })
            : t("account.password.never")}
        </span>
      </p>
      {/* The username, for password managers that file the new password under it. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user.username}
        aria-label={t("auth.field.username")}
        readOnly
        hidden
      />
      <TextField
        t={t}
        form="password"
        name="currentPassword"
        type="password"
        label={t("account.field.currentPassword")}
        register={register}
        errors={errors}
        autoComplete="current-password"
        required
      />
      <div className="auth-form__row">
        <TextField
          t={t}
          form="password"
          name="newPassword"
          type="password"
          label={t("account.field.newPassword")}
          register={register}
          errors={errors}
          autoComplete="new-password"
          required
          hint={t("auth.hint.password")}
        />
        <TextField
          t={t}
          form="password"
          name="confirmPassword"
          type="password"
          label={t("account.field.confirmPassword")}
          register={register}
          errors={errors}
          autoComplete="new-password"
          required
        />
      </div>
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("account.password.busy") : t("account.password.submit")}
      </button>
    </form>
  )
}
