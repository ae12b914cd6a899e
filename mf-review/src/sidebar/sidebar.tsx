/**
 * The comments panel (SPEC 2): search, filters and sort, batch mode, the list, an open comment, or the
 * NotFound state for a comment that does not exist or is hidden. A column on wide screens, a sheet over
 * the viewer on phones.
 */
import { Button, cn, EmptyState, Input } from '@pinpoint/ui'
import { useAtom } from 'jotai'
import { CheckSquare, SearchX, Upload, X } from 'lucide-react'
import { FilesButton } from '../assets/files-button'
import { ExportDialog } from '../export/export-dialog'
import { stepSelection } from '../lib/list'
import { useListedAnnotations } from '../listing'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { BatchBar } from './batch-bar'
import { CommentList } from './comment-list'
import { FiltersButton } from './filters'
import { Thread } from './thread'

/** Steps the open comment through the listed ones, wrapping around. */
export function useStep() {
  const listed = useListedAnnotations()
  const { selected, select } = useReview()
  return (direction: 1 | -1) => {
    const next = stepSelection(
      listed.map((annotation) => annotation.id),
      selected?.id ?? null,
      direction,
    )
    if (next) select(next)
  }
}

export function Sidebar() {
  const atoms = useReviewAtoms()
  const listed = useListedAnnotations()
  const { selected, selectedMissing, select, annotations, abilities } = useReview()
  const [exportOpen, setExportOpen] = useAtom(atoms.exportOpen)
  const [search, setSearch] = useAtom(atoms.search)
  const [batch, setBatch] = useAtom(atoms.batchMode)
  const [open, setOpen] = useAtom(atoms.sidebarOpen)
  const step = useStep()
  return (
    <aside
      aria-label="Comments"
      className={cn(
        'flex min-h-0 flex-col border-line bg-surface',
        'md:static md:w-[22rem] md:shrink-0 md:border-l',
        open ? 'fixed inset-x-0 bottom-0 z-30 h-[75dvh] rounded-t-2xl border-t shadow-pop' : 'hidden md:flex',
      )}
      data-testid="sidebar"
    >
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-2 right-2 md:hidden"
        aria-label="Close comments"
        onClick={() => setOpen(false)}
      >
        <X />
      </Button>
      {selected ? (
        <Thread key={selected.id} annotation={selected} onStep={step} />
      ) : selectedMissing ? (
        <div className="p-4" data-testid="comment-not-found">
          <EmptyState
            icon={<SearchX />}
            title="Comment not found"
            description="It may have been deleted, or it is private to the team."
            action={
              <Button variant="secondary" size="sm" onClick={() => select(null)}>
                See all comments
              </Button>
            }
          />
        </div>
      ) : (
        <>
          <div className="space-y-2 border-b border-line p-3">
            <div className="flex items-center gap-2">
              <h2 className="text-sm font-semibold">
                Comments <span className="font-normal text-ink-muted">{annotations.length}</span>
              </h2>
              <div className="ml-auto flex items-center gap-1 pr-8 md:pr-0">
                <Button
                  variant={batch ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={batch}
                  onClick={() => setBatch(!batch)}
                  aria-label="Batch mode (b)"
                >
                  <CheckSquare />
                </Button>
                {abilities.member && !abilities.guest ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setExportOpen(true)}
                    aria-label="Export comments"
                  >
                    <Upload />
                  </Button>
                ) : null}
                <FiltersButton />
                <FilesButton place="sheet" />
              </div>
            </div>
            <div className="relative">
              <Input
                id="review-search"
                type="search"
                placeholder="Search comments"
                aria-label="Search comments"
                aria-keyshortcuts="/"
                className="pr-8"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              {/* The shortcut hint is for keyboards: phones and touch screens do not show it. */}
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-line-strong px-1 font-sans text-xs text-ink-muted max-sm:hidden pointer-coarse:hidden"
              >
                /
              </span>
            </div>
          </div>
          {batch ? <BatchBar visibleIds={listed.map((annotation) => annotation.id)} /> : null}
          <div className="min-h-0 flex-1 overflow-y-auto">
            <CommentList listed={listed} />
          </div>
          <ExportDialog open={exportOpen} onOpenChange={setExportOpen} />
        </>
      )}
    </aside>
  )
}
