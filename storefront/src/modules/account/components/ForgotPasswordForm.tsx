/**
 * /auth/forgot: the e-mail address of the account, and the one neutral answer the shop
 * gives whether or not an account has it (POST /api/password-reset always answers 202), so this
 * page cannot be used to find out who is a customer. Without JavaScript the form posts to the page, which
 * answers the same (pages/auth/forgot.astro).
 */
import { useEffect, useRef, useState } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import { passwordResetRequestSchema } from "@enclave/contract/forms"
import { PASSWORD_RESET_SENT_MESSAGE } from "@enclave/contract/values"
import { messageTranslator } from "../../../i18n/format"
import { requestPasswordReset } from "../../../lib/client/calls"
import { withTypedValues } from "../../../lib/client/deferred"
import { showToast } from "../../../lib/client/stores"
import { applyServerFields, failureText, inPlace, message, TextField, useServerAnswer } from "./form-fields"

type ForgotInput = z.input<typeof passwordResetRequestSchema>
type ForgotValues = z.output<typeof passwordResetRequestSchema>

/** The page's answer to the form posted without JavaScript: the neutral message, or what refused the address. */
export type ServerForgot = { sent: string } | { values: { email: string }; fields: Record<string, string>; error: string | null }

/** `messages`: the island's texts (islandMessages of "auth.", "validation." and "common.loading"). */
export default function ForgotPasswordForm({ messages, server }: { messages: Record<string, string>; server?: ServerForgot }) {
  const t = messageTranslator(messages)
  const refused = server && "values" in server ? server : undefined
  const form = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: useState(() => withTypedValues("forgot", { email: refused?.values.email ?? "" }))[0],
  })
  const { register, handleSubmit, setError, setFocus, formState } = form
  const answer = useServerAnswer(refused, formState.errors, t("auth.forgot.failed"))
  const [sent, setSent] = useState<string | null>(server && "sent" in server ? server.sent : null)
  const resultTitle = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sent) resultTitle.current?.focus()
  }, [sent])

  const onSubmit = handleSubmit(async (values) => {
    answer.hide()
    try {
      const said = await requestPasswordReset(values)
      setSent(said?.message ?? PASSWORD_RESET_SENT_MESSAGE)
    } catch (error) {
      applyServerFields(error, ["email"], setError)
      showToast({ title: t("auth.forgot.failed"), description: failureText(t, error), variant: "destructive" })
    }
  })

  if (sent) {
    return (
      <div className="auth-result" role="status">
        <h2 ref={resultTitle} tabIndex={-1}>
          {t("auth.forgot.sentTitle")}
        </h2>
        <p>{message(t, sent)}</p>
        <p className="auth-form__text">{t("auth.forgot.sentText")}</p>
        <div className="auth-result__actions">
          <a href="/auth">{t("auth.forgot.back")}</a>
          {/* Without JavaScript, the page again with its empty form. */}
          <form
            method="get"
            action="/auth/forgot"
            onSubmit={inPlace(() => {
              setSent(null)
              // The form comes back with the address typed before, ready to correct.
              setTimeout(() => setFocus("email"))
            })}
          >
            <button type="submit" className="auth-form__link">
              {t("auth.forgot.again")}
            </button>
          </form>
        </div>
      </div>
    )
  }

  return (
    <form className="auth-form" method="post" action="/auth/forgot" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
      {answer.refusal}
      <TextField
        t={t}
        form="forgot"
        name="email"
        type="email"
        label={t("auth.field.email")}
        register={register}
        errors={answer.errors}
        initialValue={refused?.values.email}
        autoComplete="email"
        required
      />
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.forgot.busy") : t("auth.forgot.submit")}
      </button>
      <p className="auth-form__switch">
        <a href="/auth">{t("auth.forgot.back")}</a>
      </p>
    </form>
  )
}
