import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  ADMIN_ACCOUNT_DELETION_CODE,
  ADMIN_ACCOUNT_DELETION_MESSAGE,
  type AccountData,
  type AccountDeletion,
  type AccountDeletionByPasskey,
} from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import {
  accountsService,
  countAttempt,
  countSuccess,
  customerIdOf,
  deleteShopUserWorkflow,
  failureError,
  listPasskeys,
  passwordMatches,
  pgpKeyOf,
  toContractUser,
  verifyPasskeyConfirmation,
  WRONG_PASSWORD_MESSAGE,
  type ShopUserRow,
} from "@enclave/accounts"
import { listOrdersOf, withAfterSaleFacts } from "@enclave/orders"
import { ShopError } from "@enclave/contract/shop-error"
import { endAllSessions, sessionsOf } from "../http/session"
import { clientAddress } from "../http/sign-in-limit"
import { passkeyCeremony } from "../http/passkey-ceremony"

// ---------------------------------------------------------------------------------------------
// The data download (GDPR Art. 15 and 20)

/** The mails sent to the account, as Medusa's notification module recorded them (template, subject, when, whether it went out). */
async function mailsOf(container: MedusaContainer, userId: string): Promise<AccountData["mails"]> {
  const notifications = (await container.resolve(Modules.NOTIFICATION).listNotifications({ receiver_id: userId } as never, {
    select: ["template", "data", "status", "created_at"],
    take: null,
  })) as unknown as Array<{
    template: string
    data: { subject?: unknown } | null
    status: string
    created_at: Date | string
  }>
  return notifications
    .map((n) => ({
      subject: typeof n.data?.subject === "string" ? n.data.subject : null,
      template: n.template,
      sentAt: new Date(n.created_at).toISOString(),
      status: n.status,
    }))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
}

/** The Medusa customer's saved addresses (the shop's checkout keeps the address on the account and the order). */
async function customerAddressesOf(container: MedusaContainer, customerId: string): Promise<AccountData["addresses"]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "customer",
    fields: [
      "addresses.first_name",
      "addresses.last_name",
      "addresses.company",
      "addresses.address_1",
      "addresses.address_2",
      "addresses.city",
      "addresses.province",
      "addresses.postal_code",
      "addresses.country_code",
      "addresses.phone",
    ],
    filters: { id: customerId },
  })
  return ((data[0] as { addresses?: Array<Record<string, unknown>> } | undefined)?.addresses ?? []).map((address) => ({
    source: "medusa_customer",
    ...address,
  }))
}

/**
 * Everything the shop holds about the customer, in one JSON document (docs/product.md "Your
 * data" lists each part): nothing of other customers, and no secrets (the password's hash, the
 * two-factor secret and recovery codes, session ids) — those are said to exist, not given.
 */
export async function accountDataOf(req: MedusaRequest, user: ShopUserRow): Promise<AccountData> {
  const container = req.scope
  const customerId = await customerIdOf(container, user.id)
  const [{ orders, facts }, sessions, mails, customerAddresses, signIns, pgpKey, passkeys] = await Promise.all([
    listOrdersOf(container, user).then((listed) => withAfterSaleFacts(container, listed, user)),
    sessionsOf(req, user.id),
    mailsOf(container, user.id),
    customerAddressesOf(container, customerId),
    accountsService(container).listSignInRecords({ shop_user_id: user.id }, { take: null, order: { signed_in_at: "DESC" } }),
    pgpKeyOf(user),
    listPasskeys(container, user),
  ])
  const contractUser = toContractUser(user)
  return {
    account: {
      ...contractUser,
      language: user.language,
      passwordStored: "as a scrypt hash in Medusa's auth module; never exported",
      twoFactor: user.two_factor_enabled ? "on (the secret and recovery codes are stored sealed or hashed and never exported)" : "off",
    },
    addresses: [
      {
        source: "account",
        fullName: user.full_name,
        addressLine1: user.address_line1,
        addressLine2: user.address_line2,
        city: user.city,
        state: user.state,
        postalCode: user.postal_code,
        country: user.country,
      },
      ...customerAddresses,
    ],
    orders: orders.map((order) => {
      const found = facts.get(order.id)
      return {
        ...order,
        payments: (found?.payments ?? []).map((p) => ({
          provider: p.providerId,
          amount: centsToEuros(p.amountCents),
          captured: centsToEuros(p.capturedCents),
          refunded: centsToEuros(p.refundedCents),
          canceled: p.canceled,
        })),
        refunds: (found?.refunds ?? []).map((r) => ({ amount: r.amount, method: r.method, createdAt: r.created_at })),
      }
    }),
    withdrawals: [...facts.values()].flatMap((order) =>
      order.withdrawals.map((w) => ({
        orderId: order.number,
        receivedAt: w.received_at,
        name: w.name,
        email: w.email,
        items: w.items,
      })),
    ),
    signIns: signIns.map((record) => ({
      signedInAt: new Date(record.signed_in_at).toISOString(),
      endedAt: record.ended_at ? new Date(record.ended_at).toISOString() : null,
      userAgent: record.user_agent,
      address: record.address,
      method: record.method,
    })),
    sessions: sessions.map(({ id: _id, ...session }) => session),
    passkeys,
    pgpKey: pgpKey ? { ...pgpKey, armored: user.pgp_public_key } : null,
    mails,
    // The shop asks for no consent: it sets no tracking or marketing cookies, sends no newsletter,
    // and processes orders under Art. 6(1)(b) GDPR (docs/product.md "Your data").
    consents: [],
  }
}

// ---------------------------------------------------------------------------------------------
// Deleting the account (GDPR Art. 17)

/**
 * Deletes the signed-in customer's account after checking its password or a fresh answer of one of
 * its passkeys (counted like a sign-in: a wrong one is a failure of the account from this address). Every session ends first, so none
 * can act while the account goes; an administrator's account is refused (the shop must keep one).
 */
export async function deleteAccount(
  req: MedusaRequest,
  res: MedusaResponse,
  user: ShopUserRow,
  body: AccountDeletion | AccountDeletionByPasskey,
): Promise<void> {
  const container = req.scope
  if (user.is_admin) throw new ShopError("admin_account", ADMIN_ACCOUNT_DELETION_MESSAGE, { code: ADMIN_ACCOUNT_DELETION_CODE })
  if ("passkey" in body) {
    // Counted like the password: a refused answer is a failed sign-in of the account from this address.
    await verifyPasskeyConfirmation(passkeyCeremony(req), user, { response: body.passkey }, clientAddress(req))
  } else {
    const attempt = await countAttempt(container, user.username_key, clientAddress(req), "counted")
    if (!(await passwordMatches(container, user.username_key, body.password))) {
      throw failureError(attempt, new ShopError("wrong_password", WRONG_PASSWORD_MESSAGE, { fields: { password: WRONG_PASSWORD_MESSAGE } }))
    }
    await countSuccess(container, attempt)
  }
  await endAllSessions(req, res, user.id)
  try {
    await deleteShopUserWorkflow(container).run({ input: { userId: user.id } })
  } catch (error) {
    // Deleted meanwhile by a request that raced this one: the account is gone, as after a sign-out.
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.NOT_FOUND)
      throw new ShopError("not_signed_in", "You must be logged in")
    throw error
  }
}
