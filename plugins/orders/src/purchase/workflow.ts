import type { LinkDefinition, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  authorizePaymentSessionStep,
  capturePaymentWorkflow,
  createOrdersStep,
  createRemoteLinkStep,
  emitEventStep,
} from "@medusajs/medusa/core-flows"
import {
  INVOICE_BUSINESS_ONLY_MESSAGE,
  INVOICE_NOT_AVAILABLE_MESSAGE,
  INVOICE_PAYMENT_METHOD,
  INVOICE_PAYMENT_PROVIDER,
  invoiceDueDate,
  invoiceMinimumMessage,
  invoiceReference,
  PAYMENT_ID_USED_MESSAGE,
  TEST_PAYMENTS_OFF_MESSAGE,
  type Order,
  type ShippingAddress,
} from "@enclave/contract"
import { eurosToCents } from "@enclave/contract/money"
import { PRODUCT_NAME_DE_KEY, SHIPPING_METHOD_NAME_DE_KEY } from "@enclave/contract/values"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import type { InvoiceTerms } from "../modules/shop-orders/types"
import { invoiceDetails, SYSTEM_PROVIDER_ID, invoiceAvailable, readPaymentSettings } from "@enclave/payments"
import { releaseCartLock, takeCartLockStep } from "../cart/cart-lock"
import { linkedCartId, moveUserCartStep } from "../cart/user-cart"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import CheckoutPaymentOrderLink from "../links/checkout-payment-order"
import { pricePurchase, type CheckoutChoice, type PricedPurchase } from "../orders/checkout"
import { catalogueEntries, catalogueChangedStep, catalogueChangeStartsStep } from "@enclave/catalogue"
import { detailsOfOrder, shopOrders, timeZoneForOrders, toContractOrder, type MedusaOrderRow } from "../orders/read-orders"
import { stockRefusal } from "../orders/stock"
import type { CheckoutPaymentBookkeeping, CheckoutPaymentRow } from "./records"
import { BUYER_VAT_ID_KEY } from "../tax/order-vat"
import { paymentMethodLabel, type PaymentKind, type ProviderPaymentKind } from "./payment-kind"

/**
 * A purchase as one Medusa workflow, whatever pays for it: under the buyer's lock, the step of its
 * payment kind checks and names the payment, then the workflow prices the cart from the catalogue,
 * makes Medusa's order from it, reserves its stock, records its payment in Medusa's payment module,
 * records the shop's details and closes the cart. Every step that writes has its compensation, so a
 * purchase that fails at any point leaves no order, no reservation and no payment behind.
 *
 * Medusa's own complete-cart re-derives the whole cart through its refresh workflows (~590
 * statements a purchase); this one reads the cart once and writes through the modules with the
 * shop's own prices.
 */

export const PLACE_ORDER_WORKFLOW = "enclave-place-order"

interface PaymentToRecord {
  /** As customers and staff read it, e.g. "Card (Sandbox)". */
  method: string
  paymentId: string | null
  provider: string
  isTest: boolean
  /** A payment session opened when the payment started (card, wallet); the sandbox card and invoices open one here. */
  sessionId?: string
  /** For a session opened here: the Medusa payment provider and its data. */
  providerId?: string
  data?: Record<string, unknown>
}

/** An invoice's terms as the admin set them when the order is placed. */
type InvoiceOffer = { paymentTermDays: number; accountHolder: string; iban: string; bic: string; minimumTotal: string }

/** The payment a kind's step settled on: what the order records, and an invoice's terms. */
interface Paying {
  payment: PaymentToRecord
  invoice: InvoiceOffer | null
}

/** A provider payment that this purchase settles: the shop's record of it, read before the purchase. */
export interface SettledPayment {
  /** The record (payments/records.ts) with its bookkeeping as read; linked to the order. */
  row: Pick<CheckoutPaymentRow, "id" | "provider" | "cart_id" | "payment_session_id" | "is_test_payment"> & CheckoutPaymentBookkeeping
  kind: ProviderPaymentKind
  /** The provider's id of the money taken. */
  paymentId: string
}

