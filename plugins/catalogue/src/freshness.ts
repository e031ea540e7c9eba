import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bumpCatalogue, type CatalogueChange } from "./cache"

/*
 * The flows that change what the catalogue shows keep its cache fresh themselves: the step after their
 * change marks it stale before the flow returns, so whoever asked for the change reads it at their next
 * request, on any server. Medusa's events would come too late for that: a subscriber runs after the
 * workflow has answered (in the worker, with REDIS_URL), so an admin's next read could still be the
 * cached one. The catalogue-changed subscriber covers what changes elsewhere (Medusa's admin API).
 */

export interface CatalogueChangeInput {
  /** Names the change in the log when the cache cannot be told. */
  reason: string
  /** "stock" when only stock moved (an order placed or cancelled): the catalogue facts stay. */
  change?: CatalogueChange
}

/**
 * The first step of a flow that changes the catalogue. It does nothing on the way; when a later step
 * fails, its compensation marks the catalogue stale, since the flow may have changed part of it and a
 * reader may have cached that part before it was undone.
 */
export const catalogueChangeStartsStep = createStep(
  "enclave-catalogue-change-starts",
  async (input: CatalogueChangeInput) => new StepResponse(undefined, input),
  async (input) => {
    if (input) await bumpCatalogue(`${input.reason} (undone)`, input.change)
  },
)

/** The step after the change: the catalogue is marked stale before the flow answers. */
export const catalogueChangedStep = createStep("enclave-catalogue-changed", async (input: CatalogueChangeInput) => {
  await bumpCatalogue(input.reason, input.change)
  return new StepResponse(undefined)
})
