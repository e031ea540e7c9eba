/**
 * The /checkout island. The checkout's code (react-hook-form, the contract's address schema, the
 * address step) is fetched as the island hydrates rather than before, the payment step's when it opens
 * (lib/client/deferred.tsx); the server renders the address step complete.
 */
import { lazy, Suspense } from "react"
import { FormLoading } from "../../../lib/client/deferred"
import type { CheckoutProps } from "./CheckoutFlow"

const load = () => import("./CheckoutFlow")
const CheckoutFlow = import.meta.env.SSR ? (await load()).default : lazy(load)

/** `messages`: islandMessages of "checkout." and "common.loading", so no catalogue is sent. */
export default function CheckoutIsland(props: CheckoutProps) {
  return (
    <Suspense fallback={<FormLoading text={props.messages["common.loading"]} />}>
      <CheckoutFlow {...props} />
    </Suspense>
  )
}
