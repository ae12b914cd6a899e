import type { Invite } from '@pinpoint/api'
import { getInitialVisit, safeNextPath } from '@pinpoint/state'
import { Button, Field, Input } from '@pinpoint/ui'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Users } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, FormError } from '../../layout/auth-layout'
import { errorMessage, fieldErrors } from '../../lib/errors'
import { useSignedIn } from '../../session'

export const MIN_PASSWORD_LENGTH = 8

/** The invite named by ?inviteCode= (or ?code=), to show which team the visitor joins. */
export function useInviteByCode(code: string | null) {
  return useQuery({
    queryKey: ['invite', code],
    queryFn: ({ signal }) => endpoints.invites.byCode(code ?? '', { signal }),
    enabled: !!code,
    retry: false,
    select: (data): Invite => data.invite,
  })
}

export function SignupPage() {
  const [params] = useSearchParams()
  const inviteCode = params.get('inviteCode') ?? params.get('code')
  const invite = useInviteByCode(inviteCode)
  return (
    <>
      <AuthHeading
        title={invite.data?.Team?.name ? `Join ${invite.data.Team.name}` : 'Create your account'}
        description={
          inviteCode
            ? 'You were invited to review and share work with your team on Pinpoint.'
            : 'Start collecting pinpoint-accurate feedback in minutes. Free to start.'
        }
      />
      <SignupForm inviteCode={inviteCode} invite={invite.data ?? null} inviteError={invite.isError} />
    </>
  )
}

export function SignupForm({
  inviteCode,
  invite,
  inviteError = false,
}: {
  inviteCode: string | null
  invite: Invite | null
  inviteError?: boolean
}) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const signedIn = useSignedIn()
  const [name, setName] = useState('')
  const [email, setEmail] = useState(invite?.email ?? params.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [teamName, setTeamName] = useState('')
  const signUp = useMutation({
    mutationFn: endpoints.users.signUp,
    onSuccess: async ({ user }) => {
      signedIn(user)
      await navigate(safeNextPath(params.get('next')), { replace: true })
    },
  })
  const errors = fieldErrors(signUp.error)
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (password.length < MIN_PASSWORD_LENGTH) return
    signUp.mutate({
      name: name.trim(),
      email: (invite?.email ?? email).trim(),
      password,
      teamName: !inviteCode && teamName.trim() ? teamName.trim() : undefined,
      inviteCode: inviteCode ?? undefined,
      plan: params.get('plan') ?? undefined,
      coupon: params.get('coupon') ?? undefined,
      initialVisitData: getInitialVisit() ?? undefined,
    })
  }
  const loginLink = `/login${params.get('next') ? `?next=${encodeURIComponent(params.get('next') ?? '')}` : ''}`

  return (
    <>
      {inviteCode && inviteError ? (
        <FormError message="This invitation is no longer valid. Ask your team for a new one, or sign up without it." />
      ) : null}
      {invite?.Team?.name ? (
        <div className="mb-5 flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-200">
          <Users className="size-4 shrink-0" />
          <span>
            You’re joining <strong className="font-semibold">{invite.Team.name}</strong> as{' '}
            <strong>{invite.email}</strong>
          </span>
        </div>
      ) : null}
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError
          message={signUp.isError && Object.keys(errors).length === 0 ? errorMessage(signUp.error) : null}
        />
        <Field label="Full name" error={errors.name}>
          <Input
            name="name"
            autoComplete="name"
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Ada Lovelace"
          />
        </Field>
        <Field label="Work e-mail" error={errors.email}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={invite?.email ?? email}
            readOnly={!!invite?.email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@company.com"
          />
        </Field>
        <Field
          label="Password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={
            errors.password ?? (tooShort ? `Use at least ${MIN_PASSWORD_LENGTH} characters.` : undefined)
          }
        >
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {inviteCode ? null : (
          <Field
            label="Team name"
            hint="Optional. Create a shared workspace and invite colleagues later."
            error={errors.teamName}
          >
            <Input
              name="teamName"
              autoComplete="organization"
              value={teamName}
              onChange={(e) => setTeamName(e.target.value)}
              placeholder="Acme Studio"
            />
          </Field>
        )}
        <Button type="submit" size="lg" className="mt-2 w-full" loading={signUp.isPending}>
          {inviteCode ? 'Accept invite and sign up' : 'Create account'}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to={loginLink} className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </>
  )
}
