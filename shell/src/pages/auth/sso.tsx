import { safeNextPath } from '@pinpoint/state'
import { Button, Field, Input } from '@pinpoint/ui'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { endpoints } from '../../api'
import { AuthHeading, FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'

/** The e-mail's domain ("ada@Example.com" -> "example.com"), or null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf('@')
  const domain =
    at >= 0
      ? email
          .trim()
          .slice(at + 1)
          .toLowerCase()
      : ''
  return domain.includes('.') ? domain : null
}

/** Single sign-on entry: the company's identity provider is found from the e-mail domain. */
export function SsoPage() {
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const [email, setEmail] = useState('')
  const [localError, setLocalError] = useState<string | null>(null)
  const sso = useMutation({
    mutationFn: (domain: string) =>
      endpoints.session.ssoLoginUrl(domain, new URL(next, location.origin).toString()),
    onSuccess: ({ url }) => {
      location.assign(url)
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const domain = emailDomain(email)
    if (!domain) {
      setLocalError('Enter your work e-mail address.')
      return
    }
    setLocalError(null)
    sso.mutate(domain)
  }
  return (
    <>
      <AuthHeading title="Single sign-on" description="Log in with your company’s identity provider." />
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError
          message={
            sso.isError ? errorMessage(sso.error, 'Single sign-on is not set up for this domain.') : null
          }
        />
        <Field label="Work e-mail" error={localError ?? undefined}>
          <Input
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@company.com"
          />
        </Field>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={sso.isPending || sso.isSuccess}>
          Continue
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-muted">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Log in with a password instead
        </Link>
      </p>
    </>
  )
}
