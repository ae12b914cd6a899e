/**
 * The review screen's UI state: Jotai atoms created once per screen (so two screens, or a screen opened
 * again on another canvas, never share state) and handed down through a React context. What is shared
 * through the URL (the canvas, revision, open comment and page) is not duplicated here.
 */
import type { Anchor, PinStatus } from '@pinpoint/anchoring'
import { DEFAULT_VIEW_WIDTH, DEFAULT_VISIBLE_ANNOTATION_STATUSES, type ViewMode } from '@pinpoint/domain'
import { getViewMode } from '@pinpoint/state'
import { atom, type PrimitiveAtom } from 'jotai'
import { createContext, useContext } from 'react'
import type { CompareState } from './compare/compare-logic'
import type { ExportedFilter, SortMode } from './lib/list'

/** Zoom of design and PDF viewers: a percentage (default 100), or fitted to the width or height. */
export type Zoom = { mode: 'percent'; percent: number } | { mode: 'fit-width' } | { mode: 'fit-height' }

/**
 * 100 % on a wide screen; fitted to the width on a phone, where a page at 100 % (794 px for A4) is cut
 * off and its pins can sit off-screen (issue 19 item 2).
 */
export function initialZoom(): Zoom {
  const narrow = typeof matchMedia === 'function' && matchMedia('(max-width: 767px)').matches
  return narrow ? { mode: 'fit-width' } : { mode: 'percent', percent: 100 }
}

/** A pin being placed: where it goes, and where on screen to show the comment box. */
export interface Draft {
  assetId: string | null
  pageIndex: number | null
  /** Relative position (0..1) on an image, PDF page or video frame. */
  x: number | null
  y: number | null
  videoTime: number | null
  /** Website and e-mail pins. */
  anchor: Anchor | null
  path: string | null
  /** Copy change: the text before and after the reviewer's edit. */
  textBefore: string | null
  textAfter: string | null
  /** Where the click was, in viewport coordinates, to place the comment box next to it. */
  screen: { x: number; y: number }
  /** Re-attaching an inactive comment instead of writing a new one. */
  reattachId: string | null
}

export function createReviewAtoms() {
  return {
    commenting: atom(true),
    textEdit: atom(false),
    batchMode: atom(false),
    batchSelection: atom<ReadonlySet<string>>(new Set<string>()),
    search: atom(''),
    statuses: atom<readonly string[]>([...DEFAULT_VISIBLE_ANNOTATION_STATUSES]),
    labelIds: atom<readonly string[]>([]),
    currentPageOnly: atom(false),
    exported: atom<ExportedFilter>('all'),
    exportOpen: atom(false),
    sort: atom<SortMode>('page'),
    groupByStatus: atom(false),
    assetId: atom<string | null>(null) as PrimitiveAtom<string | null>,
    /** Website path shown in the frame (what the bridge reports). */
    path: atom<string | null>(null) as PrimitiveAtom<string | null>,
    /**
     * Website path the frame should load (opening a comment made on another page); `seq` makes asking for
     * the path it was first loaded with, after the reviewer browsed away, load it again.
     */
    framePath: atom<{ path: string; seq: number } | null>(null) as PrimitiveAtom<{
      path: string
      seq: number
    } | null>,
    viewMode: atom<ViewMode>(getViewMode() ?? 'desktop'),
    deviceWidth: atom<number>(DEFAULT_VIEW_WIDTH),
    zoom: atom<Zoom>(initialZoom()),
    draft: atom<Draft | null>(null) as PrimitiveAtom<Draft | null>,
    /**
     * The text being written in the comment box, kept apart from the spot: clicking another spot moves the
     * unsent comment there instead of dropping it (issue 19 item 12). Cleared on send and on Cancel.
     */
    draftText: atom<{ text: string; mentions: readonly { id: string; name: string }[] }>({
      text: '',
      mentions: [],
    }),
    /** Pins of website and e-mail canvases as the bridge placed them. */
    pinStatuses: atom<ReadonlyMap<string, PinStatus>>(new Map<string, PinStatus>()),
    /** The bridge finished a pass after the page loaded: unresolved pins are really inactive. */
    pinsSettled: atom(false),
    /** An inactive comment waiting for a click on its new spot. */
    reattachId: atom<string | null>(null) as PrimitiveAtom<string | null>,
    /** Narrow screens: the comments panel is a sheet over the viewer. */
    sidebarOpen: atom(false),
    helpOpen: atom(false),
    /** Two revisions compared side by side or as an overlay (null: the ordinary review). */
    compare: atom<CompareState | null>(null) as PrimitiveAtom<CompareState | null>,
  }
}

export type ReviewAtoms = ReturnType<typeof createReviewAtoms>

export const ReviewAtomsContext = createContext<ReviewAtoms | null>(null)

export function useReviewAtoms(): ReviewAtoms {
  const atoms = useContext(ReviewAtomsContext)
  if (!atoms) throw new Error('useReviewAtoms outside the review screen')
  return atoms
}
