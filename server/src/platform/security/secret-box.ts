/**
 * Encryption at rest for secrets we must be able to read back (task-tool tokens, OIDC client secrets,
 * webhook signing secrets): AES-256-GCM with a random 96-bit nonce per value.
 *
 * Keys come from `SECRETS_KEYS` (comma-separated `id:base64-32-bytes`, the first one encrypts, every one
 * decrypts). Each sealed value names the id of its key, so rotation is: put a new key first and keep the old
 * ones after it; every feature that stores secrets re-seals a value with the current key when it reads one
 * for which `needsRotation()` is true; drop an old key once nothing sealed with it is left. Without `SECRETS_KEYS` (a first run on the embedded database) one
 * key is derived from the session secret with HKDF, so nothing needs configuring to try the product; the
 * derived key has the id `session` and rotates away like any other.
 *
 * Format: `v1.<keyId>.<base64url(nonce | ciphertext | tag)>`. The optional `context` is bound as GCM
 * additional data (e.g. the row id and column), so a value copied into another row does not decrypt.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export interface SecretKey {
  id: string
  key: Uint8Array
}

export interface SecretBox {
  /** Encrypts with the current (first) key. */
  seal(plaintext: string, context?: string): string
  /** Decrypts with whichever configured key sealed it; throws `SecretBoxError` when it cannot. */
  open(sealed: string, context?: string): string
  /** True when the value was sealed with a key other than the current one (re-seal it). */
  needsRotation(sealed: string): boolean
  /** Id of the key new values are sealed with. */
  readonly currentKeyId: string
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError'
}

const VERSION = 'v1'
const NONCE_BYTES = 12
const TAG_BYTES = 16
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/

/** Parses `SECRETS_KEYS`; throws with a message naming the bad entry. */
export function parseSecretKeys(raw: string): SecretKey[] {
  const keys: SecretKey[] = []
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '') continue
    const separator = entry.indexOf(':')
    const id = separator > 0 ? entry.slice(0, separator) : ''
    if (!KEY_ID.test(id)) {
      throw new SecretBoxError(
        'Each SECRETS_KEYS entry must be "id:base64key" with an id of letters, digits, _ or -.',
      )
    }
    const key = Buffer.from(entry.slice(separator + 1), 'base64')
    if (key.length !== 32) {
      throw new SecretBoxError(
        `SECRETS_KEYS key "${id}" must be 32 bytes, base64-encoded (got ${key.length}).`,
      )
    }
    if (keys.some((known) => known.id === id)) throw new SecretBoxError(`SECRETS_KEYS names "${id}" twice.`)
    keys.push({ id, key: new Uint8Array(key) })
  }
  return keys
}

/** The first-run key: derived from the session secret, so it survives restarts exactly as sessions do. */
export function deriveSessionKey(sessionSecret: string): SecretKey {
  const key = hkdfSync('sha256', sessionSecret, 'pinpoint-secret-box', 'secrets-at-rest', 32)
  return { id: 'session', key: new Uint8Array(key) }
}

export function createSecretBox(keys: SecretKey[]): SecretBox {
  const [current] = keys
  if (!current) throw new SecretBoxError('The secret box needs at least one key.')
  const byId = new Map(keys.map((key) => [key.id, key.key]))

  function parts(sealed: string): { keyId: string; payload: Buffer } {
    const [version, keyId, body, extra] = sealed.split('.')
    if (version !== VERSION || !keyId || !body || extra !== undefined) {
      throw new SecretBoxError('This value is not a sealed secret.')
    }
    const payload = Buffer.from(body, 'base64url')
    if (payload.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('This sealed secret is truncated.')
    return { keyId, payload }
  }

  return {
    currentKeyId: current.id,
    seal(plaintext, context = '') {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current.key, nonce)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const body = Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64url')
      return `${VERSION}.${current.id}.${body}`
    },
    open(sealed, context = '') {
      const { keyId, payload } = parts(sealed)
      const key = byId.get(keyId)
      if (!key) {
        throw new SecretBoxError(
          `The key "${keyId}" that sealed this secret is not in SECRETS_KEYS any more.`,
        )
      }
      const nonce = payload.subarray(0, NONCE_BYTES)
      const tag = payload.subarray(payload.length - TAG_BYTES)
      const ciphertext = payload.subarray(NONCE_BYTES, payload.length - TAG_BYTES)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce)
        decipher.setAAD(Buffer.from(context, 'utf8'))
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
      } catch {
        throw new SecretBoxError('This sealed secret was altered, or sealed for another record.')
      }
    },
    needsRotation(sealed) {
      return parts(sealed).keyId !== current.id
    },
  }
}
