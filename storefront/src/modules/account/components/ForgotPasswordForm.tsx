/**
 * /auth/forgot: the e-mail address of the account, and the one neutral answer the shop
 * gives whether or not an account has it (POST /api/password-reset always answers 202), so this
 * page cannot be used to find out who is a customer.
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
import { useHydrated } from "../../../lib/client/hydrated"
import { showToast } from "../../../lib/client/stores"
import { applyServerFields, failureText, message, TextField } from "./form-fields"

type ForgotInput = z.input<typeof passwordResetRequestSchema>
type ForgotValues = z.output<typeof passwordResetRequestSchema>

/** `messages`: the island's texts (islandMessages of "auth.", "validation." and "common.loading"). */
export default function ForgotPasswordForm({ messages }: { messages: Record<string, string> }) {
  const t = messageTranslator(messages)
  const ready = useHydrated()
  const form = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: useState(() => withTypedValues("forgot", { email: "" }))[0],
  })
  const { register, handleSubmit, setError, setFocus, formState } = form
  const [sent, setSent] = useState<string | null>(null)
  const resultTitle = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sent) resultTitle.current?.focus()
  }, [sent])

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await requestPasswordReset(values)
      setSent(answer?.message ?? PASSWORD_RESET_SENT_MESSAGE)
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
        <p className="auth-result__actions">
          <a href="/auth">{t("auth.forgot.back")}</a>
          <button
            type="button"
            className="auth-form__link"
            onClick={() => {
              setSent(null)
              // The form comes back with the address typed before, ready to correct.
              setTimeout(() => setFocus("email"))
            }}
          >
            {t("auth.forgot.again")}
          </button>
        </p>
      </div>
    )
  }

  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
      <TextField
        t={t}
        form="forgot"
        name="email"
        type="email"
        label={t("auth.field.email")}
        register={register}
        errors={formState.errors}
        autoComplete="email"
        required
      />
      <button className="button button--primary auth-form__submit" type="submit" disabled={!ready || formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.forgot.busy") : t("auth.forgot.submit")}
      </button>
      <p className="auth-form__switch">
        <a href="/auth">{t("auth.forgot.back")}</a>
      </p>
    </form>
  )
}
