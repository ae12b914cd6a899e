import { safeNextPath } from '@pinpoint/state'
import { Button, buttonClasses, Field, Input } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, Divider, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useSignedIn } from '../../session'

export function LoginPage() {
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const navigate = useNavigate()
  const signedIn = useSignedIn()
  const [email, setEmail] = useState(params.get('email') ?? '')
  const [password, setPassword] = useState('')
  const login = useMutation({
    mutationFn: endpoints.session.login,
    onSuccess: async ({ user }) => {
      signedIn(user)
      await navigate(next, { replace: true })
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    login.mutate({ email: email.trim(), password })
  }
  const withNext = (path: string) => (params.get('next') ? `${path}?next=${encodeURIComponent(next)}` : path)

  return (
    <>
      <AuthHeading title="Welcome back" description="Log in to review and share your work." />
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate={false}>
        <FormError message={login.isError ? errorMessage(login.error) : null} />
        <Field label="Work e-mail">
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@company.com"
          />
        </Field>
        <Field
          label="Password"
          labelAction={
            <Link to="/forgot-password" className="text-xs font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          }
        >
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={login.isPending}>
          Log in
        </Button>
      </form>
      <Divider />
      <div className="grid gap-2">
        <Link
          to={withNext('/sso')}
          className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
        >
          <KeyRound />
          Continue with single sign-on
        </Link>
      </div>
      <p className="mt-8 text-center text-sm text-ink-muted">
        New to Pinpoint?{' '}
        <Link to={withNext('/signup')} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </>
  )
}
