/**
 * The bar above the viewer: the canvas, its revision and file, the view controls, who else is here, the
 * browse/comment switch (commenting is on by default), copy-change mode, the help menu (shortcuts, tour),
 * and on phones the button that opens the comments.
 */

import { isGuest, type TourId } from '@pinpoint/domain'
import { canvasPeopleAtom, navigatorAtom } from '@pinpoint/state'
import { Button, cn, LogoMark } from '@pinpoint/ui'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { MessageSquare, MessageSquarePlus, MousePointer2, Type, Users } from 'lucide-react'
import { FilesButton } from '../assets/files-button'
import type { Viewer } from '../data/realtime'
import { useNarrow } from '../lib/narrow'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { HelpMenu } from './help-menu'
import { Presence } from './presence'
import { Reviewer } from './reviewer'
import { RevisionMenu } from './revision-menu'
import { ShareButton } from './share-dialog'
import { Verdict } from './verdict'
import { ViewControls } from './view-controls'

function ModeToggle() {
  const atoms = useReviewAtoms()
  const [commenting, setCommenting] = useAtom(atoms.commenting)
  const { abilities } = useReview()
  const on = commenting && abilities.comment
  return (
    <fieldset className="flex rounded-control border border-line-strong/80 p-0.5" data-tour="review-mode">
      <legend className="sr-only">Mode</legend>
      <button
        type="button"
        aria-pressed={!on}
        onClick={() => setCommenting(false)}
        title="Browse: use the page (c)"
        className={cn(
          'flex h-7 items-center gap-1.5 rounded-md px-2 text-sm',
          !on ? 'bg-ink text-ink-inverted' : 'text-ink-muted hover:bg-hover',
        )}
      >
        <MousePointer2 className="size-4" aria-hidden="true" />
        <span className="hidden lg:inline">Browse</span>
        <span className="sr-only lg:hidden">Browse</span>
      </button>
      <button
        type="button"
        aria-pressed={on}
        disabled={!abilities.comment}
        onClick={() => setCommenting(true)}
        title={abilities.comment ? 'Comment: click to pin a comment (c)' : 'Commenting is off on this canvas'}
        className={cn(
          'flex h-7 items-center gap-1.5 rounded-md px-2 text-sm disabled:opacity-50',
          on ? 'bg-brand-600 text-white' : 'text-ink-muted hover:bg-hover',
        )}
      >
        <MessageSquarePlus className="size-4" aria-hidden="true" />
        <span className="hidden lg:inline">Comment</span>
        <span className="sr-only lg:hidden">Comment</span>
      </button>
    </fieldset>
  )
}

/**
 * The logo leads a member back to their dashboard (the review screen was a dead end, issue 19 item 11);
 * a guest has no dashboard, so for them it stays a picture.
 */
function HomeLink() {
  const { user } = useReview()
  const navigator = useAtomValue(navigatorAtom)
  const logo = <LogoMark className="size-7 shrink-0" />
  if (!user || isGuest(user)) return logo
  return (
    <a
      href="/dashboard"
      aria-label="Back to the dashboard"
      title="Back to the dashboard"
      className="shrink-0 rounded-control focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      onClick={(event) => {
        if (!navigator || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        navigator.navigate('/dashboard')
      }}
    >
      {logo}
    </a>
  )
}

