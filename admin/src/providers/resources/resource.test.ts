import type { Order, Product } from "@enclave/contract"
import { productListSchema } from "@enclave/contract"
import { afterEach, describe, expect, it, vi } from "vitest"
import { ORDER_SEARCH_FIELD, queryOrders, UNPAID_INVOICES_FILTER } from "./orders"
import { PRODUCT_SEARCH_FIELD, queryProducts } from "./products"
import { customCalls, DEFAULT_PAGE_SIZE, fetchList, paginate, searchTextOf } from "./resource"

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe("searchTextOf: a list's one search filter", () => {
  it("answers the text of the `contains` filter on the field, '' when there is none or it is empty", () => {
    expect(searchTextOf([], "q", "product")).toBe("")
    expect(searchTextOf([{ field: "q", operator: "contains", value: " Pixel " }], "q", "product")).toBe(" Pixel ")
    expect(searchTextOf([{ field: "q", operator: "contains", value: null }], "q", "product")).toBe("")
    expect(searchTextOf([{ field: "q", operator: "contains", value: 7 }], "q", "order")).toBe("7")
  })

  it("refuses any other filter with a 400 that names the list", () => {
    const other = { field: "name", operator: "eq", value: "x" } as const
    expect(() => searchTextOf([other], "q", "product")).toThrow(
      expect.objectContaining({ statusCode: 400, message: `The product list cannot filter by ${JSON.stringify(other)}` }),
    )
    expect(() => searchTextOf([{ field: "q", operator: "eq", value: "x" }], "q", "user")).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^The user list cannot filter by/) }),
    )
  })
})

describe("paginate: Refine's server pagination over a whole list", () => {
  const items = range(25)

  it("pages from 1 with the given size; total counts every match", () => {
    expect(paginate(items, { currentPage: 1, pageSize: 10 })).toEqual({ data: range(10), total: 25 })
    expect(paginate(items, { currentPage: 3, pageSize: 10 })).toEqual({ data: [21, 22, 23, 24, 25], total: 25 })
    expect(paginate(items, { currentPage: 4, pageSize: 10 })).toEqual({ data: [], total: 25 })
  })

  it("defaults to the first page of DEFAULT_PAGE_SIZE and clamps page and size to at least 1", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10)
    expect(paginate(items)).toEqual({ data: range(10), total: 25 })
    expect(paginate(items, { currentPage: 0, pageSize: 0 })).toEqual({ data: [1], total: 25 })
    expect(paginate(items, { currentPage: -2, pageSize: 5 })).toEqual({ data: range(5), total: 25 })
  })

  it("any mode other than server answers every match", () => {
    expect(paginate(items, { mode: "off", currentPage: 2, pageSize: 10 })).toEqual({ data: items, total: 25 })
    expect(paginate(items, { mode: "client", currentPage: 2, pageSize: 10 })).toEqual({ data: items, total: 25 })
  })
})

describe("fetchList: GET a whole list and check it against the contract", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("GETs /api<path> and answers the validated list", async () => {
    const fetch = vi.fn(async () => new Response("[]", { status: 200 }))
    vi.stubGlobal("fetch", fetch)
    await expect(fetchList("/products", productListSchema)).resolves.toEqual([])
    expect(fetch).toHaveBeenCalledWith("/api/products", expect.objectContaining({ method: "GET", credentials: "include" }))
  })

  it("an answer outside the contract is a 502 naming the path", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify([{ id: "x" }]), { status: 200 })),
    )
    await expect(fetchList("/products", productListSchema)).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/^\/api\/products answered data outside the contract/),
    })
  })
})

