/**
 * /account's forms without JavaScript (docs/product.md §2 Account page): the profile, the password, signing out
 * one session or all others, two-factor sign-in (set up, confirmed, turned off), the OpenPGP key (saved or removed)
 * and deleting the account. Posted to the page,
 * checked with the contract's schemas the island uses, then sent on to the facade as the browser
 * (lib/data/http.ts sendFormAsBrowser) with the same /api calls. Passwords are never sent back to the page.
 */
import {
  accountDeletionSchema,
  passwordChangeFormSchema,
  pgpKeySaveSchema,
  profileUpdateSchema,
  twoFactorCodeSchema,
} from "@enclave/contract/forms"
import { fieldMessages } from "@enclave/contract/http-errors"
import { ADMIN_ACCOUNT_DELETION_CODE, PGP_KEY_MAX_LENGTH, SESSION_NOT_FOUND_MESSAGE } from "@enclave/contract/privacy"
import { accountSessionListSchema, recoveryCodesSchema, twoFactorSetupSchema, type TwoFactorSetup } from "@enclave/contract"
import type { Toast } from "../client/stores"
import type { Translate } from "../../i18n"
import { apiRoutes } from "../api-routes"
import { deviceName } from "../devices"
import { pgpKeyRefusal } from "../pgp-refusal"
import { failureText, message } from "../../modules/account/components/form-fields"
import { answerBody, getAsBrowser, postedText, refusalOfAnswer, sendFormAsBrowser, type FormAnswer } from "./http"

export const ACCOUNT_FORMS = [
  "profile",
  "password",
  "two-factor-setup",
  "two-factor-enable",
  "two-factor-disable",
  "end-session",
  "end-others",
  "pgp-key",
  "remove-pgp",
  "delete",
] as const
export type AccountFormName = (typeof ACCOUNT_FORMS)[number]

/** The steps that ask first (a GET of /account?confirm=…): the island opens the same confirmation. */
export const ACCOUNT_CONFIRMATIONS = ["two-factor-off", "end-others", "remove-pgp", "delete"] as const
export type AccountConfirmation = (typeof ACCOUNT_CONFIRMATIONS)[number]

export function accountConfirmationOf(value: string | null): AccountConfirmation | null {
  return (ACCOUNT_CONFIRMATIONS as readonly string[]).includes(value ?? "") ? (value as AccountConfirmation) : null
}

/** The confirmation a refused form stays in: it is that step's own form. */
export function confirmationOfForm(form: AccountFormName): AccountConfirmation | null {
  return form === "two-factor-disable" ? "two-factor-off" : accountConfirmationOf(form)
}

const PROFILE_FIELDS = Object.keys(profileUpdateSchema.shape)
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"]

/** What the server answered a form with, as the island shows it: what was typed (never a password) and what was refused. */
export interface ServerAccountForm {
  form: AccountFormName
  values: Record<string, string>
  fields: Record<string, string>
  /** The refusal in the page's language; null when the form's own check refused it. */
  error: string | null
  /** Two-factor sign-in's next step, which the page shows rather than redirecting: its set-up, or the recovery codes (this once). */
  twoFactor?: { step: "setup"; setup: TwoFactorSetup } | { step: "codes"; codes: string[] }
}

export type AccountFormOutcome =
  | { state: "done"; location: string; toast: Omit<Toast, "id">; setCookies: string[] }
  | ({ state: "refused"; status: number } & ServerAccountForm)
  | ({ state: "shown"; status: 200 } & ServerAccountForm)

export function accountFormNameOf(form: FormData | null): AccountFormName | null {
  const name = form?.get("form")
  return typeof name === "string" && (ACCOUNT_FORMS as readonly string[]).includes(name) ? (name as AccountFormName) : null
}

interface Said {
  t: Translate
  /** A day in the shop's time zone, as the page writes it (a key's expiry). */
  day: (iso: string) => string
}

