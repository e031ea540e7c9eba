/**
 * The /auth/forgot island: its form, with react-hook-form and the contract's schema, is fetched as the
 * island hydrates rather than before (lib/client/deferred.tsx); the server renders it complete.
 */
import { lazy, Suspense } from "react"
import { FormLoading } from "../../../lib/client/deferred"
import type { ServerForgot } from "./ForgotPasswordForm"
import "./auth.css"

const load = () => import("./ForgotPasswordForm")
const ForgotPasswordForm = import.meta.env.SSR ? (await load()).default : lazy(load)

/** `messages`: islandMessages of AUTH_ISLAND_TEXTS, so no catalogue is sent. */
export default function ForgotPasswordIsland({ messages, server }: { messages: Record<string, string>; server?: ServerForgot }) {
  return (
    <Suspense fallback={<FormLoading text={messages["common.loading"]} />}>
      <ForgotPasswordForm messages={messages} server={server} />
    </Suspense>
  )
}
