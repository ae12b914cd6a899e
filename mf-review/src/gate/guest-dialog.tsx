/**
 * Guest login (SPEC: guests log in with an e-mail and a name): asked once, when someone opens a link
 * without being signed in, or when they first try to comment. The session it creates keeps them known,
 * so they are not asked again. Members can sign in instead.
 */
import type { User } from '@pinpoint/api'
import { loginAtom } from '@pinpoint/state'
import { Button, Dialog, Field, Input } from '@pinpoint/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { useReviewApi } from '../data/queries'

export function GuestDialog({
  open,
  onOpenChange,
  onDone,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDone?: (user: User) => void
}) {
  const api = useReviewApi()
  const login = useSetAtom(loginAtom)
  const client = useQueryClient()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const next = encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Who is reviewing?"
      // Opened by a timer, it has nothing to give the focus back to: it goes to the canvas (issue 19 item 6).
      finalFocus={() => document.getElementById('review-viewer')}
      description="Your name shows next to your comments, and replies reach you by e-mail. No password needed."
    >
      <form
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault()
          setBusy(true)
          setError(null)
          try {
            const { user } = await api.guestLogin({ name: name.trim(), email: email.trim() })
            login(user)
            await client.invalidateQueries({ queryKey: ['review'] })
            onOpenChange(false)
            onDone?.(user)
          } catch (caught) {
            setError(caught instanceof Error ? caught.message : 'That did not work. Try again.')
          } finally {
            setBusy(false)
          }
        }}
      >
        <Field label="Your name">
          <Input
            autoComplete="name"
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Your e-mail" error={error ?? undefined}>
          <Input
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <a
            className="inline-flex min-h-11 items-center justify-center text-sm text-brand-700 hover:underline sm:min-h-6"
            href={`/login?next=${next}`}
          >
            I have an account
          </a>
          <Button type="submit" loading={busy} disabled={!name.trim() || !email.trim()}>
            Start reviewing
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
