/**
 * The feedback-link routes (SPEC section 2):
 *
 *   /link?subdomain={s}[&annotationId={id}][&version={n}]
 *   /link/{s}/
 *   /link/{s}/v/{n}/
 *   /link/{s}/comment/{id}/
 *
 * and the hash, the 1-based page of the asset (left out for e-mail canvases). Parsing accepts every form;
 * formatting writes the path form, which reads better when shared.
 */

export interface ReviewRoute {
  subdomain: string | null
  annotationId: string | null
  /** Revision number, or null for the latest. */
  version: number | null
  /** 0-based page index from the 1-based hash, or null when absent. */
  pageIndex: number | null
}

function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null
  const n = Number(value)
  return n >= 1 ? n : null
}

function segment(value: string | undefined): string | null {
  if (!value) return null
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

export function parseReviewRoute(url: URL | Location): ReviewRoute {
  const params = new URLSearchParams(url.search)
  const page = positiveInt(url.hash.replace(/^#/, ''))
  const route: ReviewRoute = {
    subdomain: params.get('subdomain'),
    annotationId: params.get('annotationId'),
    version: positiveInt(params.get('version')),
    pageIndex: page === null ? null : page - 1,
  }
  const parts = url.pathname.split('/').filter(Boolean)
  if (parts[0] !== 'link' || parts.length < 2) return route
  route.subdomain = segment(parts[1])
  if (parts[2] === 'v') route.version = positiveInt(parts[3]) ?? route.version
  if (parts[2] === 'comment') route.annotationId = segment(parts[3]) ?? route.annotationId
  return route
}

export interface RouteTarget {
  subdomain: string
  annotationId?: string | null
  /** Revision number; null or the latest number leaves it out. */
  version?: number | null
  pageIndex?: number | null
  /** E-mail canvases carry no page hash. */
  withHash: boolean
}

export function formatReviewRoute({
  subdomain,
  annotationId,
  version,
  pageIndex,
  withHash,
}: RouteTarget): string {
  const base = `/link/${encodeURIComponent(subdomain)}`
  const path = annotationId
    ? `${base}/comment/${encodeURIComponent(annotationId)}/`
    : version
      ? `${base}/v/${version}/`
      : `${base}/`
  const hash = withHash && pageIndex !== null && pageIndex !== undefined ? `#${pageIndex + 1}` : ''
  return `${path}${hash}`
}