export interface PurchaseInput {
  kind: PaymentKind
  userId: string
  userNumber: number
  email: string
  /** A business customer's VAT ID (checkout.ts buyerVatId), else null: one of another EU state may make it reverse charge. */
  vatId: string | null
  choice: CheckoutChoice
  notes?: string | null
  /** sandbox_card: the simulated card's id. */
  sandboxPaymentId?: string
  /** card, paypal: the payment the provider took. */
  settling?: SettledPayment
  /**
   * sandbox_card, invoice: the cart the request was sent for, when the buyer's link names none any
   * more: a request ahead of it (a double click, a retry whose answer was lost) made it into an order.
   */
  cartSent?: string | null
  /** The shop's time zone when the order is placed: an invoice's due date counts from the order's day there. */
  timeZone: string
}

/** The simulated card (docs/product.md §4) pays only while test payments are on and the card provider is in sandbox mode. */
const sandboxCardPaymentStep = createStep("enclave-pay-sandbox-card", async (input: { paymentId: string }, { container }) => {
  const settings = await readPaymentSettings(container)
  if (!settings.testPaymentsEnabled) {
    throw new ShopError("test_payments_off", TEST_PAYMENTS_OFF_MESSAGE, { fields: { paymentId: "Test payments are switched off" } })
  }
  if (!settings.stripeSandboxMode) {
    throw new ShopError("test_payments_off", "Test payments are switched off: the card provider is in live mode", {
      fields: { paymentId: "Test payments are switched off" },
    })
  }
  // Medusa's system provider: the simulated card collects nothing.
  const paying: Paying = {
    payment: {
      method: "Card (Sandbox)",
      paymentId: input.paymentId,
      provider: "sandbox",
      isTest: true,
      providerId: SYSTEM_PROVIDER_ID,
      data: { payment_id: input.paymentId },
    },
    invoice: null,
  }
  return new StepResponse(paying)
})

/**
 * Payment by invoice: only business customers, only while the admin offers it, only from the
 * minimum total (checked on the priced cart). Medusa's system provider authorises the payment now;
 * staff capture it when the transfer arrives (orders/mark-paid.ts).
 */
const invoicePaymentStep = createStep("enclave-pay-by-invoice", async (input: { businessCustomer: boolean }, { container }) => {
  const settings = await readPaymentSettings(container)
  const terms = invoiceAvailable(settings) ? invoiceDetails(settings) : null
  if (!terms)
    throw new ShopError("invoice_not_available", INVOICE_NOT_AVAILABLE_MESSAGE, {
      fields: { paymentMethod: INVOICE_NOT_AVAILABLE_MESSAGE },
    })
  if (!input.businessCustomer) {
    throw new ShopError("invoice_business_only", INVOICE_BUSINESS_ONLY_MESSAGE, {
      fields: { paymentMethod: INVOICE_BUSINESS_ONLY_MESSAGE },
    })
  }
  const paying: Paying = {
    payment: {
      method: INVOICE_PAYMENT_METHOD,
      paymentId: null,
      provider: INVOICE_PAYMENT_PROVIDER,
      isTest: false,
      providerId: SYSTEM_PROVIDER_ID,
      data: {},
    },
    invoice: terms,
  }
  return new StepResponse(paying)
})

/**
 * A card or PayPal payment the provider confirmed: its record says "paid", with the provider's id
 * of the money, and the order uses the payment session opened when it started. Compensation puts
 * back what the record said.
 */
