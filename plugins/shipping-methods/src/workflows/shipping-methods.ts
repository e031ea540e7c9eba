import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { catalogueChangedStep, catalogueChangeStartsStep } from "@enclave/catalogue"
import {
  createRemoteLinkStep,
  createShippingOptionsWorkflow,
  deleteShippingOptionsWorkflow,
  updateShippingOptionsWorkflow,
} from "@medusajs/medusa/core-flows"
import type { FulfillmentWorkflow } from "@medusajs/framework/types"
import { SHIPPING_METHODS_MODULE } from "../modules/shipping-methods"

/** The shop's own fields of a shipping method (plugin @enclave/shipping-methods). */
export interface DetailsData {
  description?: string
  estimated_delivery?: string | null
  estimated_delivery_de?: string | null
  name_de?: string | null
  description_de?: string | null
  is_default?: boolean
  is_active?: boolean
  sort_order?: number
}

interface DetailsRow extends Required<DetailsData> {
  id: string
  method_number: number
}

interface DetailsService {
  retrieveShippingMethodDetails(id: string): Promise<DetailsRow>
  listShippingMethodDetails(filters: object, config?: object): Promise<DetailsRow[]>
  createShippingMethodDetails(data: DetailsData): Promise<DetailsRow>
  updateShippingMethodDetails(
    data: (DetailsData & { id: string }) | Array<DetailsData & { id: string }>,
  ): Promise<DetailsRow | DetailsRow[]>
  softDeleteShippingMethodDetails(ids: string[]): Promise<unknown>
  restoreShippingMethodDetails(ids: string[]): Promise<unknown>
}

const detailsService = (container: { resolve(key: string): unknown }) => container.resolve(SHIPPING_METHODS_MODULE) as DetailsService

const restorable = (row: DetailsRow): DetailsData => ({
  description: row.description,
  estimated_delivery: row.estimated_delivery,
  estimated_delivery_de: row.estimated_delivery_de,
  name_de: row.name_de,
  description_de: row.description_de,
  is_default: row.is_default,
  is_active: row.is_active,
  sort_order: row.sort_order,
})

/** The details marked default whose shipping option is in this service zone. */
async function defaultsOfZone(container: { resolve(key: string): unknown }, serviceZoneId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as {
    graph(input: object): Promise<{ data: Array<{ id: string; shipping_option?: { service_zone_id?: string } | null }> }>
  }
  const { data } = await query.graph({
    entity: "shipping_method_details",
    fields: ["id", "shipping_option.service_zone_id"],
    filters: { is_default: true },
  })
  return data.filter((row) => row.shipping_option?.service_zone_id === serviceZoneId).map((row) => row.id)
}

/**
 * Creates (no id) or updates one method's details. A method that is default (marked now, or
 * moved into another zone while marked) unmarks the other defaults of its zone only: each zone
 * keeps its own. Setting the mark before clearing the others means concurrent saves still end
 * with exactly one marked per zone, the last one saved.
 */
const saveDetailsStep = createStep(
  "save-shipping-method-details",
  async (input: { id?: string; data: DetailsData; serviceZoneId: string }, { container }) => {
    const service = detailsService(container)
    const previous = input.id ? restorable(await service.retrieveShippingMethodDetails(input.id)) : null
    const saved = input.id
      ? ((await service.updateShippingMethodDetails({ id: input.id, ...input.data })) as DetailsRow)
      : await service.createShippingMethodDetails(input.data)
    let unmarked: string[] = []
    if (saved.is_default) {
      unmarked = (await defaultsOfZone(container, input.serviceZoneId)).filter((id) => id !== saved.id)
      if (unmarked.length > 0) await service.updateShippingMethodDetails(unmarked.map((id) => ({ id, is_default: false })))
    }
    return new StepResponse(saved, { id: saved.id, previous, unmarked })
  },
  async (undo, { container }) => {
    if (!undo) return
    const service = detailsService(container)
    if (undo.unmarked.length > 0) await service.updateShippingMethodDetails(undo.unmarked.map((id) => ({ id, is_default: true })))
    if (undo.previous) await service.updateShippingMethodDetails({ id: undo.id, ...undo.previous })
    else await service.softDeleteShippingMethodDetails([undo.id])
  },
)

const deleteDetailsStep = createStep(
  "delete-shipping-method-details",
  async (id: string, { container }) => {
    await detailsService(container).softDeleteShippingMethodDetails([id])
    return new StepResponse(undefined, id)
  },
  async (id, { container }) => {
    if (id) await detailsService(container).restoreShippingMethodDetails([id])
  },
)

export interface CreateShippingMethodInput {
  option: FulfillmentWorkflow.CreateShippingOptionsWorkflowInput
  details: DetailsData
}

/** A Medusa shipping option, its shop details, and the link between them; all or nothing. */
export const createShippingMethodWorkflow = createWorkflow("enclave-create-shipping-method", (input: CreateShippingMethodInput) => {
  catalogueChangeStartsStep({ reason: "a shipping method was created" })
  const options = createShippingOptionsWorkflow.runAsStep({ input: transform(input, (i) => [i.option]) })
  const details = saveDetailsStep(transform(input, (i) => ({ data: i.details, serviceZoneId: i.option.service_zone_id })))
  const links = transform({ options, details }, ({ options, details }) => [
    {
      [Modules.FULFILLMENT]: { shipping_option_id: options[0].id },
      [SHIPPING_METHODS_MODULE]: { shipping_method_details_id: details.id },
    },
  ])
  createRemoteLinkStep(links)
  catalogueChangedStep({ reason: "a shipping method was created" })
  return new WorkflowResponse(details)
})

export interface UpdateShippingMethodInput {
  detailsId: string
  /** The zone the method is in once updated. */
  serviceZoneId: string
  /** Name, price, zone or rule changes of the Medusa shipping option; absent when none changes. */
  option?: FulfillmentWorkflow.UpdateShippingOptionsWorkflowInput
  details: DetailsData
}

export const updateShippingMethodWorkflow = createWorkflow("enclave-update-shipping-method", (input: UpdateShippingMethodInput) => {
  catalogueChangeStartsStep({ reason: "a shipping method was updated" })
  when(input, (i) => !!i.option).then(() => {
    updateShippingOptionsWorkflow.runAsStep({ input: transform(input, (i) => [i.option!]) })
  })
  const details = saveDetailsStep(transform(input, (i) => ({ id: i.detailsId, data: i.details, serviceZoneId: i.serviceZoneId })))
  catalogueChangedStep({ reason: "a shipping method was updated" })
  return new WorkflowResponse(details)
})

/**
 * The details go first so a failed option delete restores them; the link's cascade would remove
 * them too, but an orphaned details row must never be left to look like a method.
 */
export const deleteShippingMethodWorkflow = createWorkflow(
  "enclave-delete-shipping-method",
  (input: { detailsId: string; shippingOptionId: string }) => {
    catalogueChangeStartsStep({ reason: "a shipping method was deleted" })
    deleteDetailsStep(transform(input, (i) => i.detailsId))
    deleteShippingOptionsWorkflow.runAsStep({ input: transform(input, (i) => ({ ids: [i.shippingOptionId] })) })
    catalogueChangedStep({ reason: "a shipping method was deleted" })
    return new WorkflowResponse(undefined)
  },
)
