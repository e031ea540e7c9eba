/**
 * The browser's half of passkeys: @simplewebauthn/browser hands the shop's options to
 * navigator.credentials and its answer back as JSON. The library is fetched when a passkey is first
 * used, not with the page: most visitors never use one, and every page keeps its JavaScript small. The calls to the shop are ./calls.ts.
 */
import type { PasskeyAssertion, PasskeyCreationOptions, PasskeyRegistration, PasskeyRequestOptions } from "@enclave/contract"

const library = () => import("@simplewebauthn/browser")

/** Whether this browser does WebAuthn at all (else the passkey controls say so instead of failing). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function"
}

/**
 * What went wrong in the browser's ceremony, as the pages say it: the person cancelled or the
 * authenticator refused (WebAuthn's NotAllowedError is both, on purpose), a passkey of this account is
 * on the authenticator already, or the browser cannot do it.
 */
export type CeremonyFailure = "cancelled" | "exists" | "unsupported" | "failed"

export class PasskeyCeremonyError extends Error {
  override name = "PasskeyCeremonyError"
  constructor(readonly failure: CeremonyFailure) {
    super(`passkey ceremony: ${failure}`)
  }
}

function ceremonyFailure(error: unknown): PasskeyCeremonyError {
  const name = (error as { name?: unknown; cause?: { name?: unknown } } | null)?.cause?.name ?? (error as { name?: unknown } | null)?.name
  const code = (error as { code?: unknown } | null)?.code
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return new PasskeyCeremonyError("exists")
  if (name === "NotAllowedError" || name === "AbortError") return new PasskeyCeremonyError("cancelled")
  if (name === "NotSupportedError" || name === "SecurityError") return new PasskeyCeremonyError("unsupported")
  return new PasskeyCeremonyError("failed")
}

/** Makes a new passkey on the person's authenticator for the shop's creation options. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyRegistration["response"]> {
  const { startRegistration } = await library()
  try {
    return (await startRegistration({ optionsJSON: options as never })) as PasskeyRegistration["response"]
  } catch (error) {
    throw ceremonyFailure(error)
  }
}

/**
 * Signs the shop's request options with a passkey. `autofill`: conditional mediation, the browser
 * offers the passkeys in the username field's suggestions and the promise waits until one is chosen.
 */
export async function signWithPasskey(options: PasskeyRequestOptions, autofill = false): Promise<PasskeyAssertion> {
  const { startAuthentication } = await library()
  try {
    return {
      response: (await startAuthentication({
        optionsJSON: options as never,
        useBrowserAutofill: autofill,
      })) as PasskeyAssertion["response"],
    }
  } catch (error) {
    throw ceremonyFailure(error)
  }
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false
  const { browserSupportsWebAuthnAutofill } = await library()
  return browserSupportsWebAuthnAutofill().catch(() => false)
}

/** Ends a waiting ceremony (the autofill one, when the page leaves the password step). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await library()
  WebAuthnAbortService.cancelCeremony()
}
