/**
 * The comments the sidebar lists and the viewers pin: this revision's comments through the search and
 * filters, in the chosen order. Pins follow the same filters, so hiding resolved comments hides their pins.
 */
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import type { Annotation } from './data/types'
import { filterAnnotations, isOnPlacement, sortAnnotations } from './lib/list'
import { useReview } from './model'
import { useReviewAtoms } from './state'

export function useListedAnnotations(): Annotation[] {
  const atoms = useReviewAtoms()
  const { annotations, numbers, placement, assets } = useReview()
  const search = useAtomValue(atoms.search)
  const statuses = useAtomValue(atoms.statuses)
  const labelIds = useAtomValue(atoms.labelIds)
  const currentPageOnly = useAtomValue(atoms.currentPageOnly)
  const exported = useAtomValue(atoms.exported)
  const sort = useAtomValue(atoms.sort)
  return useMemo(() => {
    const positions = new Map(assets.map((asset) => [asset.id, asset.position]))
    const filtered = filterAnnotations(
      annotations,
      { search, statuses, labelIds, currentPageOnly, exported },
      placement,
      numbers,
    )
    return sortAnnotations(filtered, sort, positions)
  }, [annotations, search, statuses, labelIds, currentPageOnly, exported, sort, placement, numbers, assets])
}

/** The listed comments placed where the viewer is (this asset and page, or this website path). */
export function usePinnedAnnotations(): Annotation[] {
  const listed = useListedAnnotations()
  const { placement, selected, viewer } = useReview()
  return useMemo(() => {
    const here = listed.filter((annotation) =>
      viewer === 'video'
        ? annotation.CanvasAssetId === placement.assetId || !annotation.CanvasAssetId
        : isOnPlacement(annotation, placement),
    )
    // The open comment keeps its pin even when a filter would hide it.
    if (selected && !here.includes(selected) && (viewer === 'video' || isOnPlacement(selected, placement)))
      here.push(selected)
    return here
  }, [listed, placement, selected, viewer])
}
