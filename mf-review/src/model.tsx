/**
 * The review model: everything the screen derives from the canvas, the URL and the UI atoms (current
 * revision, asset, page, the comments of this revision and their numbers, the open comment), plus the
 * moves that change them. One hook at the top of the screen, read by every part through a context.
 */
import type { DomainUser } from '@pinpoint/domain'
import { effectiveCanvasType, viewForCommentWindow } from '@pinpoint/domain'
import { setViewMode } from '@pinpoint/state'
import { useAtom, useSetAtom } from 'jotai'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react'
import { type AnnotationActions, useAnnotationActions } from './data/actions'
import { useAnnotations } from './data/queries'
import type { Annotation, Canvas, CanvasAsset } from './data/types'
import { type Abilities, abilitiesFor } from './lib/abilities'
import { numberAnnotations, type Placement } from './lib/list'
import { navigate } from './lib/location'
import { formatReviewRoute, type ReviewRoute } from './lib/route'
import { useReviewAtoms } from './state'

export type ViewerKind = 'website' | 'email' | 'image' | 'pdf' | 'video' | 'none'

export interface ReviewModel {
  canvas: Canvas
  user: DomainUser | null
  abilities: Abilities
  route: ReviewRoute
  revisions: NonNullable<Canvas['CanvasRevisions']>
  revisionId: string | null
  revisionNumber: number | null
  latestRevisionNumber: number | null
  assets: CanvasAsset[]
  asset: CanvasAsset | null
  viewer: ViewerKind
  pageIndex: number
  /** The comments of the revision shown (a website revision has its own address, decision 047). */
  annotations: Annotation[]
  loading: boolean
  numbers: Map<string, number>
  placement: Placement
  selected: Annotation | null
  /** The URL names a comment that does not exist or is hidden from this viewer (SPEC 5: NotFound). */
  selectedMissing: boolean
  actions: AnnotationActions
  commentHref(annotationId: string): string
  select(annotationId: string | null): void
  setPage(pageIndex: number): void
  setRevision(number: number): void
  setAsset(assetId: string): void
}

const ReviewModelContext = createContext<ReviewModel | null>(null)
export const ReviewModelProvider = ReviewModelContext.Provider

export function useReview(): ReviewModel {
  const model = useContext(ReviewModelContext)
  if (!model) throw new Error('useReview outside the review screen')
  return model
}

function viewerOf(type: string, asset: CanvasAsset | null): ViewerKind {
  if (type === 'website') return 'website'
  if (type === 'email' || asset?.type === 'email') return 'email'
  if (type === 'video' || asset?.mimeType?.startsWith('video/')) return 'video'
  if (asset?.type === 'pdf' || asset?.mimeType === 'application/pdf') return 'pdf'
  return asset ? 'image' : 'none'
}

