/**
 * The /account island: its forms (profile, password, two-factor sign-in, sessions), with react-hook-form
 * and the contract's schemas, are fetched as the island hydrates rather than before
 * (lib/client/deferred.tsx); the server renders them complete.
 */
import { lazy, Suspense } from "react"
import type { User } from "@enclave/contract"
import type { Language } from "../../../i18n"
import type { ServerAccountForm } from "../../../lib/data/account-form"
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
}) {
  return (
    <Suspense fallback={<FormLoading text={props.messages["common.loading"]} />}>
      <AccountForms {...props} />
    </Suspense>
  )
}
