/**
 * The /auth/reset island: its form, with react-hook-form and the contract's schema, is fetched as the
 * island hydrates rather than before (lib/client/deferred.tsx); the server renders it complete.
 */
import { lazy, Suspense } from "react"
import { FormLoading } from "../../../lib/client/deferred"
import type { ServerReset } from "./ResetPasswordForm"
import "./auth.css"

const load = () => import("./ResetPasswordForm")
const ResetPasswordForm = import.meta.env.SSR ? (await load()).default : lazy(load)

/** `messages`: islandMessages of AUTH_ISLAND_TEXTS, so no catalogue is sent. */
export default function ResetPasswordIsland({
  messages,
  token,
  server,
}: {
  messages: Record<string, string>
  token: string
  server?: ServerReset
}) {
  return (
    <Suspense fallback={<FormLoading text={messages["common.loading"]} />}>
      <ResetPasswordForm messages={messages} token={token} server={server} />
    </Suspense>
  )
}
