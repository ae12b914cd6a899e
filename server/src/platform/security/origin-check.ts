/**
 * CSRF defence: a state-changing request (anything but GET, HEAD, OPTIONS) sent by a browser must come from
 * our own pages. Browsers send `Origin` on every cross-origin request and a page cannot forge it.
 *
 * - Origin (or, failing that, Referer) equal to PUBLIC_URL's origin or to the request's own origin: allowed.
 * - A foreign origin: refused with 403 before any handler runs, even without cookies, because SameSite=Lax
 *   keeps our cookies off a cross-site POST, and a forged login or sign-up (login CSRF) needs none.
 *   Exception: an `Authorization: Bearer` request without cookies (an integration calling with its token
 *   from elsewhere) carries no ambient authority, so it is allowed.
 * - Neither Origin nor Referer: not a browser (curl, a webhook, a server); allowed.
 */
import { Forbidden } from '@pinpoint/domain'
import { Elysia } from 'elysia'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(value: string | null): string | null {
  if (!value) return null
  if (value === 'null') return 'null'
  try {
    return new URL(value).origin
  } catch {
    return 'null'
  }
}

/** True when the request may proceed. Exported for tests and for non-Elysia handlers (WebSocket upgrade). */
export function isSameOriginRequest(request: Request, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true
  const origin = originOf(request.headers.get('origin')) ?? originOf(request.headers.get('referer'))
  if (!origin) return true
  if (origin === new URL(publicUrl).origin || origin === new URL(request.url).origin) return true
  const hasCookies = (request.headers.get('cookie') ?? '').trim() !== ''
  const hasBearer = /^Bearer\s+\S/i.test(request.headers.get('authorization') ?? '')
  return hasBearer && !hasCookies
}

export function originCheck(publicUrl: string) {
  return new Elysia({ name: 'origin-check', seed: publicUrl }).onRequest(({ request }) => {
    if (!isSameOriginRequest(request, publicUrl)) {
      throw new Forbidden('This request came from another site and was refused.', { reason: 'cross-origin' })
    }
  })
}
