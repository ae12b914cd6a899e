/**
 * Keyboard shortcuts of the review screen, one table for the handler and the help dialog. Keys typed into
 * a field are never taken; keys pressed inside a reviewed page come through the bridge.
 */
import { ANNOTATION_STATUSES } from '@pinpoint/domain'
import { setViewMode } from '@pinpoint/state'
import { useAtom, useSetAtom, useStore } from 'jotai'
import { useEffect, useRef } from 'react'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'
import { stepZoom } from '../viewers/zoom'

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; label: string }> = [
  { keys: ['c'], label: 'Switch between commenting and browsing' },
  { keys: ['j'], label: 'Next comment (wraps around)' },
  { keys: ['k'], label: 'Previous comment (wraps around)' },
  { keys: ['Esc'], label: 'Close the comment box or the open comment' },
  { keys: ['r'], label: 'Resolve or reopen the open comment' },
  { keys: ['s'], label: 'Next status of the open comment' },
  { keys: ['/'], label: 'Search comments' },
  { keys: ['b'], label: 'Batch mode' },
  { keys: ['m'], label: 'Desktop or mobile view (websites and e-mails)' },
  { keys: ['t'], label: 'Copy change: edit the text on the page' },
  { keys: ['+', '-', '0'], label: 'Zoom in, zoom out, 100 %' },
  { keys: ['w', 'h'], label: 'Fit width, fit height' },
  { keys: ['←', '→'], label: 'Previous or next page' },
  { keys: ['?'], label: 'Show these shortcuts' },
]

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null
  return !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
}

export function useShortcuts(step: (direction: 1 | -1) => void) {
  const atoms = useReviewAtoms()
  const model = useReview()
  const store = useStore()
  const [, setHelp] = useAtom(atoms.helpOpen)
  const setDraft = useSetAtom(atoms.draft)
  const latest = useRef({ model, step })
  latest.current = { model, step }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target))
        return
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return
      const { model, step } = latest.current
      const { selected, actions, abilities, viewer, pageIndex } = model
      const frame = viewer === 'website' || viewer === 'email'
      const act = (fn: () => void) => {
        event.preventDefault()
        fn()
      }
      switch (event.key) {
        case 'c':
          return act(() => store.set(atoms.commenting, !store.get(atoms.commenting)))
        case 'j':
          return act(() => step(1))
        case 'k':
          return act(() => step(-1))
        case 'Escape':
          if (store.get(atoms.draft)) return act(() => setDraft(null))
          if (selected) return act(() => model.select(null))
          return
        case 'r':
          if (selected && abilities.changeStatus(selected)) {
            return act(
              () =>
                void actions.update(selected.id, {
                  status: selected.status === 'resolved' ? 'active' : 'resolved',
                }),
            )
          }
          return
        case 's':
          if (selected && abilities.changeStatus(selected)) {
            const index = ANNOTATION_STATUSES.indexOf(selected.status as (typeof ANNOTATION_STATUSES)[number])
            const status = ANNOTATION_STATUSES[(index + 1) % ANNOTATION_STATUSES.length] ?? 'active'
            return act(() => void actions.update(selected.id, { status }))
          }
          return
        case '/':
          return act(() => document.getElementById('review-search')?.focus())
        case 'b':
          return act(() => store.set(atoms.batchMode, !store.get(atoms.batchMode)))
        case 'm':
          if (!frame) return
          return act(() => {
            const next = store.get(atoms.viewMode) === 'mobile' ? 'desktop' : 'mobile'
            store.set(atoms.viewMode, next)
            setViewMode(next)
          })
        case 't':
          if (!frame) return
          return act(() => {
            store.set(atoms.textEdit, !store.get(atoms.textEdit))
            store.set(atoms.commenting, true)
          })
        case '+':
        case '=':
        case '-':
        case '0': {
          if (frame || viewer === 'video') return
          const zoom = store.get(atoms.zoom)
          const current = zoom.mode === 'percent' ? zoom.percent / 100 : 1
          const percent = event.key === '0' ? 100 : stepZoom(current, event.key === '-' ? -1 : 1)
          return act(() => store.set(atoms.zoom, { mode: 'percent', percent }))
        }
        case 'w':
        case 'h':
          if (frame || viewer === 'video') return
          return act(() => store.set(atoms.zoom, { mode: event.key === 'w' ? 'fit-width' : 'fit-height' }))
        case 'ArrowLeft':
        case 'ArrowRight':
          if (viewer !== 'pdf') return
          return act(() => model.setPage(Math.max(0, pageIndex + (event.key === 'ArrowLeft' ? -1 : 1))))
        case '?':
          return act(() => setHelp(true))
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [atoms, store, setHelp, setDraft])
}
