/**
 * The withdrawal rules (contract/src/withdrawal.ts, docs/product.md "Withdrawal"): the 14-day period counted
 * as § 187 (1), § 188 (2) BGB count it, in the shop's time zone; a business's order; and what a withdrawal
 * refunds (§ 357 (2) BGB: the standard delivery, not a dearer one's extra).
 */
import { describe, expect, it } from "vitest"
import { withdrawalLastDay, withdrawalRefundCents, withdrawalRight } from "@enclave/contract"

const BERLIN = "Europe/Berlin"

describe("the withdrawal period", () => {
  it("ends at the end of the 14th day after the day of delivery, in the shop's time zone", () => {
    // Delivered on 2 November (Berlin): 2 November does not count, the period ends on 16 November.
    expect(withdrawalLastDay(new Date("2026-11-02T15:00:00Z"), BERLIN)).toBe("2026-11-16")
    // 23:30 UTC on 2 November is already 3 November in Berlin.
    expect(withdrawalLastDay(new Date("2026-11-02T23:30:00Z"), BERLIN)).toBe("2026-11-17")
    // Across the end of a month and of the summer time.
    expect(withdrawalLastDay(new Date("2026-10-20T10:00:00Z"), BERLIN)).toBe("2026-11-03")
  })

  it("is open on its last day and ended the day after", () => {
    const deliveredAt = new Date("2026-11-02T15:00:00Z")
    expect(withdrawalRight({ deliveredAt }, BERLIN, new Date("2026-11-16T22:59:00Z"))).toEqual({ kind: "open", lastDay: "2026-11-16" })
    expect(withdrawalRight({ deliveredAt }, BERLIN, new Date("2026-11-16T23:00:00Z"))).toEqual({ kind: "ended", lastDay: "2026-11-16" })
  })

  it("is open before delivery, without a last day yet", () => {
    expect(withdrawalRight({ deliveredAt: null }, BERLIN)).toEqual({ kind: "open", lastDay: null })
  })

  it("is a consumer's: an order with a company name and a VAT ID is a business's; a cancelled order has none", () => {
    expect(withdrawalRight({ deliveredAt: null, companyName: "Müller GmbH", vatId: "DE811907980" }, BERLIN)).toEqual({ kind: "business" })
    expect(withdrawalRight({ deliveredAt: null, companyName: "Müller GmbH", vatId: " " }, BERLIN)).toEqual({ kind: "open", lastDay: null })
    expect(withdrawalRight({ deliveredAt: null, cancelled: true }, BERLIN)).toEqual({ kind: "cancelled" })
  })
})

describe("what a withdrawal refunds", () => {
  const order = { shippingCents: 2500, standardShippingCents: 1500, refundableCents: 1_000_000 }

  it("refunds the items and, for the whole order, the standard delivery but not the dearer one's extra", () => {
    const refund = withdrawalRefundCents({ ...order, lines: [{ unitCents: 59900, quantity: 2 }], wholeOrder: true })
    expect(refund).toEqual({ itemsCents: 119800, shippingCents: 1500, totalCents: 121300 })
  })

  it("refunds the whole delivery when the standard one was chosen", () => {
    expect(
      withdrawalRefundCents({ ...order, shippingCents: 1500, lines: [{ unitCents: 4900, quantity: 1 }], wholeOrder: true }).totalCents,
    ).toBe(6400)
  })

  it("leaves the delivery where it was when only some items are withdrawn", () => {
    expect(withdrawalRefundCents({ ...order, lines: [{ unitCents: 4900, quantity: 1 }], wholeOrder: false })).toEqual({
      itemsCents: 4900,
      shippingCents: 0,
      totalCents: 4900,
    })
  })

  it("never proposes more than was captured and not refunded yet", () => {
    expect(
      withdrawalRefundCents({ ...order, refundableCents: 3000, lines: [{ unitCents: 4900, quantity: 1 }], wholeOrder: true }).totalCents,
    ).toBe(3000)
    expect(
      withdrawalRefundCents({ ...order, refundableCents: 0, lines: [{ unitCents: 4900, quantity: 1 }], wholeOrder: true }).totalCents,
    ).toBe(0)
  })
})