const providerPaymentStep = createStep(
  "enclave-pay-by-provider",
  async (input: SettledPayment, { container }) => {
    const { row } = input
    await shopOrders(container).updateCheckoutPayments({ id: row.id, status: "paid", payment_id: input.paymentId })
    const paying: Paying = {
      payment: {
        method: paymentMethodLabel(input.kind, row.is_test_payment),
        paymentId: input.paymentId,
        provider: row.provider,
        isTest: row.is_test_payment,
        sessionId: row.payment_session_id,
      },
      invoice: null,
    }
    return new StepResponse(paying, { id: row.id, status: row.status, payment_id: row.payment_id, failure_reason: row.failure_reason })
  },
  async (previous, { container }) => {
    if (previous) await shopOrders(container).updateCheckoutPayments(previous)
  },
)

/**
 * The cart being bought, read under the lock: a provider payment's own cart; otherwise the one the
 * buyer's link names (not the one last seen: another instance may have bought it since), or the one
 * the request was sent for, whose order the workflow then answers again.
 */
const purchaseCartStep = createStep(
  "enclave-purchase-cart",
  async (input: { userId: string; settlingCartId: string | null; cartSent: string | null }, { container }) => {
    const cartId = input.settlingCartId ?? (await linkedCartId(container, input.userId)) ?? input.cartSent
    if (!cartId) throw new ShopError("cart_empty", "Your cart is empty")
    return new StepResponse(cartId)
  },
)

/** The order this cart already became (a retried or doubled request), finishing what a crashed attempt left. */
const existingOrderOfCartStep = createStep("enclave-existing-order-of-cart", async (input: { cartId: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: input.cartId } })
  const orderId = (data[0] as { order_id?: string } | undefined)?.order_id ?? null
  if (!orderId) return new StepResponse({ orderId: null as string | null })
  if (await detailsOfOrder(container, orderId)) return new StepResponse({ orderId: orderId as string | null })
  // A process killed mid-purchase ran no compensation: its order never got the shop's details and
  // was never answered. Undo it now, as the compensation would have, and make the order afresh.
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "items.id"], filters: { id: orderId } })
  const itemIds = ((orders[0] as { items?: Array<{ id: string }> } | undefined)?.items ?? []).map((i) => i.id)
  if (itemIds.length) await container.resolve(Modules.INVENTORY).deleteReservationItemsByLineItem(itemIds)
  await container
    .resolve(ContainerRegistrationKeys.LINK)
    .dismiss([{ [Modules.ORDER]: { order_id: orderId }, [Modules.CART]: { cart_id: input.cartId } }])
  await container.resolve(Modules.ORDER).softDeleteOrders([orderId])
  return new StepResponse({ orderId: null as string | null })
})

/**
 * One payment pays one order: a payment id on an order already is refused (a simulated card's id
 * sent again by another account, a provider's payment replayed).
 */
const refuseUsedPaymentStep = createStep("enclave-refuse-used-payment", async (input: { paymentId: string | null }, { container }) => {
  if (!input.paymentId) return new StepResponse(null)
  const [used] = await shopOrders(container).listOrderDetails({ payment_id: input.paymentId }, { select: ["id"], take: 1 })
  if (used) throw new ShopError("payment_id_used", PAYMENT_ID_USED_MESSAGE, { fields: { paymentId: PAYMENT_ID_USED_MESSAGE } })
  return new StepResponse(null)
})

/** Checks and prices the cart (throws the customer's 4xx); reads only. */
const priceCartStep = createStep(
  "enclave-price-cart",
  async (
    input: { cartId: string; email: string; vatId: string | null; choice: CheckoutChoice; paid: boolean; invoice: InvoiceOffer | null },
    { container },
  ) => {
    const purchase = await pricePurchase(container, input, input.choice, { paid: input.paid })
    if (input.invoice && purchase.total < eurosToCents(input.invoice.minimumTotal)) {
      const message = invoiceMinimumMessage(input.invoice.minimumTotal)
      throw new ShopError(
        "invoice_below_minimum",
        message,
        { fields: { paymentMethod: message } },
        { params: { minimumTotal: input.invoice.minimumTotal } },
      )
    }
    return new StepResponse(purchase)
  },
)

