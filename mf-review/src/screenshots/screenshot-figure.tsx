/**
 * The pictures of a comment's spot in the opened comment (decision 055): a thumbnail per picture (the
 * spot when pinned; after a copy change, the spot once resolved), each a button opening it full size in
 * a dialog. The image addresses are the app's own: they open only for readers of the comment.
 */
import { Dialog } from '@pinpoint/ui'
import { useState } from 'react'
import type { Annotation } from '../data/types'

interface Shot {
  url: string
  label: string
  alt: string
}

function shotsOf(annotation: Annotation): Shot[] {
  const shots: Shot[] = []
  if (annotation.screenshotUrl)
    shots.push({
      url: annotation.screenshotUrl,
      label: annotation.afterScreenshotUrl ? 'Before' : 'Screenshot',
      alt: `Screenshot of the spot this comment by ${annotation.userName} is pinned to`,
    })
  if (annotation.afterScreenshotUrl)
    shots.push({
      url: annotation.afterScreenshotUrl,
      label: 'After',
      alt: `Screenshot of the same spot after the copy change was resolved`,
    })
  return shots
}

export function ScreenshotFigure({ annotation }: { annotation: Annotation }) {
  const [open, setOpen] = useState<Shot | null>(null)
  const shots = shotsOf(annotation)
  if (shots.length === 0) return null
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label="Screenshots">
        {shots.map((shot) => (
          <li key={shot.url} className="min-w-0 max-w-full">
            <button
              type="button"
              onClick={() => setOpen(shot)}
              className="block max-w-full overflow-hidden rounded-md border border-line bg-surface-sunken text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              aria-label={`${shot.label}: open full size`}
              data-testid="comment-screenshot"
            >
              <img
                src={shot.url}
                alt={shot.alt}
                className="block max-h-32 w-auto max-w-full object-contain"
              />
              {shots.length > 1 ? (
                <span className="block px-1.5 py-0.5 text-xs text-ink-muted">{shot.label}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null)
        }}
        title={open?.label === 'After' ? 'Screenshot after the change' : 'Screenshot of the spot'}
        size="lg"
      >
        {open ? <img src={open.url} alt={open.alt} className="mx-auto block h-auto max-w-full" /> : null}
      </Dialog>
    </>
  )
}
