import { paymentConfigSchema, type PaymentConfig, type PaymentConfigUpdateInput } from "@enclave/contract"
import type { BaseRecord, GetOneParams, GetOneResponse, UpdateParams, UpdateResponse } from "@refinedev/core"
import { getJson, sendJson, signalOf, validated } from "../http"
import { PAYMENT_CONFIG_ID } from "./payment-config-id"
import type { ResourceHandler } from "./resource"

/**
 * The shop has one payment configuration: GET answers it (secrets masked), POST saves either one
 * enable flag or any set of fields and answers the saved configuration. Refine needs an id for
 * getOne/update; this resource has only the one record, whatever id is asked for.
 */
export { PAYMENT_CONFIG_ID }
const PATH = "/admin/payment-config"

export type PaymentConfigRecord = PaymentConfig & { id: typeof PAYMENT_CONFIG_ID }

function record(answer: unknown): PaymentConfigRecord {
  return { ...validated(paymentConfigSchema.safeParse(answer), PATH), id: PAYMENT_CONFIG_ID }
}

async function getPaymentConfig(params: GetOneParams): Promise<GetOneResponse<PaymentConfigRecord>> {
  return { data: record(await getJson(PATH, signalOf(params.meta))) }
}

async function savePaymentConfig(params: UpdateParams): Promise<UpdateResponse<BaseRecord>> {
  const body = params.variables as PaymentConfigUpdateInput
  return { data: record(await sendJson("POST", PATH, body)) }
}

export const paymentConfig: ResourceHandler = { getOne: getPaymentConfig, update: savePaymentConfig }