/** What Medusa's order shipping method keeps beside its English name: the German one it was sold under. */
function methodMetadata(purchase: PricedPurchase): Record<string, unknown> | null {
  return purchase.method.nameDe ? { [SHIPPING_METHOD_NAME_DE_KEY]: purchase.method.nameDe } : null
}

/**
 * Medusa's order, as its own complete-cart would make it, from the priced purchase: its items and
 * shipping carry the tax lines of Medusa's tax module (tax/purchase-tax.ts), so Medusa's tax_total is
 * the VAT the gross total contains. A reverse-charge order's prices are net, so not tax-inclusive;
 * its metadata keeps the VAT ID it was sold to, which its invoice states.
 */
function orderData(purchase: PricedPurchase) {
  const taxInclusive = !purchase.reverseCharge
  return {
    region_id: purchase.regionId,
    customer_id: purchase.customerId ?? undefined,
    sales_channel_id: purchase.salesChannelId,
    status: "pending" as const,
    email: purchase.email,
    currency_code: "eur",
    shipping_address: purchase.medusaAddress,
    billing_address: purchase.medusaAddress,
    no_notification: false,
    metadata: purchase.reverseChargeVatId ? { [BUYER_VAT_ID_KEY]: purchase.reverseChargeVatId } : undefined,
    items: purchase.lines.map((line) => ({
      title: line.title,
      subtitle: line.product.product_subtitle ?? undefined,
      product_title: line.product.product_title,
      product_subtitle: line.product.product_subtitle ?? undefined,
      product_description: line.product.product_description ?? undefined,
      product_handle: line.product.product_handle ?? undefined,
      variant_title: line.product.variant_title ?? undefined,
      variant_sku: line.product.variant_sku ?? undefined,
      variant_barcode: line.product.variant_barcode ?? undefined,
      is_discountable: line.product.is_discountable,
      thumbnail: line.thumbnail ?? undefined,
      product_id: line.medusaProductId,
      variant_id: line.variantId,
      quantity: line.quantity,
      unit_price: line.unitPrice / 100,
      is_tax_inclusive: taxInclusive,
      tax_lines: line.taxLines,
      requires_shipping: true,
      metadata: {
        item_number: line.itemNumber,
        product_number: line.productNumber,
        // The German name it was sold under, as Medusa keeps the English one in `product_title`.
        ...(line.titleDe ? { [PRODUCT_NAME_DE_KEY]: line.titleDe } : {}),
      },
    })),
    shipping_methods: [
      {
        name: purchase.method.name,
        amount: purchase.shipping / 100,
        is_tax_inclusive: taxInclusive,
        tax_lines: purchase.shippingTaxLines,
        shipping_option_id: purchase.method.optionId,
        data: {},
        // The German name as it was when the order was placed, as Medusa keeps the English one in `name`.
        metadata: methodMetadata(purchase) ?? undefined,
      },
    ],
  }
}

/** Each holder only checks the levels and writes one reservation; a whole crowd fits in this. */
const STOCK_LOCK_WAIT_SECONDS = 40

/**
 * Reserves the order's stock, never more than is available: under the inventory items' locks
 * (Redis across instances with REDIS_URL), Medusa's inventory module checks the levels and
 * reserves in one go. A shortfall becomes the customer's 409 with what is left.
 */
