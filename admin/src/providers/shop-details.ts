import type { AdminShopDetails, ShopDetailsUpdateInput } from "@enclave/contract"
import { DEFAULT_SHOP_TIME_ZONE } from "@enclave/contract/values"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { locale } from "../i18n"
import { getJson, httpError, isRecord, sendJson } from "./http"

/**
 * The shop's details: the imprint's fields, which of them are still missing, and the shop's
 * time zone. One query shared by the dashboard's warning, the settings page and every date the admin
 * shows, so a save is seen by all of them at once. Unchecked by zod, like the dashboard's lists: the
 * first screen reads it, and zod would add a tenth to its download.
 */
const PATH = "/admin/shop-details"
export const SHOP_DETAILS_QUERY_KEY = ["shop-details"] as const

async function loadShopDetails(signal?: AbortSignal): Promise<AdminShopDetails> {
  const body = await getJson(PATH, signal)
  if (!isRecord(body) || typeof body.timeZone !== "string" || !Array.isArray(body.missingFields)) {
    throw httpError(502, `GET /api${PATH} did not answer the shop's details`)
  }
  return body as unknown as AdminShopDetails
}

export function useShopDetails() {
  return useQuery({ queryKey: SHOP_DETAILS_QUERY_KEY, queryFn: ({ signal }) => loadShopDetails(signal) })
}

/** Saves and puts the answer where every reader of the details sees it. */
export function useSaveShopDetails() {
  const client = useQueryClient()
  return async (update: ShopDetailsUpdateInput): Promise<AdminShopDetails> => {
    const saved = (await sendJson("POST", PATH, update)) as AdminShopDetails
    client.setQueryData(SHOP_DETAILS_QUERY_KEY, saved)
    return saved
  }
}

/** The time zone the shop shows times in; the default until the details have loaded (or when they cannot be). */
export function useShopTimeZone(): string {
  return useShopDetails().data?.timeZone ?? DEFAULT_SHOP_TIME_ZONE
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
