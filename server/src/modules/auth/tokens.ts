/**
 * Secrets we hand out (session cookies, API tokens, password-reset links) are random and opaque; only
 * their SHA-256 is stored, so a leaked table cannot be replayed. SHA-256 (not argon2) is enough here:
 * the inputs have 256 bits of entropy, so there is nothing to brute-force.
 */

/** A random URL-safe secret of `bytes` bytes (256 bits by default). */
export function randomToken(bytes = 32): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url')
}

/** Hex SHA-256 of a token: the value stored in the database and looked up on each request. */
export function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex')
}

/** Personal API tokens carry a prefix so they are recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'pp_'

export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomToken(32)}`
}
