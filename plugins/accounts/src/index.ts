/**
 * What other parts of the shop may use of the accounts plugin (its package's "." export): the
 * module's name, definition (for links to its shop users) and service type, its links to Medusa's
 * customer and cart (to read them with Medusa's query), the workflows that change accounts, and
 * the reads of shop users (by id, number, customer) other plugins need.
 * Everything else is its own.
 */
export { ACCOUNTS_MODULE, default as AccountsModule } from "./modules/accounts"
export { default as ShopUserCustomerLink } from "./links/shop-user-customer"
export { default as ShopUserCartLink } from "./links/shop-user-cart"
export type { default as AccountsModuleService, SignInCounter, SignInCounts, TwoFactorState } from "./modules/accounts/service"
import type PasskeyModel from "./modules/accounts/models/passkey"
/** A passkey row as the module's service returns it. */
export type PasskeyRow = InferTypeOf<typeof PasskeyModel>
import type { InferTypeOf } from "@medusajs/framework/types"
import type ShopUserModel from "./modules/accounts/models/shop-user"
/** A shop_user row as the module's service returns it. */
export type ShopUser = InferTypeOf<typeof ShopUserModel>
export { registerShopUserWorkflow } from "./workflows/register-shop-user"
export { updateShopUserProfileWorkflow, type ShopUserProfile } from "./workflows/update-shop-user-profile"
export { changeShopUserPasswordWorkflow } from "./workflows/change-shop-user-password"
export { enableShopUserTwoFactorWorkflow, disableShopUserTwoFactorWorkflow } from "./workflows/two-factor"
export { requestShopUserEmailChangeWorkflow, confirmShopUserEmailChangeWorkflow } from "./workflows/email-change"
export { requestShopUserPasswordResetWorkflow, resetShopUserPasswordWorkflow } from "./workflows/password-reset"
export { grantMedusaAdminLoginWorkflow, revokeMedusaAdminLoginWorkflow, setShopAdminRoleWorkflow } from "./workflows/medusa-admin-login"
export { checkPublicKey, encryptToKey, pgpKeyFacts, pgpKeyProblem, type PgpKeyCheck, type PgpKeyFacts, type PgpKeyProblem } from "./pgp-key"
export { deleteShopUserWorkflow, type ShopUserDeletedEvent } from "./workflows/delete-shop-user"
export { saveShopUserPgpKeyWorkflow, removeShopUserPgpKeyWorkflow } from "./workflows/pgp-key"
export {
  accountsService,
  customerIdOf,
  findUserByCustomer,
  findUserById,
  findUserByNumber,
  findUserByUsername,
  listUsers,
  toContractUser,
  userNumbersOfCustomers,
} from "./users"
export type { ShopUserRow } from "./users"
export { WRONG_PASSWORD_MESSAGE, changePassword, confirmEmailChange, requestEmailChange, updateProfile } from "./account/account"
export { pgpKeyOf, removePgpKey, savePgpKey } from "./account/pgp-key"
export { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from "./account/two-factor"
export {
  completeSecondFactorWithPasskey,
  confirmationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  secondFactorOptions,
  signInOptions,
  signInWithPasskey,
  verifyPasskeyConfirmation,
} from "./passkeys/passkeys"
export { countAttempt, countSuccess, failureError } from "./sign-in/guard"
export { confirmPasswordReset, requestPasswordReset } from "./sign-in/password-reset"
export { completeSecondFactor, passwordMatches, register, signIn } from "./sign-in/sign-in"
export type { PasskeyCeremony, RelyingParty } from "./passkeys/passkeys"
