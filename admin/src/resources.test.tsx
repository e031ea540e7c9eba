import { Refine, type AuthProvider } from "@refinedev/core"
import { isValidElement, type ReactElement } from "react"
import { renderToString } from "react-dom/server"
import { createRoutesFromElements, matchRoutes, MemoryRouter } from "react-router"
import { afterEach, describe, expect, it, vi } from "vitest"
import { adminRouteElements, pageOf } from "./App"
import { AdminNav } from "./components/shell/admin-nav"
import { tShell } from "./i18n/shell"
import { dataProvider, dataResourceNames } from "./providers/data-provider"
import { adminResources, adminRoutes, areas, refineResources } from "./resources"

/** A path that a route's pattern matches (":id" filled in). */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "7")

describe("the resource table is the admin's one list of resources", () => {
  it("names each resource once", () => {
    const names = adminResources.map((resource) => resource.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it("App's routes: every page of the table at its path behind its roles, and nothing else", () => {
    const tree = createRoutesFromElements(adminRouteElements)
    for (const route of adminRoutes) {
      const matched = matchRoutes(tree, concrete(route.path))
      const leaf = matched?.at(-1)?.route
      expect(leaf?.path === "*", `${route.path} falls through to Not Found`).toBe(false)
      const gate = leaf?.element as ReactElement<{ roles: unknown; children: ReactElement }>
      expect(gate.props.roles, route.path).toBe(route.resource.roles)
      expect(isValidElement(gate.props.children) && gate.props.children.type, route.path).toBe(pageOf.get(route.path))
    }
    // The shell's children: the table's routes and the catch-all Not Found.
    expect(tree[0].children).toHaveLength(adminRoutes.length + 1)
    expect(matchRoutes(tree, "/no-such-area")?.at(-1)?.route.path).toBe("*")
  })

  it("every route's page module answers a page component", async () => {
    for (const route of adminRoutes) {
      const page = await route.page()
      expect(typeof page.default, route.path).toBe("function")
    }
  }, 60_000)

  it("Refine's resources are the table's, with their routes, labels and roles", () => {
    expect(refineResources.map((resource) => resource.name)).toEqual(adminResources.map((resource) => resource.name))
    for (const [i, resource] of adminResources.entries()) {
      expect(refineResources[i]).toEqual({
        name: resource.name,
        ...(resource.list ? { list: resource.list.path } : {}),
        ...(resource.show ? { show: resource.show.path } : {}),
        meta: { ...(resource.nav ? { label: tShell(resource.nav.label) } : {}), roles: resource.roles },
      })
    }
  })

  it("the sidebar shows exactly the table's areas, in its order, with their names and paths (docs/product.md §2)", () => {
    const authProvider: AuthProvider = {
      login: async () => ({ success: false }),
      logout: async () => ({ success: false }),
      check: async () => ({ authenticated: true }),
      onError: async () => ({}),
    }
    const html = renderToString(
      <MemoryRouter>
        <Refine authProvider={authProvider} dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <AdminNav />
        </Refine>
      </MemoryRouter>,
    )
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>.*?<span class="admin-nav-label">([^<]*)<\/span><\/a>/g)].map((m) => ({
      path: m[1],
      label: m[2],
    }))
    const expected = adminResources.filter((resource) => resource.nav && resource.list)
    expect(links).toEqual(expected.map((resource) => ({ path: resource.list!.path, label: tShell(resource.nav!.label) })))
    expect(areas.map((area) => area.name)).toEqual(expected.map((resource) => resource.name))
    expect(links.map((link) => link.label)).toEqual([
      "Dashboard",
      "Products",
      "Orders",
      "Returns",
      "Shipping",
      "Users",
      "Payments",
      "Shop details",
    ])
  })
})

describe("the data provider answers for the table's resources and no others", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("its resources are the table's resources that have calls, each handler with at least one call", async () => {
    expect(dataResourceNames).toEqual(adminResources.filter((resource) => resource.data).map((resource) => resource.name))
    for (const resource of adminResources) {
      if (!resource.data) continue
      const handler = await resource.data()
      expect(Object.keys(handler).length, resource.name).toBeGreaterThan(0)
    }
  })

  it("a table resource reaches its handler (a call it lacks is a 405); a name outside the table is a 404", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("[]", { status: 200 })),
    )
    for (const name of dataResourceNames) {
      const handler = await adminResources.find((resource) => resource.name === name)!.data!()
      const answer = dataProvider.getList({ resource: name })
      if (handler.getList) await expect(answer, name).resolves.toMatchObject({ total: expect.any(Number) })
      else await expect(answer, name).rejects.toMatchObject({ statusCode: 405 })
    }
    await expect(dataProvider.getList({ resource: "customers" })).rejects.toMatchObject({ statusCode: 404 })
  })

  it("a custom call goes to the resource its meta names, and must name one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("[]", { status: 200 })),
    )
    await expect(dataProvider.custom!({ url: "/admin/users", method: "get", meta: { resource: "dashboard" } })).resolves.toEqual({
      data: [],
    })
    await expect(dataProvider.custom!({ url: "/admin/users", method: "get" })).rejects.toMatchObject({ statusCode: 400 })
    await expect(dataProvider.custom!({ url: "/admin/users", method: "get", meta: { resource: "customers" } })).rejects.toMatchObject({
      statusCode: 404,
    })
  })
})
