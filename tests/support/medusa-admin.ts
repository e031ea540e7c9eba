/**
 * Medusa's own admin API, as a merchant's script or Medusa's dashboard calls it (docs/extending.md):
 * sign in with POST /auth/user/emailpass, then send the token as a bearer. `baseUrl` is where Medusa
 * answers: its internal address (races.ts `medusaOfShop`), or the front door's `/medusa` prefix when
 * MEDUSA_DASHBOARD is on.
 */
import { TEST_ADMIN_PASSWORD } from "./shop.ts"

/** The seeded admin's e-mail in every test shop (ADMIN_EMAIL unset). */
export const TEST_ADMIN_EMAIL = "admin@enclave.shop"

export interface MedusaAnswer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read field by field by the assertions
  body: any
}

async function answerOf(response: Response): Promise<MedusaAnswer> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body }
}

/** Medusa's sign-in of admin users; `from` is the client address the shop's sign-in limits count by. */
export async function medusaSignIn(
  baseUrl: string,
  credentials: { email: string; password: string; code?: string; altcha?: string },
  from?: string,
): Promise<MedusaAnswer> {
  const response = await fetch(`${baseUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(from ? { "x-forwarded-for": from } : {}) },
    body: JSON.stringify(credentials),
  })
  return answerOf(response)
}

/** A signed-in caller of Medusa's admin API. */
export class MedusaAdmin {
  readonly baseUrl: string
  readonly token: string

  constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl
    this.token = token
  }

  static async signIn(baseUrl: string, email = TEST_ADMIN_EMAIL, password = TEST_ADMIN_PASSWORD): Promise<MedusaAdmin> {
    const answer = await medusaSignIn(baseUrl, { email, password })
    if (answer.status !== 200) throw new Error(`Medusa's sign-in answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return new MedusaAdmin(baseUrl, answer.body.token)
  }

  async get(path: string): Promise<MedusaAnswer> {
    return answerOf(await fetch(`${this.baseUrl}${path}`, { headers: { authorization: `Bearer ${this.token}` } }))
  }

  async post(path: string, body: unknown): Promise<MedusaAnswer> {
    return answerOf(
      await fetch(`${this.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    )
  }
}
