import { ApiError } from '@pinpoint/api'
import { isSsoFailure, SSO_FAILURE_MESSAGES } from '@pinpoint/domain'
import { safeNextPath } from '@pinpoint/state'
import { Button, Field, Input } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, Divider, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useSignedIn } from '../../session'
import { domainOf, SsoNotice, useSsoRouting } from './sso-routing'

export function LoginPage() {
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const navigate = useNavigate()
  const signedIn = useSignedIn()
  const [email, setEmail] = useState(params.get('email') ?? '')
  const [password, setPassword] = useState('')
  const sso = useSsoRouting(next)
  const [ssoMessage, setSsoMessage] = useState<string | null>(null)
  const ssoError = params.get('ssoError')
  const login = useMutation({
    mutationFn: endpoints.session.login,
    onSuccess: async ({ user }) => {
      signedIn(user)
      await navigate(next, { replace: true })
    },
    // The team signs in only through its provider (decision 044): show the way there.
    onError: (error) => {
      if (error instanceof ApiError && error.error === 'SsoRequired') void sso.check(email)
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    login.mutate({ email: email.trim(), password })
  }
  // Its own pending flag: the quiet check on leaving the e-mail field must not disable this button under
  // the pointer that is clicking it.
  const [ssoPending, setSsoPending] = useState(false)
  const continueWithSso = async () => {
    const domain = domainOf(email)
    if (!domain) return setSsoMessage('Enter your work e-mail address first.')
    setSsoPending(true)
    const route = await sso.check(email).finally(() => setSsoPending(false))
    if (route) window.location.assign(route.url)
    else setSsoMessage(`No single sign-on is set up for ${domain}. Log in with your password.`)
  }
  const route = sso.route && sso.route.domain === domainOf(email) ? sso.route : null
  const withNext = (path: string) => (params.get('next') ? `${path}?next=${encodeURIComponent(next)}` : path)
  // The account is protected after many failed logins (decision 028): the answer says what to do next.
  const linkRequired = login.error instanceof ApiError && login.error.error === 'LoginLinkRequired'

  return (
    <>
      <AuthHeading title="Welcome back" description="Log in to review and share your work." />
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate={false}>
        {linkRequired ? (
          <div
            role="status"
            className="flex gap-3 rounded-control border border-brand-600/20 bg-brand-50 px-3 py-2 text-sm text-ink"
            data-testid="login-link-required"
          >
            <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <p>
              <strong className="block font-semibold">Check your e-mail to finish logging in.</strong>
              There were many failed attempts to log in to this account, so a password alone is not enough
              right now. If the password you entered is right, we have sent a one-time login link to{' '}
              {email.trim() || 'the account'}. It expires in 15 minutes.
            </p>
          </div>
        ) : (
          <FormError
            message={
              login.isError
                ? errorMessage(login.error)
                : (ssoMessage ?? (isSsoFailure(ssoError) ? SSO_FAILURE_MESSAGES[ssoError] : null))
            }
          />
        )}
        <Field label="Work e-mail">
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setSsoMessage(null)
            }}
            onBlur={() => void sso.check(email)}
            placeholder="you@company.com"
          />
        </Field>
        {route ? <SsoNotice route={route} /> : null}
        {route?.required ? null : (
          <>
            <Field
              label="Password"
              labelAction={
                <Link
                  to="/forgot-password"
                  // 24 px tall: the smallest tap target allowed (it was 18 px on a phone).
                  className="inline-flex min-h-6 items-center text-xs font-medium text-brand-700 hover:underline"
                >
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
            <Button
              type="submit"
              size="lg"
              variant={route ? 'secondary' : 'primary'}
              className="mt-2 w-full"
              loading={login.isPending}
            >
              {route ? 'Log in with password' : 'Log in'}
            </Button>
          </>
        )}
      </form>
      {route ? null : (
        <>
          <Divider />
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            loading={ssoPending}
            onClick={() => void continueWithSso()}
          >
            Use single sign-on
          </Button>
        </>
      )}
      <p className="mt-8 text-center text-sm text-ink-muted">
        New to Pinpoint?{' '}
        <Link to={withNext('/signup')} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </>
  )
}