export function TopBar({
  viewers,
  userName,
  tour,
}: {
  viewers: readonly Viewer[]
  userName: string | null
  tour: TourId
}) {
  const atoms = useReviewAtoms()
  const [textEdit, setTextEdit] = useAtom(atoms.textEdit)
  const setCommenting = useSetAtom(atoms.commenting)
  const setSidebarOpen = useSetAtom(atoms.sidebarOpen)
  const openPeople = useSetAtom(canvasPeopleAtom)
  // The compare view has its own zoom and pages: the review's controls would act on what is hidden.
  const comparing = useAtomValue(atoms.compare) !== null
  const {
    canvas,
    revisions,
    revisionNumber,
    latestRevisionNumber,
    setRevision,
    assets,
    asset,
    setAsset,
    viewer,
    user,
    annotations,
    abilities,
  } = useReview()
  const frame = viewer === 'website' || viewer === 'email'
  const narrow = useNarrow()
  return (
    <header
      className="flex h-14 min-w-0 shrink-0 items-center gap-2 border-b border-line bg-surface px-2 sm:px-3"
      data-testid="review-top-bar"
    >
      <HomeLink />
      <div className="min-w-0 shrink">
        <h1 className="truncate text-sm font-semibold" title={canvas.title}>
          {canvas.title}
        </h1>
        {canvas.User?.name ? (
          <p className="truncate text-xs text-ink-muted">Shared by {canvas.User.name}</p>
        ) : null}
      </div>
      {revisions.length > 1 ? (
        <select
          aria-label="Revision"
          // Narrower on a phone (it reads "v2 (l…"), so the bar fits 390 px with an owner's buttons.
          className="h-8 shrink-0 rounded-control border border-line-strong/80 bg-surface px-1.5 text-sm max-sm:w-16"
          value={revisionNumber ?? ''}
          onChange={(event) => setRevision(Number(event.target.value))}
          data-testid="revision-select"
        >
          {[...revisions].reverse().map((revision) => (
            <option key={revision.id} value={revision.number}>
              v{revision.number}
              {/* On a phone the number alone: names and "(latest)" would push the bar's last button
                  (Comments) off a 390 px screen; wider screens show them. */}
              {!narrow && revision.name ? ` · ${revision.name}` : ''}
              {!narrow && revision.number === latestRevisionNumber ? ' (latest)' : ''}
            </option>
          ))}
        </select>
      ) : null}
      <RevisionMenu />
      {assets.length > 1 ? (
        <select
          aria-label="File"
          className="hidden h-8 max-w-48 shrink rounded-control border border-line-strong/80 bg-surface px-1.5 text-sm sm:block"
          value={asset?.id ?? ''}
          onChange={(event) => setAsset(event.target.value)}
          data-testid="asset-select"
        >
          {assets.map((item, index) => (
            <option key={item.id} value={item.id}>
              {index + 1}. {item.name}
            </option>
          ))}
        </select>
      ) : null}
      <FilesButton place="top-bar" />
      <div className="mx-auto hidden items-center md:flex" data-tour="review-view">
        {comparing ? null : <ViewControls />}
      </div>
      <div className="ml-auto flex items-center gap-1 sm:gap-1.5 md:ml-0">
        <Presence viewers={viewers} selfId={user?.id ?? null} />
        <Reviewer name={userName} />
        <Verdict />
        <ShareButton />
        <ModeToggle />
        {frame && abilities.comment ? (
          <Button
            variant={textEdit ? 'primary' : 'ghost'}
            size="icon-sm"
            aria-pressed={textEdit}
            aria-label="Copy change: edit text on the page (t)"
            title="Copy change: edit text on the page (t)"
            onClick={() => {
              setTextEdit(!textEdit)
              setCommenting(true)
            }}
          >
            <Type />
          </Button>
        ) : null}
        {abilities.member ? (
          // Members see who has access; the owner and team admins change it (the shell hosts the dialog).
          // Not on a phone: the bar would run past a 390 px screen and push the composer's Post button off
          // it; there the dashboard card's People entry opens the same dialog.
          <Button
            variant="ghost"
            size="icon-sm"
            className="max-sm:hidden"
            aria-label="People with access"
            title="People with access"
            onClick={() => openPeople({ canvasId: canvas.id, title: canvas.title })}
          >
            <Users />
          </Button>
        ) : null}
        <HelpMenu tour={tour} userName={userName} />
        <Button
          variant="secondary"
          size="sm"
          className="md:hidden"
          onClick={() => setSidebarOpen(true)}
          data-tour="review-comments"
        >
          <MessageSquare aria-hidden="true" />
          {/* The name holds the visible count (WCAG 2.5.3, label in name): "Comments 3". */}
          <span className="sr-only">Comments </span>
          {annotations.length}
        </Button>
      </div>
    </header>
  )
}
