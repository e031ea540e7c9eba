/**
 * The Register tab of /auth (docs/product.md §5): account, address and the optional business details.
 * Loaded with the tab (AuthForms), validated in the browser with the contract's registerFormSchema (the
 * facade validates with registerSchema, the same rules), messages inline under each field. A real form
 * posted to /auth: without JavaScript the page registers on the server and renders the answer here (`server`).
 */
import { useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import { registerFormSchema } from "@enclave/contract/forms"
import type { Translate } from "../../../i18n"
import { createAccount } from "../../../lib/client/calls"
import { withTypedValues } from "../../../lib/client/deferred"
import { setUser, showToast } from "../../../lib/client/stores"
import { goOn } from "./after-sign-in"
import { AddressFields, applyServerFields, BusinessFields, failureText, useServerAnswer, TextField, type FieldProps } from "./form-fields"

type RegisterInput = z.input<typeof registerFormSchema>
type RegisterValues = z.output<typeof registerFormSchema>

/** A registration the server answered (no JavaScript): what was typed (never the passwords), and what was refused. */
export interface ServerRegistration {
  values: Record<string, string>
  /** Field → message (the contract's, or the facade's). */
  fields: Record<string, string>
  /** The refusal as the toast would say it, when it is not about a field alone. */
  error?: string
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

export default function RegisterForm({
  t,
  countries,
  returnTo,
  action = "/auth",
  server,
  switchHref = "/auth",
  onSwitch,
}: {
  t: Translate
  countries: ReadonlyArray<{ value: string; label: string }>
  returnTo: string
  action?: string
  server?: ServerRegistration
  /** The other tab's address: the switch is a link there without JavaScript. */
  switchHref?: string
  onSwitch: () => void
}) {
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: useState(() =>
      withTypedValues("register", {
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
        ...server?.values,
      }),
    )[0],
  })
  const { register, handleSubmit, setError, formState } = form
  // The server's answer stands until the form is sent again.
  const answer = useServerAnswer(server, formState.errors, t("auth.toast.registerFailed"))
  const errors = answer.errors

  const onSubmit = handleSubmit(async (values) => {
    answer.hide()
    try {
      // docs/product.md §5: the client marks the username 'admin' as an admin; the server ignores the flag.
      const user = await createAccount({ ...values, isAdmin: values.username === "admin" })
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
    <TextField
      t={t}
      form="register"
      name={name}
      label={t(`auth.field.${name}`)}
      register={register}
      errors={errors}
      initialValue={server?.values[name]}
      {...extra}
    />
  )

  return (
    <form className="auth-form" method="post" action={action} noValidate onSubmit={onSubmit} aria-labelledby="auth-register-title">
      <h2 id="auth-register-title" className="visually-hidden">
        {t("auth.tab.register")}
      </h2>
      <input type="hidden" name="form" value="register" />
      {answer.refusal}
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
        <AddressFields field={field} countries={countries} choose={t("auth.field.countryChoose")} />
      </fieldset>
      <fieldset className="auth-form__group">
        <legend>{t("auth.section.business")}</legend>
        <BusinessFields field={field} hint={t("auth.hint.business")} />
      </fieldset>
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.register.busy") : t("auth.register.submit")}
      </button>
      <p className="auth-form__switch">
        {t("auth.register.switch")}{" "}
        <a
          className="auth-form__link"
          href={switchHref}
          onClick={(event) => {
            event.preventDefault()
            onSwitch()
          }}
        >
          {t("auth.register.switchAction")}
        </a>
      </p>
    </form>
  )
}
