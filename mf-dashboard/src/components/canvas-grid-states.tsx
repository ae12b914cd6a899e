import { Button, EmptyState, Skeleton } from '@pinpoint/ui'
import { LayoutGrid, Plus, Search, UploadCloud } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { NewCanvasTab } from '../dialogs/new-canvas-dialog'

/** Placeholder cards while the first page loads. */
export function CanvasGridSkeleton() {
  return (
    <div
      className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,15rem),1fr))] gap-4"
      role="status"
      aria-label="Loading canvases"
    >
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <div key={i} className="overflow-hidden rounded-card border border-line bg-surface">
          <Skeleton className="aspect-[16/10] rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-3.5 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** What an empty list says: no match, nothing archived, or how to make the first canvas. */
export function EmptyCanvases({
  searching,
  verdictFiltered = false,
  archived,
  inFolder,
  onCreate,
}: {
  searching: boolean
  /** A verdict filter is on: the canvases exist, they just have another verdict. */
  verdictFiltered?: boolean
  archived: boolean
  inFolder: boolean
  onCreate: (tab: NewCanvasTab) => void
}) {
  if (searching) {
    return (
      <EmptyState
        icon={<Search />}
        title="No canvas matches your search"
        description="Try another word, or clear the search to see everything."
      />
    )
  }
  if (verdictFiltered) {
    return (
      <EmptyState
        icon={<LayoutGrid />}
        title="No canvas has this verdict"
        description="Choose “Any verdict” in the filter to see every canvas."
      />
    )
  }
  if (archived) {
    return (
      <EmptyState
        icon={<LayoutGrid />}
        title="Nothing archived"
        description="Archived canvases rest here, out of the way but never lost."
      />
    )
  }
  return (
    <div className="rounded-2xl border border-dashed border-line-strong bg-surface/60">
      <EmptyState
        icon={<UploadCloud />}
        title={inFolder ? 'This project is empty' : 'Create your first canvas'}
        description="Drop images, PDFs, a video or an HTML e-mail anywhere on this page, or start from a website address."
        action={
          <>
            <Button onClick={() => onCreate('website')}>
              <Plus />
              New canvas
            </Button>
            <Button variant="secondary" onClick={() => onCreate('files')}>
              Upload files
            </Button>
          </>
        }
      />
    </div>
  )
}

/** Loads the next page when its sentinel scrolls into view; the button is the keyboard path. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  loaded,
  total,
}: {
  hasMore: boolean
  loading: boolean
  onLoad: () => void
  loaded: number
  total: number
}) {
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loading) onLoad()
      },
      { rootMargin: '400px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasMore, loading, onLoad])
  if (!hasMore) return null
  return (
    <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
      <Button variant="secondary" loading={loading} onClick={onLoad}>
        Load more
      </Button>
      <p className="text-xs text-ink-muted">
        Showing {loaded} of {total}
      </p>
    </div>
  )
}