const reserveStockStep = createStep(
  "enclave-reserve-stock",
  async (
    input: { purchase: PricedPurchase; orderItems: Array<{ id: string; metadata?: Record<string, unknown> | null }> },
    { container },
  ) => {
    const itemOfLine = new Map(input.orderItems.map((item) => [Number(item.metadata?.item_number), item.id]))
    const reservations = input.purchase.lines.flatMap((line) =>
      line.stock.map((source) => ({
        line_item_id: itemOfLine.get(line.itemNumber)!,
        inventory_item_id: source.inventoryItemId,
        location_id: source.locationId,
        quantity: source.requiredQuantity * line.quantity,
        allow_backorder: false,
      })),
    )
    if (reservations.length === 0) return new StepResponse([] as string[], [] as string[])
    const inventory = container.resolve(Modules.INVENTORY)
    const keys = [...new Set(reservations.map((r) => r.inventory_item_id))].sort()
    let holding = false
    try {
      const created = await container.resolve(Modules.LOCKING).execute(
        keys,
        () => {
          holding = true
          return inventory.createReservationItems(reservations)
        },
        { timeout: STOCK_LOCK_WAIT_SECONDS },
      )
      const ids = created.map((r) => r.id)
      return new StepResponse(ids, ids)
    } catch (error) {
      // Never got the lock: the queue for this product is longer than a buyer should wait.
      if (!holding)
        throw new ShopError("stock_contended", "Too many people are buying this product right now: please try again in a moment")
      if (!(MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED)) throw error
      // Someone bought the last units since the cart was priced: say which product and what is left.
      const entries = await catalogueEntries(
        container,
        input.purchase.lines.map((l) => l.productNumber),
      )
      for (const line of input.purchase.lines) {
        const entry = entries.get(line.productNumber)
        if (entry && line.quantity > entry.product.stockQuantity) throw stockRefusal(entry.product, line.quantity, entry.nameDe)
      }
      throw new ShopError("sold_out", "A product in your cart is no longer in stock: please change your cart")
    }
  },
  async (reservationIds, { container }) => {
    if (reservationIds?.length) await container.resolve(Modules.INVENTORY).deleteReservationItems(reservationIds)
  },
)

/**
 * The payment session that pays the order: the one opened when the payment started, or (the
 * sandbox card) a payment collection and session opened here, deleted again on compensation.
 */
const openPaymentSessionStep = createStep(
  "enclave-open-payment-session",
  async (input: { payment: PaymentToRecord; amount: number }, { container }) => {
    const payments = container.resolve(Modules.PAYMENT)
    if (input.payment.sessionId) {
      const session = await payments.retrievePaymentSession(input.payment.sessionId, { select: ["id", "payment_collection_id"] })
      return new StepResponse({ sessionId: session.id, collectionId: session.payment_collection_id }, null)
    }
    const [collection] = await payments.createPaymentCollections([{ currency_code: "eur", amount: input.amount / 100 }])
    const session = await payments.createPaymentSession(collection.id, {
      provider_id: input.payment.providerId!,
      currency_code: "eur",
      amount: input.amount / 100,
      data: input.payment.data ?? {},
    })
    return new StepResponse({ sessionId: session.id, collectionId: collection.id }, collection.id)
  },
  async (collectionId, { container }) => {
    if (collectionId) await container.resolve(Modules.PAYMENT).deletePaymentCollections([collectionId])
  },
)

/**
 * Who placed the order and the shipping method's number are not among them: Medusa's order records
 * its customer and its shipping option, and the shop reads them from there (read-orders.ts).
 */
export interface OrderDetailsInput {
  shipping_address: ShippingAddress
  /** An invoice order waits for its money (pending); a paid one is processed. */
  status: "processing" | "pending"
  payment_method: string
  payment_id: string | null
  payment_provider: string
  is_test_payment: boolean
  shipping_method_name: string
  notes: string | null
  invoice: InvoiceTerms | null
}

/** An invoice order's terms, fixed from its number and the moment it was made. */
function invoiceTerms(
  offer: InvoiceOffer | null,
  order: { display_id: number; created_at: string | Date },
  timeZone: string,
): InvoiceTerms | null {
  if (!offer) return null
  const { paymentTermDays, accountHolder, iban, bic } = offer
  return {
    reference: invoiceReference(order.display_id),
    dueDate: invoiceDueDate(new Date(order.created_at), paymentTermDays, timeZone),
    paymentTermDays,
    accountHolder,
    iban,
    bic,
  }
}

/**
 * The shop's own record of the order (status, payment, method, the address as typed). Its payment id
 * is unique in the table: two accounts sending one simulated card's id at once hold a lock each (their
 * own) and both pass refuseUsedPaymentStep, so the second write is the one refused, and its purchase undone.
 */
