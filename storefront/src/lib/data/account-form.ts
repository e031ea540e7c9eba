/**
 * /account's profile and password forms without JavaScript (docs/product.md §2 Account page): posted to the page,
 * checked with the contract's schemas the island uses, then sent on to the facade as the browser
 * (lib/data/http.ts sendFormAsBrowser) with the same /api calls. The passwords are never sent back to the page.
 */
import { passwordChangeFormSchema, profileUpdateSchema } from "@enclave/contract/forms"
import { fieldMessages } from "@enclave/contract/http-errors"
import type { ApiRequestError } from "../client/api"
import { apiRoutes } from "../api-routes"
import { refusalOfAnswer, sendFormAsBrowser } from "./http"

export type AccountFormName = "profile" | "password"

const PROFILE_FIELDS = Object.keys(profileUpdateSchema.shape)
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"]

/** What the server answered a form with, as the island shows it: what was typed (never a password) and what was refused. */
export interface ServerAccountForm {
  form: AccountFormName
  values: Record<string, string>
  fields: Record<string, string>
  /** The facade's refusal in the page's language (failureText); null when the form's own check refused it. */
  error: string | null
}

export type AccountFormOutcome =
  | { state: "saved"; form: "profile"; pendingEmail: string | null; email: string; setCookies: string[] }
  | { state: "saved"; form: "password"; setCookies: string[] }
  | {
      state: "refused"
      status: number
      form: AccountFormName
      values: Record<string, string>
      fields: Record<string, string>
      error: ApiRequestError | null
    }

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === "string" ? value.slice(0, 1_000) : ""
}

export function accountFormNameOf(form: FormData | null): AccountFormName | null {
  const name = form?.get("form")
  return name === "profile" || name === "password" ? name : null
}

export async function saveAccountForm(request: Request, name: AccountFormName, form: FormData): Promise<AccountFormOutcome> {
  const typed = Object.fromEntries((name === "profile" ? PROFILE_FIELDS : PASSWORD_FIELDS).map((field) => [field, text(form, field)]))
  const values = name === "profile" ? typed : {}
  const checked = name === "profile" ? profileUpdateSchema.safeParse(typed) : passwordChangeFormSchema.safeParse(typed)
  if (!checked.success) return { state: "refused", status: 400, form: name, values, fields: fieldMessages(checked.error), error: null }
  const answer =
    name === "profile"
      ? await sendFormAsBrowser(request, apiRoutes.accountUpdate, checked.data)
      : await sendFormAsBrowser(request, apiRoutes.accountPassword, {
          currentPassword: typed.currentPassword,
          newPassword: typed.newPassword,
        })
  if (answer.status >= 200 && answer.status < 300) {
    if (name === "password") return { state: "saved", form: "password", setCookies: answer.setCookies }
    let saved: { email?: unknown; pendingEmail?: unknown } = {}
    try {
      saved = JSON.parse(answer.text) as typeof saved
    } catch {
      // saved all the same: the page shows the account as it is now
    }
    return {
      state: "saved",
      form: "profile",
      email: typeof saved.email === "string" ? saved.email : typed.email!,
      pendingEmail: typeof saved.pendingEmail === "string" ? saved.pendingEmail : null,
      setCookies: answer.setCookies,
    }
  }
  const error = refusalOfAnswer(answer)
  return { state: "refused", status: answer.status, form: name, values, fields: error.fields, error }
}
