/**
 * A software authenticator for tests without a browser: it makes passkeys (ES256 keys of node:crypto),
 * answers the shop's creation options with a "none" attestation and its request options with signed
 * assertions, as a platform authenticator with user verification does (WebAuthn Level 3, §6.1 and
 * §6.5). Its CBOR is @simplewebauthn's own encoder (the library the shop verifies with is a
 * dependency of the facade; only its byte encoder is borrowed here), so a test can bend exactly one
 * thing (the origin, the challenge, the credential) and see the shop refuse it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto"
import { isoCBOR } from "@simplewebauthn/server/helpers"

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest()

/** Flags of authenticator data: user present, user verified, backup eligible and state, attested credential data. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface SoftCredential {
  id: string
  privateKey: KeyObject
  /** The user handle the shop gave at registration (options.user.id). */
  userHandle: string
  rpId: string
  counter: number
}

interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}

interface RequestOptions {
  challenge: string
  rpId?: string
  allowCredentials?: Array<{ id: string }>
}

export interface Bend {
  /** The origin the "browser" writes into clientDataJSON; the shop's own unless given. */
  origin?: string
  /** Another challenge than the options' (a replay of an older one). */
  challenge?: string
  /** Not user-verified (a security key without its PIN). */
  userVerified?: boolean
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = []
  readonly origin: string

  constructor(origin: string) {
    this.origin = new URL(origin).origin
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: bend.origin ?? this.origin, crossOrigin: false }))
  }

  /** navigator.credentials.create: a new ES256 passkey, and the RegistrationResponseJSON of it. */
  create(options: CreationOptions, bend: Bend = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const jwk = publicKey.export({ format: "jwk" })
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    )
    const credentialId = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(coseKey)])
    const flags = UP | (bend.userVerified === false ? 0 : UV) | AT
    const authData = this.authenticatorData(rpId, flags, 0, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    )
    const credential: SoftCredential = { id: b64url(credentialId), privateKey, userHandle: options.user.id, rpId, counter: 0 }
    this.credentials.push(credential)
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(this.clientData("webauthn.create", bend.challenge ?? options.challenge, bend)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
      },
    }
  }

  /** navigator.credentials.get: an AuthenticationResponseJSON of `credential` (the first one allowed, or the newest). */
  get(options: RequestOptions, credential?: SoftCredential, bend: Bend = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id)
    const chosen =
      credential ?? [...this.credentials].reverse().find((c) => !allowed?.length || allowed.includes(c.id)) ?? this.credentials.at(-1)
    if (!chosen) throw new Error("The soft authenticator holds no credential")
    chosen.counter += 1
    const authData = this.authenticatorData(options.rpId ?? chosen.rpId, UP | (bend.userVerified === false ? 0 : UV), chosen.counter)
    const clientDataJSON = this.clientData("webauthn.get", bend.challenge ?? options.challenge, bend)
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey)
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    }
  }

  /** A credential the shop never saw: the same kind of key, never registered. */
  stranger(rpId: string): SoftCredential {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    return { id: b64url(randomBytes(16)), privateKey, userHandle: b64url("shopusr_nobody"), rpId, counter: 0 }
  }
}
