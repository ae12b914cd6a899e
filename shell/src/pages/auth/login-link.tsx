/**
 * `/login-link?token=`: the one-time login link e-mailed while an account is protected after many failed
 * logins (decision 028). Opening it logs in once and continues to the dashboard.
 */
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useSignedIn } from '../../session'
import { SsoRequiredLink } from './sso-routing'

export function LoginLinkPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const signedIn = useSignedIn()
  const started = useRef(false)
  const open = useMutation({
    mutationFn: endpoints.session.loginWithLink,
    onSuccess: async ({ user }) => {
      signedIn(user)
      await navigate('/dashboard', { replace: true })
    },
  })
  useEffect(() => {
    // Once: the token is single-use, and React may run effects twice in development.
    if (!token || started.current) return
    started.current = true
    open.mutate({ token })
  }, [token, open])

  if (!token || open.isError) {
    return (
      <>
        <AuthHeading
          title="This login link does not work"
          description="Login links work once and expire after 15 minutes. Log in again to get a new one."
        />
        <FormError message={open.isError ? errorMessage(open.error) : null} />
        <SsoRequiredLink error={open.error} />
        <Link to="/login" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Back to log in
        </Link>
      </>
    )
  }
  return <AuthHeading title="Logging you in…" description="One moment." />
}
