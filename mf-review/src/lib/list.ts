/**
 * The sidebar's list rules, pure so they are tested without a browser: pin numbers, search and filters,
 * the three sorts of SPEC section 2 (by page by default, recency, oldest) with optional grouping by status,
 * and stepping to the previous or next comment with wrap-around.
 */
import type { Annotation } from '../data/types'

export type SortMode = 'page' | 'recency' | 'oldest'

export interface ListFilters {
  search: string
  /** Statuses shown; empty = every status. */
  statuses: readonly string[]
  /** Label ids; a comment must carry at least one. Empty = no label filter. */
  labelIds: readonly string[]
  currentPageOnly: boolean
  /** SPEC 4: exported once lastExportDate is set. Absent or 'all' = no filter. */
  exported?: ExportedFilter
}

export type ExportedFilter = 'all' | 'exported' | 'not-exported'

export function matchesExported(annotation: Annotation, filter: ExportedFilter | undefined): boolean {
  if (!filter || filter === 'all') return true
  return (filter === 'exported') === !!annotation.lastExportDate
}

/** Where the viewer is: the comments "on the current page" are those placed here. */
export interface Placement {
  assetId: string | null
  pageIndex: number
  /** Website path; null for other canvas types. */
  path: string | null
}

const byCreation = (a: Annotation, b: Annotation) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)

/** Pin numbers: 1, 2, 3 in order of creation, stable while comments come and go after them. */
export function numberAnnotations(annotations: readonly Annotation[]): Map<string, number> {
  return new Map([...annotations].sort(byCreation).map((annotation, index) => [annotation.id, index + 1]))
}

/** Comment text without mention markup: `@[Ada](user:1)` reads `@Ada`. */
export function plainComment(comment: string): string {
  return comment.replace(/@\[([^\]]+)\]\([A-Za-z][\w-]*:[A-Za-z0-9]+\)/g, '@$1')
}

export function isOnPlacement(annotation: Annotation, placement: Placement): boolean {
  if (placement.path !== null) return (annotation.path ?? '/') === placement.path
  if (placement.assetId && annotation.CanvasAssetId && annotation.CanvasAssetId !== placement.assetId)
    return false
  return (annotation.canvasAssetPageIndex ?? 0) === placement.pageIndex
}

export function matchesSearch(annotation: Annotation, query: string, number: number | undefined): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  if (/^#?\d+$/.test(needle) && number === Number(needle.replace('#', ''))) return true
  const haystack = [
    plainComment(annotation.comment),
    annotation.userName,
    annotation.textContentAfter ?? '',
    ...annotation.Labels.map((label) => label.name),
    ...(annotation.AnnotationReplies ?? []).map(
      (reply) => `${reply.userName} ${plainComment(reply.comment)}`,
    ),
  ]
    .join('\n')
    .toLowerCase()
  return haystack.includes(needle)
}

export function filterAnnotations(
  annotations: readonly Annotation[],
  filters: ListFilters,
  placement: Placement,
  numbers: Map<string, number>,
): Annotation[] {
  return annotations.filter(
    (annotation) =>
      (filters.statuses.length === 0 || filters.statuses.includes(annotation.status)) &&
      (filters.labelIds.length === 0 ||
        annotation.Labels.some((label) => filters.labelIds.includes(label.id))) &&
      (!filters.currentPageOnly || isOnPlacement(annotation, placement)) &&
      matchesExported(annotation, filters.exported) &&
      matchesSearch(annotation, filters.search, numbers.get(annotation.id)),
  )
}

/** Sorts a copy. "page" orders by asset, page, website path, then top to bottom, then number. */
export function sortAnnotations(
  annotations: readonly Annotation[],
  sort: SortMode,
  assetPositions: ReadonlyMap<string, number>,
): Annotation[] {
  const list = [...annotations]
  if (sort === 'recency') return list.sort((a, b) => byCreation(b, a))
  if (sort === 'oldest') return list.sort(byCreation)
  const asset = (a: Annotation) => (a.CanvasAssetId ? (assetPositions.get(a.CanvasAssetId) ?? 0) : 0)
  return list.sort(
    (a, b) =>
      asset(a) - asset(b) ||
      (a.canvasAssetPageIndex ?? 0) - (b.canvasAssetPageIndex ?? 0) ||
      (a.path ?? '').localeCompare(b.path ?? '') ||
      (a.videoTime ?? 0) - (b.videoTime ?? 0) ||
      (a.y ?? 0) - (b.y ?? 0) ||
      byCreation(a, b),
  )
}

/** The id after (or before) `currentId` in `ids`, wrapping around at either end. */
export function stepSelection(
  ids: readonly string[],
  currentId: string | null,
  direction: 1 | -1,
): string | null {
  if (ids.length === 0) return null
  const index = currentId ? ids.indexOf(currentId) : -1
  if (index < 0) return direction === 1 ? (ids[0] ?? null) : (ids[ids.length - 1] ?? null)
  return ids[(index + direction + ids.length) % ids.length] ?? null
}

export interface Group {
  key: string
  title: string
  items: Annotation[]
}

/** Groups a sorted list by status (keeping the order inside each group), in the order statuses appear. */
export function groupByStatus(annotations: readonly Annotation[], titles: Record<string, string>): Group[] {
  const groups = new Map<string, Group>()
  for (const annotation of annotations) {
    const group = groups.get(annotation.status) ?? {
      key: annotation.status,
      title: titles[annotation.status] ?? annotation.status,
      items: [],
    }
    group.items.push(annotation)
    groups.set(annotation.status, group)
  }
  return [...groups.values()]
}
