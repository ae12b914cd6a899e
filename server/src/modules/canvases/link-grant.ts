/**
 * Link-password grants. Once a visitor gives the right password of a canvas link (GET
 * /canvases/{subdomain}/subdomain?password=), the answer sets a signed cookie for that canvas, so later calls
 * (comments, assets) need not carry the password. The signature covers the canvas id, the expiry and a
 * fingerprint of the password hash: changing the password revokes every grant at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { derivedKey } from '../../platform/storage/signing'

const GRANT_TTL_S = 7 * 24 * 3600
const COOKIE_PREFIX = 'pp_link_'

export function grantCookieName(canvasId: string): string {
  return `${COOKIE_PREFIX}${canvasId}`
}

function mac(secret: string, canvasId: string, expires: number, passwordHash: string): string {
  return createHmac('sha256', derivedKey(secret, 'link-grant'))
    .update(`${canvasId}\n${expires}\n${passwordHash.slice(-16)}`)
    .digest('base64url')
}

export function createGrant(
  secret: string,
  canvasId: string,
  passwordHash: string,
  now: Date,
): { value: string; maxAge: number } {
  const expires = Math.floor(now.getTime() / 1000) + GRANT_TTL_S
  return { value: `${expires}.${mac(secret, canvasId, expires, passwordHash)}`, maxAge: GRANT_TTL_S }
}

export function verifyGrant(
  secret: string,
  canvasId: string,
  passwordHash: string,
  value: string | undefined,
  now: Date,
): boolean {
  if (!value) return false
  const [rawExpires = '', signature = ''] = value.split('.')
  const expires = Number(rawExpires)
  if (!Number.isInteger(expires) || expires * 1000 <= now.getTime()) return false
  const expected = Buffer.from(mac(secret, canvasId, expires, passwordHash))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Reads a cookie from a raw Cookie header (the grant is read outside Elysia's cookie jar, by services). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name)
      return decodeURIComponent(part.slice(index + 1).trim())
  }
  return undefined
}

/** True when the request carries a valid grant for this canvas (always true for a canvas without password). */
export function hasLinkGrant(
  request: Request,
  secret: string,
  canvas: { id: string; passwordHash: string | null },
  now: Date,
): boolean {
  if (!canvas.passwordHash) return true
  return verifyGrant(
    secret,
    canvas.id,
    canvas.passwordHash,
    readCookie(request.headers.get('cookie'), grantCookieName(canvas.id)),
    now,
  )
}
