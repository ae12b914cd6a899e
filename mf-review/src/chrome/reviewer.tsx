/** Who is reviewing: the signed-in member or guest, shown in the top bar (and on the link's error states). */
import { Avatar } from '@pinpoint/ui'

export function Reviewer({ name }: { name: string | null }) {
  if (!name) return null
  return (
    // Not on phones: the bar there needs its room for the revision, the verdict and the comments.
    <span className="hidden items-center gap-1.5 sm:flex" title={`Reviewing as ${name}`}>
      <Avatar name={name} size="sm" />
      <span
        className="sr-only xl:not-sr-only xl:max-w-32 xl:truncate xl:text-sm xl:text-ink-muted"
        data-testid="review-user"
      >
        {name}
      </span>
    </span>
  )
}

/** The same, as a line under a message ("Signed in as Ada"), so a wrong account is easy to spot. */
export function SignedInAs({ name }: { name: string | null }) {
  if (!name) return null
  return (
    <p className="mt-4 text-center text-sm text-ink-muted">
      Signed in as <span data-testid="review-user">{name}</span>
    </p>
  )
}
