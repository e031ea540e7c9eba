/**
 * /auth's forms without JavaScript: the sign-in's password step and two-factor code step, and the
 * registration, posted to the page and sent on to the facade as the browser (lib/data/http.ts
 * sendFormAsBrowser). The cookies the facade sets (the pending sign-in's, then the session's) go back to
 * the browser with the page.
 */
import { registerFormSchema } from "@enclave/contract/forms"
import { fieldMessages } from "@enclave/contract/http-errors"
import { PENDING_SIGN_IN_COOKIE } from "@enclave/contract"
import type { ApiRequestError } from "../client/api"
import { apiRoutes } from "../api-routes"
import { answerBody, postedText, refusalOfAnswer, sendFormAsBrowser } from "./http"

export type SignInStep = "password" | "code"

export type SignInOutcome =
  | { state: "signedIn"; username: string; setCookies: string[] }
  | { state: "code"; setCookies: string[] }
  | { state: "refused"; error: ApiRequestError; setCookies: string[] }

/** The step's fields as typed: the facade checks them with the contract's schemas, as for the islands. */
export function signInFieldsOf(form: FormData | null): { step: SignInStep; username: string; password: string; code: string } {
  return {
    step: postedText(form, "step", 10) === "code" ? "code" : "password",
    username: postedText(form, "username", 200),
    password: postedText(form, "password", 1_000),
    code: postedText(form, "code", 100),
  }
}

/**
 * The pending sign-in's cookie is the facade's, scoped to /api/login where the islands send the code.
 * Here the browser posts the code to /auth and this page sends it on, so it is handed on scoped to /auth.
 */
function forThisPage(setCookies: string[]): string[] {
  return setCookies.map((cookie) =>
    cookie.startsWith(`${PENDING_SIGN_IN_COOKIE}=`) ? cookie.replace(/;\s*Path=[^;]*/i, "; Path=/auth") : cookie,
  )
}

export async function signInWithForm(request: Request, fields: ReturnType<typeof signInFieldsOf>): Promise<SignInOutcome> {
  const answer =
    fields.step === "code"
      ? await sendFormAsBrowser(request, apiRoutes.loginTwoFactor, { code: fields.code })
      : await sendFormAsBrowser(request, apiRoutes.login, { username: fields.username, password: fields.password })
  if (answer.status === 200) {
    const body = answerBody(answer)
    if (body.twoFactorRequired) return { state: "code", setCookies: forThisPage(answer.setCookies) }
    // Without a body the session's cookie came all the same; the username typed stands in for the answer's.
    const username = typeof body.username === "string" ? body.username : fields.username
    return { state: "signedIn", username, setCookies: forThisPage(answer.setCookies) }
  }
  return {
    state: "refused",
    error: refusalOfAnswer(answer),
    setCookies: forThisPage(answer.setCookies),
  }
}

/** The register form's fields: the contract's, but the admin flag, which no form sets. */
const REGISTER_FIELDS = Object.keys(registerFormSchema.shape).filter((name) => name !== "isAdmin")

export type RegisterOutcome =
  | { state: "registered"; setCookies: string[] }
  | { state: "refused"; error: ApiRequestError | null; fields: Record<string, string>; values: Record<string, string> }

/**
 * Registers from the posted form: checked with the contract's registerFormSchema first (the browser's
 * check, which the facade repeats without the confirmation), then sent as the islands send it.
 */
export async function registerWithForm(request: Request, form: FormData | null): Promise<RegisterOutcome> {
  const typed = Object.fromEntries(REGISTER_FIELDS.map((name) => [name, postedText(form, name, 1_000)]))
  const values = Object.fromEntries(Object.entries(typed).filter(([name]) => name !== "password" && name !== "confirmPassword"))
  const checked = registerFormSchema.safeParse(typed)
  if (!checked.success) return { state: "refused", error: null, fields: fieldMessages(checked.error), values }
  // docs/product.md §5: the client marks the username 'admin' as an admin; the server ignores the flag.
  const answer = await sendFormAsBrowser(request, apiRoutes.register, { ...checked.data, isAdmin: checked.data.username === "admin" })
  if (answer.status === 201 || answer.status === 200) return { state: "registered", setCookies: answer.setCookies }
  const error = refusalOfAnswer(answer)
  return { state: "refused", error, fields: error.fields, values }
}
