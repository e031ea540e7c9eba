/**
 * /auth/reset?token=…: the link of the reset mail. A new password typed twice, with the
 * register form's rules (passwordResetFormSchema); the token goes with it to
 * POST /api/password-reset/confirm. A link that is unknown, used or older than an hour (400 on the
 * field `token`) turns the form into that message and the way to ask for a new link.
 * Without JavaScript the form posts to the page with the token in a hidden field (pages/auth/reset.astro).
 */
import { useEffect, useRef, useState, type Ref } from "react"
import { useForm } from "react-hook-form"
import { zodResolver } from "@hookform/resolvers/zod"
import type { z } from "zod"
import { passwordResetFormSchema } from "@enclave/contract/forms"
import { RESET_LINK_INVALID_MESSAGE } from "@enclave/contract/values"
import type { Translate } from "../../../i18n"
import { messageTranslator } from "../../../i18n/format"
import { withTypedValues } from "../../../lib/client/deferred"
import { ApiRequestError } from "../../../lib/client/api"
import { confirmPasswordReset } from "../../../lib/client/calls"
import { showToast } from "../../../lib/client/stores"
import { applyServerFields, failureText, message, TextField, useServerAnswer } from "./form-fields"

type ResetInput = z.input<typeof passwordResetFormSchema>
type ResetValues = z.output<typeof passwordResetFormSchema>

type Outcome = "form" | "done" | "invalid"

/** The page's answer to the form posted without JavaScript: its outcome, and on the form the passwords' messages. */
export type ServerReset = { outcome: "done" | "invalid" } | { outcome: "form"; fields: Record<string, string>; error: string | null }

/** `messages`: the island's texts (islandMessages of AUTH_ISLAND_TEXTS). */
export default function ResetPasswordForm({
  messages,
  token,
  server,
}: {
  messages: Record<string, string>
  token: string
  server?: ServerReset
}) {
  const t = messageTranslator(messages)
  const [outcome, setOutcome] = useState<Outcome>(server?.outcome ?? (token ? "form" : "invalid"))
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: useState(() => withTypedValues("reset", { token, password: "", confirmPassword: "" }))[0],
  })
  const { register, handleSubmit, setError, formState } = form
  const answer = useServerAnswer(server?.outcome === "form" ? server : undefined, formState.errors, t("auth.reset.failed"))
  const resultTitle = useRef<HTMLHeadingElement>(null)
  const [moved, setMoved] = useState(false)

  // A finished or refused form is replaced: the cursor goes to what replaced it.
  useEffect(() => {
    if (moved) resultTitle.current?.focus()
  }, [moved, outcome])

  const onSubmit = handleSubmit(
    async ({ token: sentToken, password }) => {
      answer.hide()
      try {
        await confirmPasswordReset({ token: sentToken, password })
        setOutcome("done")
        setMoved(true)
      } catch (error) {
        if (error instanceof ApiRequestError && (error.fields.token || error.code === "reset_link_invalid")) {
          setOutcome("invalid")
          setMoved(true)
          return
        }
        applyServerFields(error, ["password"], setError)
        showToast({ title: t("auth.reset.failed"), description: failureText(t, error), variant: "destructive" })
      }
    },
    // The token is no field a person can fix: a malformed one means the link is broken.
    (errors) => {
      if (errors.token) {
        setOutcome("invalid")
        setMoved(true)
      }
    },
  )

  if (outcome === "done") {
    return (
      <div className="auth-result" role="status">
        <h2 ref={resultTitle} tabIndex={-1}>
          {t("auth.reset.doneTitle")}
        </h2>
        <p>{t("auth.reset.doneText")}</p>
        <p className="auth-result__actions">
          <a className="button button--primary" href="/auth">
            {t("auth.reset.signIn")}
          </a>
        </p>
      </div>
    )
  }
  if (outcome === "invalid") return <InvalidLink t={t} titleRef={resultTitle} />

  return (
    <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
      <input type="hidden" name="token" value={token} />
      {answer.refusal}
      <div className="auth-form__row">
        <TextField
          t={t}
          form="reset"
          name="password"
          type="password"
          label={t("account.field.newPassword")}
          register={register}
          errors={answer.errors}
          autoComplete="new-password"
          required
          hint={t("auth.hint.password")}
        />
        <TextField
          t={t}
          form="reset"
          name="confirmPassword"
          type="password"
          label={t("account.field.confirmPassword")}
          register={register}
          errors={answer.errors}
          autoComplete="new-password"
          required
        />
      </div>
      <button className="button button--primary auth-form__submit" type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.reset.busy") : t("auth.reset.submit")}
      </button>
      <p className="auth-form__switch">
        <a href="/auth">{t("auth.forgot.back")}</a>
      </p>
    </form>
  )
}

function InvalidLink({ t, titleRef }: { t: Translate; titleRef: Ref<HTMLHeadingElement> }) {
  return (
    <div className="auth-result auth-result--bad" role="alert">
      <h2 ref={titleRef} tabIndex={-1}>
        {t("auth.reset.invalidTitle")}
      </h2>
      <p>{message(t, RESET_LINK_INVALID_MESSAGE)}.</p>
      <p>{t("auth.reset.invalidText")}</p>
      <p className="auth-result__actions">
        <a className="button button--primary" href="/auth/forgot">
          {t("auth.reset.requestNew")}
        </a>
        <a href="/auth">{t("auth.forgot.back")}</a>
      </p>
    </div>
  )
}
