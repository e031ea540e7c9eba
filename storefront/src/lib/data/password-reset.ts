/**
 * /auth/forgot and /auth/reset without JavaScript (docs/product.md §2 Password reset): the forms post to their
 * page, are checked with the contract's schemas the islands use, and go on to the facade as the browser with the
 * same /api calls (lib/data/http.ts sendFormAsBrowser). Passwords are never sent back to the page.
 */
import { passwordResetFormSchema, passwordResetRequestSchema } from "@enclave/contract/forms"
import { fieldMessages } from "@enclave/contract/http-errors"
import { PASSWORD_RESET_SENT_MESSAGE } from "@enclave/contract/values"
import type { ApiRequestError } from "../client/api"
import { apiRoutes } from "../api-routes"
import { answerBody, postedText, refusalOfAnswer, sendFormAsBrowser } from "./http"

/** The server's answer to the forgot form: the neutral "sent" message, or the address back with what refused it. */
export type ServerResetRequest =
  | { state: "sent"; message: string }
  | { state: "refused"; status: number; values: { email: string }; fields: Record<string, string>; error: ApiRequestError | null }

export async function requestResetWithForm(request: Request, form: FormData | null): Promise<ServerResetRequest> {
  const values = { email: postedText(form, "email") }
  const checked = passwordResetRequestSchema.safeParse(values)
  if (!checked.success) return { state: "refused", status: 400, values, fields: fieldMessages(checked.error), error: null }
  const answer = await sendFormAsBrowser(request, apiRoutes.passwordReset, checked.data)
  if (answer.ok) {
    const said = answerBody(answer).message
    return { state: "sent", message: typeof said === "string" ? said : PASSWORD_RESET_SENT_MESSAGE }
  }
  const error = refusalOfAnswer(answer)
  return { state: "refused", status: answer.status, values, fields: error.fields, error }
}

/** The server's answer to the reset form: done, the link unusable, or the passwords' messages. */
export type ServerReset =
  | { state: "done" }
  | { state: "invalid"; status: number }
  | { state: "refused"; status: number; fields: Record<string, string>; error: ApiRequestError | null }

export async function confirmResetWithForm(request: Request, form: FormData | null): Promise<ServerReset> {
  const checked = passwordResetFormSchema.safeParse({
    token: postedText(form, "token", 201).trim(),
    password: postedText(form, "password", 201),
    confirmPassword: postedText(form, "confirmPassword", 201),
  })
  if (!checked.success) {
    const fields = fieldMessages(checked.error)
    // The token is no field a person can fix: a malformed one means the link is broken.
    if (fields.token) return { state: "invalid", status: 400 }
    return { state: "refused", status: 400, fields, error: null }
  }
  const { token, password } = checked.data
  const answer = await sendFormAsBrowser(request, apiRoutes.passwordResetConfirm, { token, password })
  if (answer.ok) return { state: "done" }
  const error = refusalOfAnswer(answer)
  if (error.fields.token || error.code === "reset_link_invalid") return { state: "invalid", status: answer.status }
  return { state: "refused", status: answer.status, fields: error.fields, error }
}
