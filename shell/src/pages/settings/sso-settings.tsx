import type { SsoSettings, User } from '@pinpoint/api'
import { canEnableSso } from '@pinpoint/domain'
import { toDomainUser } from '@pinpoint/state'
import {
  Badge,
  Button,
  buttonClasses,
  Card,
  ErrorState,
  Field,
  FormDialog,
  Input,
  Skeleton,
  Textarea,
} from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, PlugZap } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { endpoints } from '../../api'
import { FormError } from '../../layout/auth-layout'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { parseDomains } from './sso-domains'

const ssoKey = (teamId: string) => ['team', teamId, 'sso-settings'] as const

/**
 * Single sign-on on the team settings page (SPEC 6: the team owner on an enterprise plan). Other owners
 * are told which plans have it; members never see it.
 */
export function SsoCard({ user, teamId }: { user: User; teamId: string }) {
  const domainUser = toDomainUser(user)
  const owner = user.Team?.ownerUserId === user.id
  if (!owner) return null
  if (!canEnableSso(domainUser)) {
    return (
      <Card
        title="Single sign-on"
        description="Members sign in through your identity provider (OpenID Connect). It comes with the enterprise plans."
        footer={
          <Link to="/billing/plans" className={buttonClasses({ variant: 'secondary' })}>
            See the plans
          </Link>
        }
      />
    )
  }
  return <SsoSettingsCard teamId={teamId} />
}

function SsoSettingsCard({ teamId }: { teamId: string }) {
  const [open, setOpen] = useState(false)
  const query = useQuery({ queryKey: ssoKey(teamId), queryFn: () => endpoints.teams.ssoSettings(teamId) })
  const settings = query.data?.ssoSettings
  return (
    <Card
      title="Single sign-on"
      description="Members with an address of your domains sign in through your identity provider (OpenID Connect), and join the team the first time."
      footer={
        settings ? (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <KeyRound />
            {settings.issuer ? 'Edit single sign-on' : 'Set up single sign-on'}
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? <Skeleton className="h-6 w-48" /> : null}
      {query.isError ? (
        <ErrorState title="Could not load the single sign-on settings" onRetry={() => void query.refetch()} />
      ) : null}
      {settings ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="sso-status">
          <Badge tone={settings.enabled ? 'success' : 'neutral'} dot>
            {settings.enabled ? 'On' : 'Off'}
          </Badge>
          {settings.enabled && settings.ssoOnly ? <Badge tone="info">Required</Badge> : null}
          <span className="text-ink-muted">
            {settings.emailDomains.length > 0 ? settings.emailDomains.join(', ') : 'No domains yet'}
          </span>
        </div>
      ) : null}
      {open && settings ? (
        <SsoSettingsDialog teamId={teamId} settings={settings} onClose={() => setOpen(false)} />
      ) : null}
    </Card>
  )
}

export function SsoSettingsDialog({
  teamId,
  settings,
  onClose,
}: {
  teamId: string
  settings: SsoSettings
  onClose: () => void
}) {
  const [issuer, setIssuer] = useState(settings.issuer ?? '')
  const [clientId, setClientId] = useState(settings.clientId ?? '')
  const [clientSecret, setClientSecret] = useState('')
  const [domains, setDomains] = useState(settings.emailDomains.join('\n'))
  const [enabled, setEnabled] = useState(settings.enabled)
  const [ssoOnly, setSsoOnly] = useState(settings.ssoOnly)
  const [formError, setFormError] = useState<string | null>(null)
  const toast = useToast()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: (emailDomains: string[]) =>
      endpoints.teams.saveSsoSettings(teamId, {
        issuer: issuer.trim() || null,
        clientId: clientId.trim() || null,
        clientSecret: clientSecret || undefined,
        emailDomains,
        enabled,
        ssoOnly,
      }),
    onSuccess: async ({ ssoSettings }) => {
      queryClient.setQueryData(ssoKey(teamId), { ssoSettings })
      toast({ type: 'success', message: 'Single sign-on settings saved' })
      onClose()
    },
    onError: (error) => setFormError(errorMessage(error)),
  })
  const test = useMutation({
    mutationFn: () =>
      endpoints.teams.testSsoConnection(teamId, {
        issuer: issuer.trim() || null,
        clientId: clientId.trim() || null,
      }),
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseDomains(domains)
    if (parsed.invalid.length > 0) {
      setFormError(`Check ${parsed.invalid.join(', ')}: not an e-mail domain such as example.com.`)
      return
    }
    setFormError(null)
    save.mutate(parsed.domains)
  }
  const result = test.data?.connection
  return (
    <FormDialog
      onClose={onClose}
      title="Single sign-on"
      description="Register Pinpoint as an application at your identity provider, then fill in what it gives you."
      confirmLabel="Save"
      form="sso-settings"
      pending={save.isPending}
    >
      <form id="sso-settings" className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <Field label="Redirect URI to register at your provider">
          <Input readOnly value={settings.redirectUri} className="font-mono text-xs" />
        </Field>
        <Field
          label="Issuer URL"
          hint="Its discovery document is read from /.well-known/openid-configuration."
        >
          <Input
            name="issuer"
            type="url"
            inputMode="url"
            placeholder="https://login.example.com"
            value={issuer}
            maxLength={500}
            onChange={(e) => setIssuer(e.target.value)}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <Button
            variant="secondary"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!issuer.trim()}
          >
            <PlugZap />
            Test connection
          </Button>
          <div role="status" aria-live="polite" className="text-sm" data-testid="sso-test-result">
            {result ? (
              <p className={result.ok ? 'text-success-700' : 'text-danger-700'}>{result.message}</p>
            ) : null}
            {test.isError ? <p className="text-danger-700">{errorMessage(test.error)}</p> : null}
          </div>
        </div>
        <Field label="Client ID">
          <Input
            name="clientId"
            autoComplete="off"
            value={clientId}
            maxLength={500}
            onChange={(e) => setClientId(e.target.value)}
          />
        </Field>
        <Field
          label={settings.hasClientSecret ? 'New client secret' : 'Client secret'}
          hint={
            settings.hasClientSecret
              ? 'A secret is stored (encrypted). Leave this empty to keep it.'
              : 'Stored encrypted; it is never shown again.'
          }
        >
          <Input
            name="clientSecret"
            type="password"
            autoComplete="new-password"
            value={clientSecret}
            maxLength={1000}
            onChange={(e) => setClientSecret(e.target.value)}
          />
        </Field>
        <Field
          label="E-mail domains"
          hint="One per line. People with these addresses sign in through your provider."
        >
          <Textarea
            name="emailDomains"
            rows={2}
            value={domains}
            placeholder="example.com"
            onChange={(e) => setDomains(e.target.value)}
          />
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          <span>Turn on single sign-on</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={ssoOnly}
            onChange={(e) => setSsoOnly(e.target.checked)}
          />
          <span>
            Require it: members with these addresses cannot log in with a password
            <span className="block text-ink-muted">
              You, the owner, keep your password: the way back in if the provider breaks.
            </span>
          </span>
        </label>
      </form>
    </FormDialog>
  )
}
