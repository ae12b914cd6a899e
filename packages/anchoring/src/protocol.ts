/**
 * The postMessage protocol between the review screen (the app origin) and the bridge script inside a
 * proxied page or e-mail (the proxy origin). Every message carries `ns` so unrelated messages (the page's
 * own, browser extensions') are ignored; each side also checks the sender (origin or frame).
 */
import type { Anchor, InactiveReason, ResolveMethod } from './types'

export const BRIDGE_NS = 'pinpoint-bridge'

/** A pin the review screen wants shown. */
export interface PinInput {
  id: string
  anchor: unknown
  /** Short text on the pin (its number in the list). */
  label: string
  /** Accessible name ("Comment 3 by Ada: Make this bigger"). */
  title: string
  /** Annotation status, for the pin's colour. */
  status: string
  /**
   * Other forms of the anchor, tried when it does not resolve: a copy-change comment is also found by its
   * new text, once the site shows it (or while the reviewer's edit is still on the page).
   */
  alternates?: unknown[]
}

export interface PageInfo {
  /** The reviewed page's own URL (not the proxy's). */
  url: string
  /** Path, query and a router hash (`#/...`): what annotations store as `path`. */
  path: string
  title: string
  viewport: { width: number; height: number }
  document: { width: number; height: number }
}

export interface PinStatus {
  id: string
  status: 'found' | 'inactive'
  reason?: InactiveReason
  confidence?: number
  method?: ResolveMethod
  /** False when the element is found but not displayed (a menu collapsed at this width). */
  visible?: boolean
  /** Pin position in viewport coordinates of the frame. */
  x?: number
  y?: number
}

export type ParentMessage =
  | { ns: typeof BRIDGE_NS; type: 'mode'; commenting: boolean; textEdit: boolean }
  | { ns: typeof BRIDGE_NS; type: 'pins'; pins: PinInput[] }
  | { ns: typeof BRIDGE_NS; type: 'select'; id: string | null; scroll: boolean }
  /** A provisional pin while a comment is being written (null removes it). */
  | { ns: typeof BRIDGE_NS; type: 'draft'; anchor: Anchor | null }
  /**
   * The keyboard's placement cursor, at a point of the frame's viewport: 'hover' outlines the element
   * under it, 'place' comments on it as a click there would.
   */
  | { ns: typeof BRIDGE_NS; type: 'cursor'; action: 'hover' | 'place'; x: number; y: number }
  /** The placement cursor pushed past the frame's top or bottom edge: the page scrolls that way. */
  | { ns: typeof BRIDGE_NS; type: 'scroll-by'; dy: number }
  /** Carry pins of an earlier revision onto this page (answered with 'carried' once the page loaded). */
  | { ns: typeof BRIDGE_NS; type: 'carry'; requestId: string; pins: { id: string; anchor: unknown }[] }
  /** Scroll the page to document coordinates (a compare view keeps two revisions in step). */
  | { ns: typeof BRIDGE_NS; type: 'scroll-to'; x: number; y: number }
  /**
   * Take a picture of a spot (decision 055): where the first of `anchors` that resolves points (a pin
   * just placed; a copy change just resolved, found by its new text first). Answered with 'captured'.
   */
  | { ns: typeof BRIDGE_NS; type: 'capture'; requestId: string; anchors: unknown[] }

export type BridgeMessage =
  | { ns: typeof BRIDGE_NS; type: 'ready'; page: PageInfo; error?: { message: string; status: number } }
  | { ns: typeof BRIDGE_NS; type: 'page'; page: PageInfo }
  | {
      ns: typeof BRIDGE_NS
      type: 'place'
      anchor: Anchor
      /** The click in viewport coordinates of the frame. */
      client: { x: number; y: number }
      page: PageInfo
    }
  | {
      ns: typeof BRIDGE_NS
      type: 'text-edit'
      anchor: Anchor
      client: { x: number; y: number }
      before: string
      after: string
      page: PageInfo
    }
  | { ns: typeof BRIDGE_NS; type: 'pin-click'; id: string }
  | { ns: typeof BRIDGE_NS; type: 'pins-status'; pins: PinStatus[]; settled: boolean }
  | { ns: typeof BRIDGE_NS; type: 'scroll'; x: number; y: number }
  | {
      ns: typeof BRIDGE_NS
      type: 'carried'
      requestId: string
      results: {
        id: string
        status: 'reanchored' | 'needs-new-spot'
        anchor?: Anchor
        reason?: InactiveReason
      }[]
    }
  /** The picture asked for by 'capture': a WebP or PNG, or null when none could be taken. */
  | { ns: typeof BRIDGE_NS; type: 'captured'; requestId: string; image: Blob | null }
  /** A shortcut key pressed while the focus was inside the frame (the review screen handles it). */
  | { ns: typeof BRIDGE_NS; type: 'key'; key: string; shiftKey: boolean }

export function isBridgeMessage(data: unknown): data is BridgeMessage {
  return typeof data === 'object' && data !== null && (data as { ns?: unknown }).ns === BRIDGE_NS
}

export function isParentMessage(data: unknown): data is ParentMessage {
  return typeof data === 'object' && data !== null && (data as { ns?: unknown }).ns === BRIDGE_NS
}
