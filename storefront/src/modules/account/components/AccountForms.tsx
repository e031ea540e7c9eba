/**
 * The forms of /account (docs/product.md §2 account page): the profile, with the register form's
 * rules and messages, and the password change. Validated in the browser with the shared contract
 * schemas (the facade validates with the same ones); the server's field messages (a taken e-mail
 * address, a wrong current password) land on their fields.
 */
import { useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import { passwordChangeFormSchema, profileUpdateSchema, type User } from "@enclave/contract"
import { translator, type Language, type Translate } from "../../../i18n"
import { api } from "../../../lib/client/api"
import { useHydrated } from "../../../lib/client/hydrated"
import { setUser, showToast } from "../../../lib/client/stores"
import { applyServerFields, failureText, TextField } from "./form-fields"
import "./auth.css"

type ProfileInput = z.input<typeof profileUpdateSchema>
type ProfileValues = z.output<typeof profileUpdateSchema>
type PasswordInput = z.input<typeof passwordChangeFormSchema>
type PasswordValues = z.output<typeof passwordChangeFormSchema>

const profileFields = ["email", "fullName", "addressLine1", "addressLine2", "city", "state", "postalCode", "country"] as const
const passwordFields = ["currentPassword", "newPassword", "confirmPassword"] as const

export default function AccountForms({ language, user: initialUser }: { language: Language; user: User }) {
  const t = translator(language)
  const ready = useHydrated()
  const [user, setShownUser] = useState(initialUser)
  return (
    <div className="account-forms">
      <ProfileForm
        t={t}
        ready={ready}
        user={user}
        onSaved={(saved) => {
          setShownUser(saved)
          setUser(saved)
        }}
      />
      <PasswordForm
        t={t}
        ready={ready}
        language={language}
        user={user}
        onChanged={(changedAt) => setShownUser({ ...user, passwordLastChanged: changedAt })}
      />
    </div>
  )
}

function ProfileForm({ t, ready, user, onSaved }: { t: Translate; ready: boolean; user: User; onSaved: (user: User) => void }) {
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      email: user.email,
      fullName: user.fullName ?? "",
      addressLine1: user.addressLine1 ?? "",
      addressLine2: user.addressLine2 ?? "",
      city: user.city ?? "",
      state: user.state ?? "",
      postalCode: user.postalCode ?? "",
      country: user.country ?? "",
    },
  })
  const { register, handleSubmit, setError, formState, reset } = form
  const errors = formState.errors

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await api.put<User>("/api/account", values)
      onSaved(saved)
      reset({ ...values, email: saved.email })
      showToast({ title: t("account.profile.saved"), description: t("account.profile.savedText") })
    } catch (error) {
      applyServerFields(error, profileFields, setError)
      showToast({ title: t("account.profile.failed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  const field = (name: (typeof profileFields)[number], extra: { type?: string; autoComplete?: string; required?: boolean } = {}) => (
    <TextField t={t} form="profile" name={name} label={t(`auth.field.${name}`)} register={register} errors={errors} {...extra} />
  )

  return (
    <form className="auth-form account-card" method="post" noValidate onSubmit={onSubmit} aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">{t("account.profile.title")}</h2>
      <p className="account-card__text">{t("account.profile.text")}</p>
      {field("email", { type: "email", autoComplete: "email", required: true })}
      {field("fullName", { autoComplete: "name" })}
      {field("addressLine1", { autoComplete: "address-line1", required: true })}
      {field("addressLine2", { autoComplete: "address-line2" })}
      <div className="auth-form__row">
        {field("city", { autoComplete: "address-level2", required: true })}
        {field("state", { autoComplete: "address-level1", required: true })}
      </div>
      <div className="auth-form__row">
        {field("postalCode", { autoComplete: "postal-code", required: true })}
        {field("country", { autoComplete: "country-name", required: true })}
      </div>
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
        {formState.isSubmitting ? t("account.profile.busy") : t("account.profile.submit")}
      </button>
    </form>
  )
}

function PasswordForm({
  t,
  ready,
  language,
  user,
  onChanged,
}: {
  t: Translate
  ready: boolean
  language: Language
  user: User
  onChanged: (changedAt: string) => void
}) {
  const form = useForm<PasswordInput, unknown, PasswordValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  })
  const { register, handleSubmit, setError, formState, reset } = form
  const errors = formState.errors
  const dateFormat = new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeStyle: "short" })

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await api.post("/api/account/password", { currentPassword, newPassword })
      reset()
      onChanged(new Date().toISOString())
      showToast({ title: t("account.password.changed"), description: t("account.password.changedText") })
    } catch (error) {
      applyServerFields(error, passwordFields, setError)
      showToast({ title: t("account.password.failed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  return (
    <form className="auth-form account-card" method="post" noValidate onSubmit={onSubmit} aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t("account.password.title")}</h2>
      <p className="account-card__text">
        {t("account.password.text")}{" "}
        <span data-testid="password-last-changed">
          {user.passwordLastChanged
            ? t("account.password.lastChanged", { date: dateFormat.format(new Date(user.passwordLastChanged)) })
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
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
        {formState.isSubmitting ? t("account.password.busy") : t("account.password.submit")}
      </button>
    </form>
  )
}