export const recordOrderDetailsStep = createStep(
  "enclave-record-order-details",
  async (input: OrderDetailsInput, { container }) => {
    try {
      const created = await shopOrders(container).createOrderDetails({ ...input })
      return new StepResponse(created, created.id)
    } catch (error) {
      if (input.payment_id) {
        const [used] = await shopOrders(container).listOrderDetails({ payment_id: input.payment_id }, { select: ["id"], take: 1 })
        if (used) throw new ShopError("payment_id_used", PAYMENT_ID_USED_MESSAGE, { fields: { paymentId: PAYMENT_ID_USED_MESSAGE } })
      }
      throw error
    }
  },
  async (id, { container }) => {
    if (id) await shopOrders(container).deleteOrderDetails([id])
  },
)

/** The cart became an order: Medusa marks it completed; compensation opens it again. */
const completeCartStep = createStep(
  "enclave-complete-cart",
  async (input: { cartId: string }, { container }) => {
    const carts = container.resolve(Modules.CART)
    const [cart] = await carts.listCarts({ id: input.cartId }, { select: ["id", "completed_at"] })
    if (!cart || cart.completed_at) return new StepResponse(null, null)
    await carts.updateCarts([{ id: input.cartId, completed_at: new Date() }])
    return new StepResponse(null, input.cartId)
  },
  async (cartId, { container }) => {
    if (cartId) await container.resolve(Modules.CART).updateCarts([{ id: cartId, completed_at: null }])
  },
)

/**
 * Links a settled payment to the order its cart became before (the customer paid twice, or a
 * capture and its webhook raced): the staff then see both payments on that order. Once only;
 * compensation removes the link this step made.
 */
const linkPaymentToOrderStep = createStep(
  "enclave-link-payment-order",
  async (input: { orderId: string; checkoutPaymentId: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: CheckoutPaymentOrderLink.entryPoint,
      fields: ["order_id"],
      filters: { checkout_payment_id: input.checkoutPaymentId },
    })
    if (data.length) return new StepResponse(null, null)
    const link: LinkDefinition = {
      [Modules.ORDER]: { order_id: input.orderId },
      [SHOP_ORDERS_MODULE]: { checkout_payment_id: input.checkoutPaymentId },
    }
    await container.resolve(ContainerRegistrationKeys.LINK).create([link])
    return new StepResponse(null, link)
  },
  async (link, { container }) => {
    if (link) await container.resolve(ContainerRegistrationKeys.LINK).dismiss([link])
  },
)

