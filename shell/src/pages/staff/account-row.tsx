import type { StaffUser } from '@pinpoint/api'
import { Avatar, Badge, Button, Switch } from '@pinpoint/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { UserRoundCheck } from 'lucide-react'
import { useState } from 'react'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'
import { staffEndpoints } from '../../staff/api'

/** Why an account cannot be impersonated from here, or null when it can. */
export function impersonationBlocker(account: StaffUser, selfId: string): string | null {
  if (account.id === selfId) return 'This is you.'
  if (account.isStaff) return 'Staff accounts cannot be impersonated.'
  if (account.isGuest) return 'Guests have only feedback links: open the link they were sent instead.'
  return null
}

/** Why e-mail review cannot be switched for an account, or null when it can. */
export function emailReviewBlocker(account: StaffUser): string | null {
  if (account.isGuest) return 'Guests have no account to turn it on for.'
  if (!account.Team) return 'E-mail review needs a team: this account is not in one.'
  return null
}

/** One account found by the search: who, its team and plan, e-mail review, and "Impersonate". */
export function AccountRow({ account, selfId }: { account: StaffUser; selfId: string }) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const beta = useMutation({
    mutationFn: (emailReview: boolean) => staffEndpoints.setBetaFeatures(account.id, { emailReview }),
    onSuccess: async ({ user }) => {
      toast({
        type: 'success',
        message: `E-mail review is ${user.betaFeaturesEnabled.emailReview ? 'on' : 'off'} for ${
          user.Team ? `the team ${user.Team.name}` : user.email
        }`,
      })
      await queryClient.invalidateQueries({ queryKey: ['staff', 'users'] })
    },
    onError: (failure) => toast({ type: 'error', message: errorMessage(failure) }),
  })
  const impersonate = useMutation({
    mutationFn: () => staffEndpoints.impersonate(account.id),
    // A new page: the staff member's own client state must not leak into the customer's view.
    onSuccess: () => window.location.assign('/dashboard'),
    onError: (failure) => setError(errorMessage(failure)),
  })
  const blocked = impersonationBlocker(account, selfId)
  const betaBlocked = emailReviewBlocker(account)
  return (
    <li className="flex flex-col gap-3 px-5 py-4" data-testid="staff-account" data-user-id={account.id}>
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="contents">
          <Avatar name={account.name} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{account.name}</p>
          <p className="truncate text-xs text-ink-muted">{account.email}</p>
          <p className="mt-1.5 flex flex-wrap gap-1">
            {account.Team ? <Badge tone="brand">Team: {account.Team.name}</Badge> : <Badge>No team</Badge>}
            <Badge>{account.planId ? `Plan ${account.planId}` : 'No plan'}</Badge>
            {account.isGuest ? <Badge tone="warning">Guest</Badge> : null}
            {account.isStaff ? <Badge tone="success">Staff</Badge> : null}
          </p>
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={!!blocked}
          loading={impersonate.isPending}
          onClick={() => impersonate.mutate()}
          aria-describedby={blocked ? `blocked-${account.id}` : undefined}
          aria-label={`Impersonate ${account.name}`}
        >
          <UserRoundCheck />
          <span className="max-sm:sr-only">Impersonate</span>
        </Button>
      </div>
      {blocked ? (
        <p id={`blocked-${account.id}`} className="text-xs text-ink-muted">
          {blocked}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-danger-700">
          {error}
        </p>
      ) : null}
      <Switch
        checked={account.betaFeaturesEnabled.emailReview}
        disabled={!!betaBlocked || beta.isPending}
        onCheckedChange={(on) => beta.mutate(on)}
        label={`E-mail review for ${account.name}`}
        description={
          betaBlocked ??
          (account.Team && account.Team.ownerUserId !== account.id
            ? `Beta feature. Set on the team ${account.Team.name}: every member gets it.`
            : 'Beta feature: e-mail canvases on the dashboard.')
        }
      />
    </li>
  )
}
