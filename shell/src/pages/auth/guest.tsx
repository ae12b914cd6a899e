import { safeNextPath } from '@pinpoint/state'
import { Button, Field, Input } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useSignedIn } from '../../session'

/** Guest login: reviewers of a feedback link give a name and an e-mail, no password. */
export function GuestLoginPage() {
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'), '/')
  const navigate = useNavigate()
  const signedIn = useSignedIn()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const guest = useMutation({
    mutationFn: endpoints.session.guest,
    onSuccess: async ({ user }) => {
      signedIn(user)
      await navigate(next, { replace: true })
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    guest.mutate({ name: name.trim(), email: email.trim() })
  }
  return (
    <>
      <AuthHeading
        title="Leave feedback as a guest"
        description="Tell the team who you are so they can reply to your comments. No password needed."
      />
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError message={guest.isError ? errorMessage(guest.error) : null} />
        <Field label="Your name">
          <Input
            name="name"
            autoComplete="name"
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="E-mail" hint="Used only to notify you of replies.">
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={guest.isPending}>
          Continue as guest
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-muted">
        Have an account?{' '}
        <Link
          to={`/login?next=${encodeURIComponent(next)}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          Log in
        </Link>
      </p>
    </>
  )
}
