import { ApiError, type PremiumLimitMeta } from '@pinpoint/api'

/** The 409 of an upgrade at the limit, with the canvases that could make room; null for any other error. */
export function premiumLimitOf(error: unknown): PremiumLimitMeta | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const meta = error.meta as Partial<PremiumLimitMeta>
  if (typeof meta.limit !== 'number' || !Array.isArray(meta.premiumCanvases)) return null
  return { limit: meta.limit, premiumCanvases: meta.premiumCanvases }
}
