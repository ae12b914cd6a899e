/**
 * Signed file URLs: `/api/v1/files/<key>?e=<expiry>&t=<type>&n=<download name>&s=<signature>`.
 *
 * The signature is an HMAC-SHA256 over every parameter that changes how the file is served (key, expiry,
 * type, download name), so a link can be neither redirected to another file nor re-typed (for example an
 * SVG turned into text/html). The HMAC key is derived from the session secret with a purpose label, so a
 * file signature can never be replayed as a cookie signature or a video upload signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const FILES_PATH = '/api/v1/files'
const DEFAULT_TTL_S = 3600
/** Expiries are rounded up to this step so the same file gets the same URL for a while (browser cache). */
const EXPIRY_STEP_S = 300
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..') && key.length <= 300
}

/** A new opaque key: `<prefix>/<random 32 hex><ext>`; ext like '.png' (lowercase letters and digits only). */
export function newStorageKey(prefix: string, ext = ''): string {
  const random = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex')
  const safeExt = /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''
  return `${prefix}/${random}${safeExt}`
}

export interface SignedParams {
  key: string
  expires: number
  contentType: string
  downloadName: string
}

export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`pinpoint:${purpose}`).digest()
}

function signature(hmacKey: Buffer, params: SignedParams): string {
  return createHmac('sha256', hmacKey)
    .update([params.key, params.expires, params.contentType, params.downloadName].join('\n'))
    .digest('base64url')
}

export interface UrlSigner {
  sign(
    key: string,
    options: { expiresIn?: number; contentType?: string; downloadName?: string; origin: string },
  ): string
  /** The signed parameters when the query is authentic and not expired; otherwise why not. */
  verify(key: string, query: URLSearchParams, nowMs: number): SignedParams | 'expired' | 'invalid'
}

export function createUrlSigner(secret: string): UrlSigner {
  const hmacKey = derivedKey(secret, 'storage-url')
  return {
    sign(
      key,
      { expiresIn = DEFAULT_TTL_S, contentType = 'application/octet-stream', downloadName = '', origin },
    ) {
      const nowS = Math.floor(Date.now() / 1000)
      const expires = Math.ceil((nowS + expiresIn) / EXPIRY_STEP_S) * EXPIRY_STEP_S
      const params: SignedParams = { key, expires, contentType, downloadName }
      const query = new URLSearchParams({ e: String(expires), t: contentType })
      if (downloadName) query.set('n', downloadName)
      query.set('s', signature(hmacKey, params))
      return `${origin}${FILES_PATH}/${key}?${query}`
    },
    verify(key, query, nowMs) {
      const expires = Number(query.get('e'))
      const given = query.get('s') ?? ''
      if (!isValidStorageKey(key) || !Number.isInteger(expires) || !given) return 'invalid'
      const params: SignedParams = {
        key,
        expires,
        contentType: query.get('t') ?? 'application/octet-stream',
        downloadName: query.get('n') ?? '',
      }
      const expected = Buffer.from(signature(hmacKey, params))
      const actual = Buffer.from(given)
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid'
      if (expires * 1000 <= nowMs) return 'expired'
      return params
    },
  }
}
