/**
 * Canvas type rules (SPEC 4): a design canvas whose first asset is a pdf is treated as a pdf design.
 */
import { type CanvasType, isCanvasType } from './constants'

/** The asset fields the type rule reads. */
export interface CanvasAssetRef {
  /** Asset type: pdf, email or another value. */
  type?: string | null
  position: number
}

/** The canvas fields the type rule reads. Pass the assets of the revision being shown. */
export interface CanvasTypeInput {
  type?: string | null
  assets?: readonly CanvasAssetRef[] | null
}

/** The asset with the lowest `position` (the first one listed on ties), or null when there is none. */
export function firstAsset<T extends CanvasAssetRef>(assets: readonly T[] | null | undefined): T | null {
  let first: T | null = null
  for (const asset of assets ?? []) if (!first || asset.position < first.position) first = asset
  return first
}

/** True for a `design` canvas whose first asset (by position) is a `pdf`. */
export function isPdfDesign(canvas: CanvasTypeInput): boolean {
  return canvas.type === 'design' && firstAsset(canvas.assets)?.type === 'pdf'
}

/**
 * The type the viewer should behave as: `pdf` for a pdf design, else the stored type; unknown or missing
 * types become `other`.
 */
export function effectiveCanvasType(canvas: CanvasTypeInput): CanvasType {
  if (isPdfDesign(canvas)) return 'pdf'
  return isCanvasType(canvas.type) ? canvas.type : 'other'
}

/**
 * "https://www.example.com/pricing" -> "example.com/pricing": what a website canvas is called when its
 * page has no readable `<title>` and no title was typed.
 */
export function titleFromUrl(raw: string): string {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`)
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')
    return `${url.hostname.replace(/^www\./, '')}${path}`
  } catch {
    return raw.trim() || 'Untitled'
  }
}