describe("customCalls: a resource's calls that are no CRUD", () => {
  afterEach(() => vi.unstubAllGlobals())
  const answer = {
    safeParse: (value: unknown) =>
      typeof value === "object" && value !== null && "id" in value
        ? { success: true as const, data: value }
        : { success: false as const, error: { issues: [{ path: ["id"], message: "Required" }] } },
  }
  const receive = customCalls([{ method: "post", path: "/admin/returns/:id/receive", answer }])

  it("POSTs the payload with its headers to the path that fits and answers the checked answer", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: "ret_1" }), { status: 200 }))
    vi.stubGlobal("fetch", fetch)
    await expect(
      receive({ url: "/admin/returns/ret_1/receive", method: "post", payload: { restock: true }, headers: { "Idempotency-Key": "k" } }),
    ).resolves.toEqual({ data: { id: "ret_1" } })
    expect(fetch).toHaveBeenCalledWith(
      "/api/admin/returns/ret_1/receive",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ restock: true }),
        headers: expect.objectContaining({ "Idempotency-Key": "k" }),
      }),
    )
  })

  it("an answer outside the contract is a 502; a call the resource does not list is a 404 and reaches no server", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200 }))
    vi.stubGlobal("fetch", fetch)
    await expect(receive({ url: "/admin/returns/ret_1/receive", method: "post" })).rejects.toMatchObject({ statusCode: 502 })
    fetch.mockClear()
    for (const [url, method] of [
      ["/admin/returns/ret_1/receive", "get"],
      ["/admin/returns/ret_1/receive/more", "post"],
      ["/admin/returns//receive", "post"],
    ] as const) {
      await expect(receive({ url, method }), `${method} ${url}`).rejects.toMatchObject({ statusCode: 404 })
    }
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe("the list resources use them", () => {
  it("orders: searched, newest first, paged", () => {
    const orders = range(12).map((id) => ({
      id,
      userId: id === 5 ? 77 : 1,
      total: "10.00",
      status: "pending",
      createdAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
    })) as Order[]
    const page1 = queryOrders(orders, { pagination: { currentPage: 1, pageSize: 10 } })
    expect(page1.total).toBe(12)
    expect(page1.data.map((o) => o.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    expect(queryOrders(orders, { pagination: { currentPage: 2, pageSize: 10 } }).data.map((o) => o.id)).toEqual([2, 1])
    expect(
      queryOrders(orders, { filters: [{ field: ORDER_SEARCH_FIELD, operator: "contains", value: " 77 " }] }).data.map((o) => o.id),
    ).toEqual([5])
    expect(() => queryOrders(orders, { filters: [{ field: "status", operator: "eq", value: "x" }] })).toThrow(
      expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^The order list cannot filter by/) }),
    )
  })

  it("orders: 'Unpaid invoices only' keeps invoice orders neither paid nor cancelled, together with the search", () => {
    const invoice = (paidAt: string | null) => ({
      reference: "ENC-000001",
      dueDate: "2026-02-01",
      paidAt,
      state: paidAt ? "paid" : "awaiting_payment",
      bankAccount: { accountHolder: "Enclave GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
    })
    const orders = [
      { id: 1, userId: 7, total: "10.00", status: "pending", invoice: invoice(null) },
      { id: 2, userId: 7, total: "10.00", status: "processing", invoice: invoice("2026-01-20T10:00:00.000Z") },
      { id: 3, userId: 7, total: "10.00", status: "cancelled", invoice: invoice(null) },
      { id: 4, userId: 7, total: "10.00", status: "pending", invoice: null },
      { id: 5, userId: 8, total: "10.00", status: "shipped", invoice: invoice(null) },
      { id: 6, userId: 7, total: "10.00", status: "pending" },
    ].map((order) => ({ ...order, createdAt: new Date(Date.UTC(2026, 0, order.id)).toISOString() })) as Order[]
    expect(queryOrders(orders, { filters: [UNPAID_INVOICES_FILTER] }).data.map((o) => o.id)).toEqual([5, 1])
    const both = queryOrders(orders, { filters: [{ field: ORDER_SEARCH_FIELD, operator: "contains", value: "8" }, UNPAID_INVOICES_FILTER] })
    expect(both.data.map((o) => o.id)).toEqual([5])
    expect(queryOrders(orders, {}).total).toBe(6)
  })

  it("products: searched, sorted by the sorters, paged", () => {
    const products = range(15).map((id) => ({
      id,
      name: `Phone ${String(id).padStart(2, "0")}`,
      description: id === 3 ? "secure" : "",
      price: String(100 - id),
      stockQuantity: id,
      securityLevel: 1,
    })) as unknown as Product[]
    const byPrice = queryProducts(products, { sorters: [{ field: "price", order: "asc" }], pagination: { currentPage: 2, pageSize: 10 } })
    expect(byPrice.total).toBe(15)
    expect(byPrice.data.map((p) => p.id)).toEqual([5, 4, 3, 2, 1])
    expect(
      queryProducts(products, { filters: [{ field: PRODUCT_SEARCH_FIELD, operator: "contains", value: "SECURE" }] }).data.map((p) => p.id),
    ).toEqual([3])
  })
})
