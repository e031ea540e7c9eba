import type { AdminShopDetails, ShopDetailsUpdateInput } from "@enclave/contract"
import { DEFAULT_SHOP_TIME_ZONE } from "@enclave/contract/values"
import { useOne, useUpdate, type HttpError } from "@refinedev/core"
import { locale } from "../i18n"
import { SHOP_DETAILS_ID, type ShopDetailsRecord } from "./resources/shop-details"

/**
 * The shop's details (the "shop-details" resource): one query shared by the dashboard's warning, the
 * settings page and every date the admin shows, so a save is seen by all of them at once. The pages say
 * when the details cannot be read; the frame keeps quiet.
 */
export function useShopDetails() {
  const { query } = useOne<ShopDetailsRecord, HttpError>({ resource: "shop-details", id: SHOP_DETAILS_ID, errorNotification: false })
  return { query, details: query.data?.data as AdminShopDetails | undefined }
}

/** Saves some of the details; every reader of them sees the saved answer. The caller says how it went. */
export function useSaveShopDetails() {
  const { mutate, mutation } = useUpdate<ShopDetailsRecord, HttpError, ShopDetailsUpdateInput>()
  const save = (
    update: ShopDetailsUpdateInput,
    outcome: { onSuccess: (saved: AdminShopDetails) => void; onError: (error: HttpError) => void },
  ) =>
    mutate(
      { resource: "shop-details", id: SHOP_DETAILS_ID, values: update, successNotification: false, errorNotification: false },
      { onSuccess: ({ data }) => outcome.onSuccess(data), onError: outcome.onError },
    )
  return { save, isPending: mutation.isPending, error: mutation.error }
}

/** The time zone the shop shows times in; the default until the details have loaded (or when they cannot be). */
export function useShopTimeZone(): string {
  return useShopDetails().details?.timeZone ?? DEFAULT_SHOP_TIME_ZONE
}

const formats = new Map<string, Intl.DateTimeFormat>()
function formatOf(kind: "dateTime" | "day", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}\u0000${timeZone}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      kind === "dateTime" ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone },
    )
    formats.set(key, format)
  }
  return format
}

/** A moment (ISO) as the admin's language writes it, on the shop's clock: "26 Nov 2026, 14:05". */
export function formatShopDateTime(iso: string, timeZone: string): string {
  return formatOf("dateTime", timeZone).format(new Date(iso))
}

/** The day a moment (ISO) fell on in the shop's time zone: "26 Nov 2026". */
export function formatShopMomentDay(iso: string, timeZone: string): string {
  return formatOf("day", timeZone).format(new Date(iso))
}
