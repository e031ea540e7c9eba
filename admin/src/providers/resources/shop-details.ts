import type { AdminShopDetails, ShopDetailsUpdateInput } from "@enclave/contract"
import type { BaseRecord, GetOneParams, GetOneResponse, UpdateParams, UpdateResponse } from "@refinedev/core"
import { getJson, httpError, isRecord, sendJson, signalOf } from "../http"
import type { ResourceHandler } from "./resource"

/**
 * The shop's details: the imprint's fields, which of them are still missing, and the shop's time zone. One
 * record (Refine needs an id for getOne/update; any id asked for is the one). Checked by hand, not by zod:
 * the first screen reads it (the dashboard's warning, every date's time zone), and zod would add a tenth
 * to its download.
 */
export const SHOP_DETAILS_ID = "current"
const PATH = "/admin/shop-details"

export type ShopDetailsRecord = AdminShopDetails & { id: typeof SHOP_DETAILS_ID }

function record(body: unknown, method: string): ShopDetailsRecord {
  if (!isRecord(body) || typeof body.timeZone !== "string" || !Array.isArray(body.missingFields)) {
    throw httpError(502, `${method} /api${PATH} did not answer the shop's details`)
  }
  return { ...(body as unknown as AdminShopDetails), id: SHOP_DETAILS_ID }
}

async function getShopDetails(params: GetOneParams): Promise<GetOneResponse<ShopDetailsRecord>> {
  return { data: record(await getJson(PATH, signalOf(params.meta)), "GET") }
}

/** POST saves any set of the fields and answers the saved details. */
async function saveShopDetails(params: UpdateParams): Promise<UpdateResponse<BaseRecord>> {
  return { data: record(await sendJson("POST", PATH, params.variables as ShopDetailsUpdateInput), "POST") }
}

export const shopDetails: ResourceHandler = { getOne: getShopDetails, update: saveShopDetails }
