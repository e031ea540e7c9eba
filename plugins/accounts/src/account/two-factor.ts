import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { INVALID_TWO_FACTOR_CODE_MESSAGE, type RecoveryCodes, type TwoFactorSetup } from "@enclave/contract"
import { disableShopUserTwoFactorWorkflow, enableShopUserTwoFactorWorkflow } from "../workflows/two-factor"
import QRCode from "qrcode"
import { ShopError } from "@enclave/contract/shop-error"
import { keepsRequiredSecondFactor, passkeyRefusal } from "../passkeys/passkeys"
import { countAttempt, countSuccess, failureError } from "../sign-in/guard"
import { accountsService, type ShopUserRow } from "../users"

const ALREADY_ON_MESSAGE = "Two-factor sign-in is already on"
const NOT_ON_MESSAGE = "Two-factor sign-in is not on"
const NOT_SET_UP_MESSAGE = "Set up two-factor sign-in first"

const wrongCode = (status: 400 | 401) =>
  new ShopError(
    "invalid_two_factor_code",
    INVALID_TWO_FACTOR_CODE_MESSAGE,
    { fields: { code: INVALID_TWO_FACTOR_CODE_MESSAGE } },
    { status },
  )

/** A new secret for the authenticator app, its otpauth:// address and that address as a QR code. */
export async function setUpTwoFactor(container: MedusaContainer, user: ShopUserRow): Promise<TwoFactorSetup> {
  if (user.two_factor_enabled) throw new ShopError("two_factor_already_on", ALREADY_ON_MESSAGE)
  const { secret, otpauthUrl } = await accountsService(container).beginTwoFactorSetup(user.id, user.username)
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
  return { secret, otpauthUrl, qrCodeSvg }
}

/** Turns it on with a code of the secret just set up; answers the recovery codes, this once. */
export async function enableTwoFactor(container: MedusaContainer, user: ShopUserRow, code: string): Promise<RecoveryCodes> {
  if (user.two_factor_enabled) throw new ShopError("two_factor_already_on", ALREADY_ON_MESSAGE)
  if (!user.two_factor_pending_secret) throw new ShopError("two_factor_not_set_up", NOT_SET_UP_MESSAGE)
  try {
    const { result } = await enableShopUserTwoFactorWorkflow(container).run({ input: { userId: user.id, code } })
    return { recoveryCodes: result }
  } catch (error) {
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.INVALID_DATA) throw wrongCode(400)
    throw error
  }
}

/**
 * Turns it off with a current code or a recovery code, counted like a sign-in (a wrong code is a
 * failed sign-in of this account from this address): a stolen session alone cannot turn it off.
 */
export async function disableTwoFactor(container: MedusaContainer, user: ShopUserRow, code: string, clientAddress: string) {
  if (!user.two_factor_enabled) throw new ShopError("two_factor_not_on", NOT_ON_MESSAGE)
  if (!(await keepsRequiredSecondFactor(container, user, "totp"))) throw passkeyRefusal(409, "last_second_factor")
  const attempt = await countAttempt(container, user.username_key, clientAddress, "counted")
  if (!(await accountsService(container).useTwoFactorCode(user.id, code))) throw failureError(attempt, wrongCode(400))
  await countSuccess(container, attempt)
  await disableShopUserTwoFactorWorkflow(container).run({ input: { userId: user.id } })
}
