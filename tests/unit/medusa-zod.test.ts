/**
 * Medusa builds some 9,200 zod schemas at every start (the validators of all its routes). zod 4.2,
 * which @medusajs/deps pins, gives each schema ~90 methods of its own; from 4.6 they live on the
 * prototype, which takes a good part of Medusa's heap away (docs/architecture.md). package.json's
 * `overrides` makes Medusa use the project's zod: this checks Medusa gets it, and that its schemas still validate.
 */
import { createRequire } from "node:module"
import path from "node:path"
import { expect, test } from "vitest"
import { repoRoot } from "../support/shop.ts"

const fromMedusa = createRequire(path.join(repoRoot, "medusa-backend", "package.json"))

test("Medusa's zod keeps schema methods on the prototype, and validates as before", () => {
  const { z } = fromMedusa("@medusajs/framework/zod") as typeof import("zod")
  const schema = z.object({ quantity: z.number().int().min(1) })
  expect(Object.keys(schema).length).toBeLessThan(12)
  expect(Object.hasOwn(schema, "optional")).toBe(false)
  expect(schema.safeParse({ quantity: 2 }).success).toBe(true)
  expect(schema.safeParse({ quantity: 0 }).success).toBe(false)
  // One zod in the install: Medusa's is the project's.
  const medusaZod = fromMedusa.resolve("zod", { paths: [path.dirname(fromMedusa.resolve("@medusajs/deps/zod"))] })
  expect(path.relative(repoRoot, medusaZod)).toMatch(/^node_modules\/zod\//)
})