export async function saveAccountForm(request: Request, name: AccountFormName, form: FormData, said: Said): Promise<AccountFormOutcome> {
  const { t } = said
  const refused = (status: number, values: Record<string, string>, fields: Record<string, string>, error: string | null) =>
    ({ state: "refused", status, form: name, values, fields, error }) as const
  const refusedBy = (answer: FormAnswer, values: Record<string, string> = {}) => {
    const error = refusalOfAnswer(answer)
    return refused(answer.status, values, error.fields, failureText(t, error))
  }
  // Two-factor sign-in's next step is the page's answer itself, not a redirect.
  const shown = (twoFactor: NonNullable<ServerAccountForm["twoFactor"]>) =>
    ({ state: "shown", status: 200, form: name, values: {}, fields: {}, error: null, twoFactor }) as const
  const done = (toast: Omit<Toast, "id">, answer: FormAnswer, location = "/account") =>
    ({ state: "done", location, toast, setCookies: answer.setCookies }) as const

  switch (name) {
    case "profile": {
      const values = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, postedText(form, field)]))
      const checked = profileUpdateSchema.safeParse(values)
      if (!checked.success) return refused(400, values, fieldMessages(checked.error), null)
      const answer = await sendFormAsBrowser(request, apiRoutes.accountUpdate, checked.data)
      if (!answer.ok) return refusedBy(answer, values)
      const saved = answerBody(answer)
      const email = typeof saved.email === "string" ? saved.email : checked.data.email
      return done(
        typeof saved.pendingEmail === "string"
          ? {
              title: t("account.profile.emailPending"),
              description: t("account.profile.emailPendingText", { email: saved.pendingEmail, current: email }),
            }
          : { title: t("account.profile.saved"), description: t("account.profile.savedText") },
        answer,
      )
    }
    case "password": {
      const typed = Object.fromEntries(PASSWORD_FIELDS.map((field) => [field, postedText(form, field)]))
      const checked = passwordChangeFormSchema.safeParse(typed)
      if (!checked.success) return refused(400, {}, fieldMessages(checked.error), null)
      const { currentPassword, newPassword } = checked.data
      const answer = await sendFormAsBrowser(request, apiRoutes.accountPassword, { currentPassword, newPassword })
      // A changed password renews the session: the browser gets the facade's new cookie.
      if (answer.ok) return done({ title: t("account.password.changed"), description: t("account.password.changedText") }, answer)
      return refusedBy(answer)
    }
    case "two-factor-setup": {
      const answer = await sendFormAsBrowser(request, apiRoutes.twoFactorSetup)
      const setup = answer.ok ? twoFactorSetupSchema.safeParse(answerBody(answer)) : null
      if (setup?.success) return shown({ step: "setup", setup: setup.data })
      return refusedBy(answer)
    }
    case "two-factor-enable": {
      // The set-up being confirmed comes back with the form, so a wrong code shows the same QR code and key again:
      // they are this browser's own, and what turns sign-in on is the secret the facade keeps, not these.
      const setup = twoFactorSetupSchema.safeParse({
        secret: postedText(form, "secret", 200),
        otpauthUrl: postedText(form, "otpauthUrl", 1_000),
        qrCodeSvg: postedText(form, "qrCodeSvg", 100_000),
      })
      const again = setup.success ? { twoFactor: { step: "setup" as const, setup: setup.data } } : {}
      const checked = twoFactorCodeSchema.safeParse({ code: postedText(form, "code", 100) })
      if (!checked.success) return { ...refused(400, {}, fieldMessages(checked.error), null), ...again }
      const answer = await sendFormAsBrowser(request, apiRoutes.twoFactorEnable, checked.data)
      const codes = answer.ok ? recoveryCodesSchema.safeParse(answerBody(answer)) : null
      if (codes?.success) return shown({ step: "codes", codes: codes.data.recoveryCodes })
      return { ...refusedBy(answer), ...again }
    }
    case "two-factor-disable": {
      const checked = twoFactorCodeSchema.safeParse({ code: postedText(form, "code", 100) })
      if (!checked.success) return refused(400, {}, fieldMessages(checked.error), null)
      const answer = await sendFormAsBrowser(request, apiRoutes.twoFactorDisable, checked.data)
      if (answer.ok) return done({ title: t("account.twoFactor.turnedOff"), description: t("account.twoFactor.turnedOffText") }, answer)
      return refusedBy(answer)
    }
    case "end-session": {
      const id = postedText(form, "session", 200)
      // No id would be the path of all other sessions: a form without one ends none.
      if (!id) return refused(400, {}, {}, message(t, SESSION_NOT_FOUND_MESSAGE))
      // Named as the island names it: the device the session signed in with.
      const listed = await getAsBrowser(request, apiRoutes.accountSessions).catch(() => null)
      const sessions = listed?.ok ? accountSessionListSchema.safeParse(await listed.json().catch(() => null)) : null
      const session = sessions?.success ? sessions.data.find((one) => one.id === id) : undefined
      const answer = await sendFormAsBrowser(request, apiRoutes.accountSessionEnd, undefined, { id })
      if (!answer.ok) return refusedBy(answer)
      const device = deviceName(t, session?.userAgent ?? null)
      return done({ title: t("account.sessions.ended"), description: t("account.sessions.endedOneText", { device }) }, answer)
    }
    case "end-others": {
      const answer = await sendFormAsBrowser(request, apiRoutes.accountSessionsEnd)
      if (!answer.ok) return refusedBy(answer)
      const ended = Number(answerBody(answer).ended ?? 0)
      return done(
        {
          title: t("account.sessions.ended"),
          description: ended === 1 ? t("account.sessions.endedOne") : t("account.sessions.endedText", { count: ended }),
        },
        answer,
      )
    }
    case "pgp-key": {
      // Pasted, or chosen as a file (the form is multipart): a file the browser read stands in for an empty field.
      const file = form.get("publicKeyFile")
      const pasted = postedText(form, "publicKey", PGP_KEY_MAX_LENGTH + 1)
      const fromFile = !pasted.trim() && file instanceof File && file.size > 0 && file.size <= PGP_KEY_MAX_LENGTH * 4
      const values = { publicKey: fromFile ? (await (file as File).text()).slice(0, PGP_KEY_MAX_LENGTH + 1) : pasted }
      const checked = pgpKeySaveSchema.safeParse(values)
      if (!checked.success) return refused(400, values, fieldMessages(checked.error), null)
      const answer = await sendFormAsBrowser(request, apiRoutes.pgpKeySave, checked.data)
      if (answer.ok) return done({ title: t("account.pgp.saved"), description: t("account.pgp.savedText") }, answer)
      const refusal = pgpKeyRefusal(t, refusalOfAnswer(answer), said.day)
      if (refusal) return refused(answer.status, values, { publicKey: refusal }, null)
      return refusedBy(answer, values)
    }
    case "remove-pgp": {
      const answer = await sendFormAsBrowser(request, apiRoutes.pgpKeyRemove)
      if (answer.ok) return done({ title: t("account.pgp.removed"), description: t("account.pgp.removedText") }, answer)
      return refusedBy(answer)
    }
    case "delete": {
      const checked = accountDeletionSchema.safeParse({ password: postedText(form, "password", 201) })
      if (!checked.success) return refused(400, {}, fieldMessages(checked.error), null)
      const answer = await sendFormAsBrowser(request, apiRoutes.accountDelete, checked.data)
      // Signed out everywhere: the facade's answer ends this browser's session cookie too. The home page's own
      // fragment, or the browser would keep the form's (#account-delete-title) for an address without that panel.
      if (answer.ok) return done({ title: t("account.delete.done"), description: t("account.delete.doneText") }, answer, "/#main")
      const error = refusalOfAnswer(answer)
      if (error.code === ADMIN_ACCOUNT_DELETION_CODE) return refused(answer.status, {}, {}, t("account.delete.admin"))
      return refused(answer.status, {}, error.fields, failureText(t, error))
    }
  }
}
