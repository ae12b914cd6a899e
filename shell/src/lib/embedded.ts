import type { User } from '@pinpoint/api'

/**
 * The data the server embeds in the page (`<script id="pinpoint-bootstrap" type="application/json">`):
 * the current user, so the shell starts without asking GET /sessions/me. `undefined` when the
 * page carries no bootstrap (a static host, or an older server): then the shell asks.
 */
export type EmbeddedBootstrap = {
  user: User | null
  /** The user a staff member is impersonating (the embedded user), or null (decision 007). */
  impersonatedUserId?: string | null
}

export function parseEmbeddedBootstrap(text: string | null | undefined): EmbeddedBootstrap | undefined {
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as unknown
    if (typeof data !== 'object' || data === null) return undefined
    const { user, impersonatedUserId } = data as { user?: unknown; impersonatedUserId?: unknown }
    if (user === null || user === undefined) return { user: null }
    if (typeof user === 'object' && typeof (user as User).id === 'string') {
      const impersonated = typeof impersonatedUserId === 'string' ? impersonatedUserId : null
      return { user: user as User, impersonatedUserId: impersonated }
    }
    return undefined
  } catch {
    return undefined
  }
}

export function readEmbeddedBootstrap(): EmbeddedBootstrap | undefined {
  if (typeof document === 'undefined') return undefined
  return parseEmbeddedBootstrap(document.getElementById('pinpoint-bootstrap')?.textContent)
}
