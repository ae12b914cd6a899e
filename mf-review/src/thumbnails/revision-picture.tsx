/** One side of the compare view as the revision's stored picture (see compare-picture.ts). */
import { formatRelativeTime } from '@pinpoint/ui'
import type { CSSProperties } from 'react'

export function RevisionPicture({
  url,
  number,
  title,
  takenAt,
  width,
  style,
  testId,
}: {
  url: string
  number: number
  title: string
  takenAt: string | null | undefined
  width: number
  style?: CSSProperties
  testId: string
}) {
  const when = takenAt ? formatRelativeTime(takenAt) : null
  return (
    <div className="absolute inset-0 flex justify-center overflow-auto bg-surface-sunken" style={style}>
      <figure className="m-0" style={{ width: Math.max(0, Math.round(width)) }} data-testid={testId}>
        <img
          src={url}
          alt={`v${number} of ${title}, as pictured${when ? ` ${when}` : ''}`}
          className="block h-auto w-full bg-white"
        />
        <figcaption className="bg-surface px-3 py-2 text-xs text-ink-muted">
          A picture of v{number}
          {when ? `, taken ${when}` : ''}: the site at this address now shows a later revision.
        </figcaption>
      </figure>
    </div>
  )
}
