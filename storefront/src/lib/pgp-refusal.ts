import { PGP_KEY_REFUSALS, type PgpKeyRefusal } from "@enclave/contract/privacy"
import type { Translate } from "../i18n"
import { ApiRequestError } from "./client/api"

/**
 * The facade's refusal of an OpenPGP key (code `pgp_key_refused`) in the page's language, from its reason and
 * details; null when the error is not one. The island and the page's own answer to the form say it alike.
 */
export function pgpKeyRefusal(t: Translate, error: unknown, day: (iso: string) => string): string | null {
  if (!(error instanceof ApiRequestError) || error.code !== "pgp_key_refused") return null
  const details = error.details as { email?: unknown; date?: unknown } | null
  const reason = error.params.reason
  if (typeof reason !== "string" || !(PGP_KEY_REFUSALS as readonly string[]).includes(reason)) return null
  return t(`account.pgp.refusal.${reason as PgpKeyRefusal}`, {
    email: typeof details?.email === "string" ? details.email : "",
    date: typeof details?.date === "string" ? day(details.date) : "",
  })
}
