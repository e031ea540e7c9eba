/**
 * The admin's payment configuration calls as the payment-settings suites make them: read, save
 * (answer checked against the contract when it is a 200), and save that must succeed.
 */
import { expect } from "vitest"
import { paymentConfigSchema, type PaymentConfig } from "@enclave/contract"
import type { ApiClient } from "./api.ts"

export function paymentConfigCalls(admin: () => ApiClient) {
  async function config(): Promise<PaymentConfig> {
    const answer = await admin().get("/api/admin/payment-config")
    expect(answer.status).toBe(200)
    return paymentConfigSchema.parse(answer.body)
  }

  async function save(body: Record<string, unknown>) {
    const answer = await admin().post("/api/admin/payment-config", body)
    if (answer.status === 200) paymentConfigSchema.parse(answer.body)
    return answer
  }

  async function saveOk(body: Record<string, unknown>): Promise<PaymentConfig> {
    const answer = await save(body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  return { config, save, saveOk }
}
