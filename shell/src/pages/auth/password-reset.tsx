import { Button, Field, Input, NewPasswordFields, newPasswordCheck } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { useSignedIn } from '../../session'
import { MIN_PASSWORD_LENGTH } from './signup'
import { SsoRequiredLink } from './sso-routing'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const request = useMutation({ mutationFn: endpoints.users.requestPasswordReset })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    request.mutate({ email: email.trim() })
  }
  if (request.isSuccess) {
    return (
      <div className="text-center">
        <span className="mx-auto mb-5 grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-600">
          <MailCheck className="size-6" />
        </span>
        <AuthHeading
          title="Check your inbox"
          description={`If an account exists for ${email.trim()}, we sent a link to choose a new password. It expires soon, so use it now.`}
        />
        <Link to="/login" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to log in
        </Link>
      </div>
    )
  }
  return (
    <>
      <AuthHeading
        title="Reset your password"
        description="Enter your e-mail and we’ll send you a link to choose a new one."
      />
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError message={request.isError ? errorMessage(request.error) : null} />
        <Field label="E-mail">
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={request.isPending}>
          Send reset link
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-muted">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </>
  )
}

export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const toast = useToast()
  const signedIn = useSignedIn()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const reset = useMutation({
    mutationFn: endpoints.users.resetPassword,
    onSuccess: async ({ user }) => {
      toast({ type: 'success', message: 'Your password was changed.' })
      signedIn(user)
      await navigate(user.isGuest ? '/' : '/dashboard', { replace: true })
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!newPasswordCheck(password, confirm, MIN_PASSWORD_LENGTH).ready) return
    reset.mutate({ token, newPassword: password })
  }
  if (!token) {
    return (
      <>
        <AuthHeading
          title="This link is incomplete"
          description="Open the link from the e-mail again, or ask for a new one."
        />
        <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
          Request a new link
        </Link>
      </>
    )
  }
  return (
    <>
      <AuthHeading title="Choose a new password" description="You’ll stay signed in on this device." />
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError message={reset.isError ? errorMessage(reset.error) : null} />
        <SsoRequiredLink error={reset.error} />
        <NewPasswordFields
          password={password}
          repeat={confirm}
          onPasswordChange={setPassword}
          onRepeatChange={setConfirm}
          minLength={MIN_PASSWORD_LENGTH}
          autoFocus
        />
        <Button type="submit" size="lg" className="mt-2 w-full" loading={reset.isPending}>
          Change password
        </Button>
      </form>
    </>
  )
}
