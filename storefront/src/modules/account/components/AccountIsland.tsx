/**
 * The /account island: its forms (profile, password, two-factor sign-in, sessions), with react-hook-form
 * and the contract's schemas, are fetched as the island hydrates rather than before
 * (lib/client/deferred.tsx); the server renders them complete.
 */
import { lazy, Suspense } from "react"
import type { AccountSession, PgpKey, User } from "@enclave/contract"
import type { Language } from "../../../i18n"
import type { AccountConfirmation, ServerAccountForm } from "../../../lib/data/account-form"
import { FormLoading } from "../../../lib/client/deferred"
import "./auth.css"

const load = () => import("./AccountForms")
const AccountForms = import.meta.env.SSR ? (await load()).default : lazy(load)

/** `messages`: islandMessages of "account." and AUTH_ISLAND_TEXTS, so no catalogue is sent. */
export default function AccountIsland(props: {
  language: Language
  countries: ReadonlyArray<{ value: string; label: string }>
  timeZone: string
  messages: Record<string, string>
  user: User
  staffNotice?: boolean
  /** The server's answer to a form posted without JavaScript. */
  server?: ServerAccountForm
  /** The step that asks first, opened by the page's address (?confirm=…). */
  confirm?: AccountConfirmation | null
  /** The sessions and the OpenPGP key as the server read them; undefined when it could not. */
  sessions?: AccountSession[]
  pgpKey?: PgpKey | null
}) {
  return (
    <Suspense fallback={<FormLoading text={props.messages["common.loading"]} />}>
      <AccountForms {...props} />
    </Suspense>
  )
}