export const placeOrderWorkflow = createWorkflow(PLACE_ORDER_WORKFLOW, (input: PurchaseInput) => {
  // The purchase's one lock: the loser of a double click, or of a capture racing its webhook, finds the order.
  const lock = takeCartLockStep({ userId: input.userId })
  // An order moves stock only: prices, ids and shipping methods stay as the catalogue facts hold them.
  catalogueChangeStartsStep({ reason: "an order was placed", change: "stock" })

  // The step of the purchase's payment kind: each checks what only it needs and names the payment.
  const bySandboxCard = when("enclave-paid-by-sandbox-card", { input }, ({ input }) => input.kind === "sandbox_card").then(() =>
    sandboxCardPaymentStep(transform({ input }, ({ input }) => ({ paymentId: input.sandboxPaymentId! }))),
  )
  const byInvoice = when("enclave-paid-by-invoice", { input }, ({ input }) => input.kind === "invoice").then(() =>
    // buyerVatId (orders/checkout.ts) names a VAT ID for business customers only.
    invoicePaymentStep(transform({ input }, ({ input }) => ({ businessCustomer: input.vatId !== null }))),
  )
  const byProvider = when("enclave-paid-by-provider", { input }, ({ input }) => input.kind === "card" || input.kind === "paypal").then(() =>
    providerPaymentStep(transform({ input }, ({ input }) => input.settling!)),
  )
  const paying = transform({ bySandboxCard, byInvoice, byProvider }, ({ bySandboxCard, byInvoice, byProvider }): Paying => {
    const chosen = bySandboxCard ?? byInvoice ?? byProvider
    if (!chosen) throw new Error("The purchase names no payment kind the workflow knows")
    return chosen
  })

  const cartId = purchaseCartStep(
    transform({ input }, ({ input }) => ({
      userId: input.userId,
      settlingCartId: input.settling?.row.cart_id ?? null,
      cartSent: input.cartSent ?? null,
    })),
  )
  const existing = existingOrderOfCartStep({ cartId })

  const placed = when("enclave-new-order", { existing }, ({ existing }) => !existing.orderId).then(() => {
    refuseUsedPaymentStep(transform({ paying }, ({ paying }) => ({ paymentId: paying.payment.paymentId })))
    const purchase = priceCartStep(
      transform({ input, cartId, paying }, ({ input, cartId, paying }) => ({
        cartId,
        email: input.email,
        vatId: input.vatId,
        choice: input.choice,
        // The money was taken already: an inactive shipping method no longer refuses it.
        paid: Boolean(input.settling),
        invoice: paying.invoice,
      })),
    )
    const orders = createOrdersStep([transform({ purchase }, ({ purchase }) => orderData(purchase))])
    const order = transform(
      { orders },
      ({ orders }) =>
        orders[0] as unknown as {
          id: string
          display_id: number
          created_at: string | Date
          items: Array<{ id: string; metadata?: Record<string, unknown> | null }>
        },
    )
    createRemoteLinkStep(
      transform({ order, cartId }, ({ order, cartId }) => [
        { [Modules.ORDER]: { order_id: order.id }, [Modules.CART]: { cart_id: cartId } },
      ]),
    ).config({ name: "enclave-link-order-cart" })
    reserveStockStep({ purchase, orderItems: transform({ order }, ({ order }) => order.items) })
    const session = openPaymentSessionStep({
      payment: transform({ paying }, ({ paying }) => paying.payment),
      amount: transform({ purchase }, ({ purchase }) => purchase.total),
    })
    const payment = authorizePaymentSessionStep({ id: session.sessionId, context: {} })
    const details = recordOrderDetailsStep(
      transform({ purchase, input, order, paying }, ({ purchase, input, order, paying }): OrderDetailsInput => ({
        shipping_address: { ...purchase.address, addressLine2: purchase.address.addressLine2 || null },
        status: paying.invoice ? "pending" : "processing",
        payment_method: paying.payment.method,
        payment_id: paying.payment.paymentId,
        payment_provider: paying.payment.provider,
        is_test_payment: paying.payment.isTest,
        shipping_method_name: purchase.method.name,
        notes: input.notes || (input.kind === "sandbox_card" ? "Test order: no payment was taken" : null),
        invoice: invoiceTerms(paying.invoice, order, input.timeZone),
      })),
    )
    // The cart link came first (it is how a retry finds the order); these in one write, with the
    // shop's record of a provider payment that became this order (links/checkout-payment-order.ts).
    createRemoteLinkStep(
      transform({ order, session, details, input }, ({ order, session, details, input }): LinkDefinition[] => [
        { [Modules.ORDER]: { order_id: order.id }, [Modules.PAYMENT]: { payment_collection_id: session.collectionId } },
        { [Modules.ORDER]: { order_id: order.id }, [SHOP_ORDERS_MODULE]: { order_details_id: details.id } },
        ...(input.settling
          ? [{ [Modules.ORDER]: { order_id: order.id }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: input.settling.row.id } }]
          : []),
      ]),
    ).config({ name: "enclave-link-order-payment-details" })
    // The answer from what was just written: Medusa's order as createOrders read it back, with the
    // totals the purchase was priced at and the tax lines written on its lines (Medusa derives the
    // same totals: tax-inclusive or net lines, no promotions).
    return transform({ order, purchase, details, input, payment }, ({ order, purchase, details, input, payment }) => ({
      id: order.id,
      paymentId: payment!.id,
      answer: toContractOrder(
        {
          ...(order as unknown as MedusaOrderRow),
          items: (order as unknown as MedusaOrderRow).items?.map((item) => ({
            ...item,
            tax_lines: purchase.lines.find((line) => line.itemNumber === Number(item.metadata?.item_number))?.taxLines ?? [],
          })),
          shipping_methods: [
            {
              amount: purchase.shipping / 100,
              tax_lines: purchase.shippingTaxLines,
              shipping_option_id: purchase.method.optionId,
              metadata: methodMetadata(purchase),
            },
          ],
          shipping_address: { country_code: purchase.countryCode },
          item_total: purchase.subtotal / 100,
          shipping_total: purchase.shipping / 100,
          total: purchase.total / 100,
        },
        details,
        { userNumber: input.userNumber, method: { number: purchase.method.number, estimate: purchase.method.estimatedDelivery } },
        input.timeZone,
      ),
    }))
  })

  // A provider payment for a cart that had become an order already is that order's payment too.
  when("enclave-link-payment-to-existing-order", { existing, input }, ({ existing, input }) =>
    Boolean(existing.orderId && input.settling),
  ).then(() => {
    linkPaymentToOrderStep(
      transform({ existing, input }, ({ existing, input }) => ({ orderId: existing.orderId!, checkoutPaymentId: input.settling!.row.id })),
    )
  })

  // The provider has taken the money (a card or PayPal payment, or the simulated card): Medusa
  // records the capture as the order's transaction and announces payment.captured. An invoice
  // stays authorised until staff mark it paid (mark-paid.ts). After every write that can fail: a
  // capture cannot be taken back; after the order's link to its payment: Medusa books it on the order.
  when("enclave-capture-paid-order", { placed, input }, ({ placed, input }) => Boolean(placed) && input.kind !== "invoice").then(() => {
    capturePaymentWorkflow.runAsStep({ input: transform({ placed }, ({ placed }) => ({ payment_id: placed!.paymentId })) })
  })

  const orderId = transform({ existing, placed }, ({ existing, placed }) => existing.orderId ?? placed!.id)
  // Also for an order found again: a crashed attempt may have made it without closing the cart.
  completeCartStep({ cartId })
  // The customer's next add starts a new cart (cart/user-cart.ts); compensation gives them this one back.
  moveUserCartStep(transform({ input, cartId }, ({ input, cartId }) => ({ userId: input.userId, from: cartId, to: null }))).config({
    name: "enclave-release-user-cart",
  })
  when("enclave-order-placed-event", { placed }, ({ placed }) => Boolean(placed)).then(() => {
    emitEventStep({ eventName: "order.placed", data: transform({ orderId }, ({ orderId }) => ({ id: orderId })) })
  })
  catalogueChangedStep({ reason: "an order was placed", change: "stock" })
  releaseCartLock(lock)
  return new WorkflowResponse({
    orderId,
    placed: transform({ placed }, ({ placed }) => Boolean(placed)),
    /** The new order in the shop's shape; null when the cart's order existed already (read it). */
    answer: transform({ placed }, ({ placed }) => placed?.answer ?? null),
  })
})

/**
 * Runs a purchase, the one way every payment kind becomes an order; answers the Medusa order id (the
 * same one for a cart completed before).
 */
export async function runPurchase(
  container: MedusaContainer,
  input: Omit<PurchaseInput, "timeZone">,
): Promise<{ orderId: string; placed: boolean; answer: Order | null }> {
  try {
    // Only an invoice's due date and state count days in the shop's zone: other purchases skip the store read.
    const timeZone = await timeZoneForOrders(container, [{ invoice: input.kind === "invoice" }])
    const { result } = await placeOrderWorkflow(container).run({ input: { ...input, timeZone } })
    return result
  } catch (error) {
    throw workflowError(error)
  }
}
