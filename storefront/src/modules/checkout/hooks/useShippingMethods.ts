/**
 * The shipping methods checkout offers for the address's country (docs/product.md §4): loaded on the server,
 * or here when the server could not (with a retry); the default preselected and the choice kept in session
 * storage for this browser session.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react"
import type { ShippingMethod } from "@enclave/contract"
import { checkoutStorageKeys, withOneDefaultPerZone } from "@enclave/contract/values"
import { fetchShippingMethods } from "../../../lib/client/calls"
import { checkedBeforeHydration } from "../../../lib/client/deferred"
import type { MethodsState } from "../components/ShippingMethodPicker"
import { methodsForCountry, shippingCountryOf } from "../shipping-countries"

function loadMethods(setMethods: (state: MethodsState) => void) {
  fetchShippingMethods()
    .then((list) => setMethods({ kind: "loaded", methods: withOneDefaultPerZone(list.filter((m) => m.isActive)) }))
    .catch(() => setMethods({ kind: "failed" }))
}

function storedMethodId(): number | null {
  try {
    return Number(sessionStorage.getItem(checkoutStorageKeys.shippingMethodId)) || null
  } catch {
    // storage can be unavailable (privacy settings): the choice then lives only in this page
    return null
  }
}

/**
 * `fromServer`: null when the server could not load them. `country`: the address's, as typed. `posted`: the
 * method and its refusal of a form sent without JavaScript.
 */
export function useShippingMethods(
  fromServer: ShippingMethod[] | null,
  country: string,
  posted: { shippingMethodId: number | null; methodMissing: boolean } | null = null,
) {
  const [methods, setMethods] = useState<MethodsState>(fromServer ? { kind: "loaded", methods: fromServer } : { kind: "loading" })
  // Only the methods that ship to the address's country are offered, re-filtered as it changes.
  const allMethods = methods.kind === "loaded" ? methods.methods : null
  const countryCode = allMethods ? shippingCountryOf(allMethods, country) : null
  const offeredMethods = useMemo(() => (allMethods ? methodsForCountry(allMethods, countryCode) : []), [allMethods, countryCode])
  const offered: MethodsState = methods.kind === "loaded" ? { kind: "loaded", methods: offeredMethods } : methods
  const [selectedId, setSelectedId] = useState<number | null>(() =>
    posted && !posted.methodMissing ? posted.shippingMethodId : (offeredMethods.find((m) => m.isDefault)?.id ?? null),
  )
  const [methodError, setMethodError] = useState<string | undefined>()

  useEffect(() => {
    if (!fromServer) loadMethods(setMethods)
  }, [fromServer])

  function retry() {
    setMethods({ kind: "loading" })
    loadMethods(setMethods)
  }

  function choose(id: number) {
    setSelectedId(id)
    setMethodError(undefined)
    try {
      sessionStorage.setItem(checkoutStorageKeys.shippingMethodId, String(id))
    } catch {
      // see storedMethodId
    }
  }

  // A choice made earlier in this browser session is kept while that method is offered; when the country
  // moves to another zone, that zone's default takes its place. A method clicked in the server's picker
  // before the island ran comes first: it is the person's latest choice.
  const firstRun = useRef(true)
  const preselect = useEffectEvent(() => {
    if (methods.kind !== "loaded" || offeredMethods.length === 0) return
    const clicked = firstRun.current ? Number(checkedBeforeHydration("shippingMethod")) || null : null
    firstRun.current = false
    const keep = [clicked, storedMethodId(), selectedId].find((id) => id !== null && offeredMethods.some((m) => m.id === id))
    choose(keep ?? offeredMethods.find((m) => m.isDefault)?.id ?? offeredMethods[0]!.id)
  })
  // The choice follows the methods offered, which change with the typed country; session storage and the
  // server's picker are read only in the browser, after hydration.
  useEffect(() => preselect(), [offeredMethods])

  const selected = offeredMethods.find((m) => m.id === selectedId) ?? null
  return { offered, selectedId, selected, choose, retry, methodError, setMethodError, countryCode }
}
