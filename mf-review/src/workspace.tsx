/**
 * The review screen for one canvas: top bar, state banner, viewer with its comment box, the comments
 * panel, shortcuts and their help, live updates and presence, the guest prompt (asked once), then the
 * guided tour (once).
 */
import type { DomainUser } from '@pinpoint/domain'
import { dismissNotificationAtom, notificationsAtom } from '@pinpoint/state'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState } from 'react'
import { HelpDialog } from './chrome/help-dialog'
import { useShortcuts } from './chrome/shortcuts'
import { StateBanner } from './chrome/state-banner'
import { TopBar } from './chrome/top-bar'
import { CompareView } from './compare/compare-view'
import { ComposerLayer } from './composer/composer'
import { useCanvasRealtime } from './data/realtime'
import type { Canvas } from './data/types'
import { GuestDialog } from './gate/guest-dialog'
import type { ReviewRoute } from './lib/route'
import { ReviewModelProvider, useReview, useReviewModel } from './model'
import { Sidebar, useStep } from './sidebar/sidebar'
import { createReviewAtoms, ReviewAtomsContext, useReviewAtoms } from './state'
import { useReviewTour } from './tour/review-tour'
import { Viewer } from './viewers/viewer'

const GUEST_PROMPT_KEY = 'pinpoint:guest-prompted'
const GUEST_PROMPT_DELAY_MS = 700

interface WorkspaceProps {
  canvas: Canvas
  route: ReviewRoute
  user: DomainUser | null
  userName: string | null
}

export function Workspace(props: WorkspaceProps) {
  const atoms = useMemo(() => createReviewAtoms(), [])
  return (
    <ReviewAtomsContext.Provider value={atoms}>
      <WorkspaceModel {...props} />
    </ReviewAtomsContext.Provider>
  )
}

function WorkspaceModel({ canvas, route, user, userName }: WorkspaceProps) {
  const model = useReviewModel(canvas, route, user)
  return (
    <ReviewModelProvider value={model}>
      <WorkspaceLayout userName={userName} />
    </ReviewModelProvider>
  )
}

/** The shell shows its own notification for some of the events this screen announces: show one of each. */
function useNotificationDedupe() {
  const notifications = useAtomValue(notificationsAtom)
  const dismiss = useSetAtom(dismissNotificationAtom)
  useEffect(() => {
    const seen = new Set<string>()
    for (const entry of notifications) {
      if (entry.phase === 'animating-out' || entry.phase === 'removed') continue
      const key = `${entry.text}|${entry.href}`
      if (seen.has(key)) dismiss(entry.id)
      seen.add(key)
    }
  }, [notifications, dismiss])
}

/**
 * New comments and replies that arrive in real time, read out politely: the notification cards are
 * buttons, which a screen reader does not announce as they appear.
 */
function LiveAnnouncer() {
  const notifications = useAtomValue(notificationsAtom)
  const latest = [...notifications].reverse().find((entry) => entry.phase !== 'removed')
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="live-announcer">
      {latest?.text ?? ''}
    </div>
  )
}

function WorkspaceLayout({ userName }: { userName: string | null }) {
  const model = useReview()
  const comparing = useAtomValue(useReviewAtoms().compare) !== null
  const step = useStep()
  useShortcuts(step)
  useNotificationDedupe()
  const { viewers } = useCanvasRealtime({
    canvasId: model.canvas.id,
    subdomain: model.canvas.subdomain,
    viewerId: model.user?.id ?? null,
    commentHref: model.commentHref,
  })
  // Asked once per visit, after the canvas and its pins are on screen: the reviewer sees what they are
  // about to comment on first, and the prompt does not compete with the first paint.
  const [guestOpen, setGuestOpen] = useState(false)
  // The tour waits for the guest prompt (asked first, or not at all): two overlays never stack.
  const [promptSettled, setPromptSettled] = useState(false)
  const anonymous = !model.user
  useEffect(() => {
    if (model.loading) return
    if (!anonymous) return setPromptSettled(true)
    let prompted = false
    try {
      prompted = sessionStorage.getItem(GUEST_PROMPT_KEY) === '1'
    } catch {
      // No storage (private browsing): ask.
    }
    if (prompted) return setPromptSettled(true)
    const timer = window.setTimeout(() => setGuestOpen(true), GUEST_PROMPT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [anonymous, model.loading])
  const tour = useReviewTour(promptSettled && !guestOpen)
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a real link to #review-viewer; the handler adds the focus move a hash alone does not make here */}
      <a
        href="#review-viewer"
        // Focus moves onto the canvas region itself (a hash alone left it on the body, issue 19 item 7).
        onClick={(event) => {
          event.preventDefault()
          document.getElementById('review-viewer')?.focus()
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to the canvas
      </a>
      <TopBar viewers={viewers} userName={userName} tour={tour} />
      <StateBanner />
      {comparing ? <CompareView /> : null}
      <div className={comparing ? 'hidden' : 'relative flex min-h-0 flex-1'}>
        <main
          id="review-viewer"
          tabIndex={-1}
          className="relative min-w-0 flex-1 outline-none"
          aria-label="Canvas"
        >
          <Viewer />
          <ComposerLayer />
        </main>
        <Sidebar />
      </div>
      <HelpDialog />
      <LiveAnnouncer />
      {guestOpen && !model.user ? (
        <GuestDialog
          open
          onOpenChange={(open) => {
            if (open) return
            setGuestOpen(false)
            setPromptSettled(true)
            try {
              sessionStorage.setItem(GUEST_PROMPT_KEY, '1')
            } catch {
              // Private browsing without storage: the prompt may come back on the next visit.
            }
          }}
        />
      ) : null}
    </>
  )
}