export function useReviewModel(canvas: Canvas, route: ReviewRoute, user: DomainUser | null): ReviewModel {
  const atoms = useReviewAtoms()
  const [assetId, setAssetId] = useAtom(atoms.assetId)
  const [path] = useAtom(atoms.path)
  const setFramePath = useSetAtom(atoms.framePath)
  const setCommenting = useSetAtom(atoms.commenting)
  const setViewModeAtom = useSetAtom(atoms.viewMode)
  const setDeviceWidth = useSetAtom(atoms.deviceWidth)
  const query = useAnnotations(canvas.id)
  const all = query.data?.annotations

  const revisions = useMemo(
    () => [...(canvas.CanvasRevisions ?? [])].sort((a, b) => a.number - b.number),
    [canvas.CanvasRevisions],
  )
  const latest = revisions.find((r) => r.id === canvas.CanvasRevisionId) ?? revisions.at(-1) ?? null
  const opened = route.annotationId ? all?.find((a) => a.id === route.annotationId) : undefined
  const revision =
    (route.version !== null ? revisions.find((r) => r.number === route.version) : undefined) ??
    (opened?.CanvasRevisionId ? revisions.find((r) => r.id === opened.CanvasRevisionId) : undefined) ??
    latest
  const revisionId = revision?.id ?? null
  const assets = useMemo(
    () =>
      (canvas.CanvasAssets ?? [])
        .filter((a) => !revisionId || !a.CanvasRevisionId || a.CanvasRevisionId === revisionId)
        .sort((a, b) => a.position - b.position),
    [canvas.CanvasAssets, revisionId],
  )
  const asset =
    assets.find((a) => a.id === assetId) ??
    assets.find((a) => a.id === opened?.CanvasAssetId) ??
    assets[0] ??
    null
  const type = canvas.effectiveType ?? effectiveCanvasType({ type: canvas.type, assets })
  const viewer = viewerOf(canvas.type === 'website' ? 'website' : type, asset)
  const pageIndex = route.pageIndex ?? 0
  const withHash = viewer !== 'email'

  const annotations = useMemo(
    () => (all ?? []).filter((a) => !revisionId || !a.CanvasRevisionId || a.CanvasRevisionId === revisionId),
    [all, revisionId],
  )
  const numbers = useMemo(() => numberAnnotations(annotations), [annotations])
  const placement = useMemo<Placement>(
    () => ({ assetId: asset?.id ?? null, pageIndex, path: viewer === 'website' ? (path ?? '/') : null }),
    [asset?.id, pageIndex, viewer, path],
  )
  const commentHref = useCallback(
    (annotationId: string) =>
      formatReviewRoute({ subdomain: canvas.subdomain, annotationId, withHash: false }),
    [canvas.subdomain],
  )
  const actions = useAnnotationActions(canvas.id, commentHref)
  const latestNumber = latest?.number ?? null
  const versionParam = revision && revision.number !== latestNumber ? revision.number : null

  const go = useCallback(
    (
      target: { annotationId?: string | null; version?: number | null; pageIndex?: number | null },
      replace = false,
    ) => {
      navigate(formatReviewRoute({ subdomain: canvas.subdomain, withHash, ...target }), { replace })
    },
    [canvas.subdomain, withHash],
  )

  // Opening a comment (from the list, a pin, a notification or a link) shows it where it was made: its
  // asset, page or website path, and for websites and e-mails the view of the window it was written in.
  const placedFor = useRef<string | null>(null)
  useEffect(() => {
    if (!opened || placedFor.current === opened.id) return
    placedFor.current = opened.id
    setCommenting(true)
    if (opened.CanvasAssetId) setAssetId(opened.CanvasAssetId)
    if (viewer === 'website' && opened.path && opened.path !== path)
      setFramePath({ path: opened.path, seq: Date.now() })
    if (viewer === 'website' || viewer === 'email') {
      const view = viewForCommentWindow(opened.metadata?.window ?? null)
      setViewModeAtom(view.viewMode)
      setViewMode(view.viewMode)
      if (view.viewMode === 'mobile') setDeviceWidth(view.width)
    }
  }, [opened, viewer, path, setAssetId, setCommenting, setFramePath, setViewModeAtom, setDeviceWidth])

  return {
    canvas,
    user,
    abilities: useMemo(() => abilitiesFor(user, canvas), [user, canvas]),
    route,
    revisions,
    revisionId,
    revisionNumber: revision?.number ?? null,
    latestRevisionNumber: latestNumber,
    assets,
    asset,
    viewer,
    pageIndex,
    annotations,
    loading: query.isPending,
    numbers,
    placement,
    selected: opened ?? null,
    selectedMissing: !!route.annotationId && !!all && !opened,
    actions,
    commentHref,
    select(annotationId) {
      const target = annotationId ? all?.find((a) => a.id === annotationId) : null
      if (!annotationId) placedFor.current = null
      go({
        annotationId,
        version: annotationId ? null : versionParam,
        pageIndex: target ? (target.canvasAssetPageIndex ?? 0) : pageIndex,
      })
    },
    setPage(next) {
      go({ annotationId: route.annotationId, version: versionParam, pageIndex: next }, true)
    },
    setRevision(number) {
      // SPEC 4: a revision change shows that revision's first asset, a PDF from its first page.
      setAssetId(null)
      go({ version: number === latestNumber ? null : number, pageIndex: 0 })
    },
    setAsset(id) {
      setAssetId(id)
      go({ annotationId: null, version: versionParam, pageIndex: 0 })
    },
  }
}
