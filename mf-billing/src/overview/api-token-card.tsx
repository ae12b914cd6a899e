import type { ApiTokenView } from '@pinpoint/api'
import { canUseApiToken } from '@pinpoint/domain'
import { currentUserAtom, toDomainUser } from '@pinpoint/state'
import { Button, Card, Input } from '@pinpoint/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { billing, billingKeys } from '../api'
import { AppLink } from '../app-link'
import { InlineError } from '../errors'
import { formatDate } from '../format'

/**
 * The personal API token (SPEC: in billing). SPEC 6: it needs a team on a plan other than a team49
 * variant; others are told which plans include it. The token is shown once, right after it is created.
 */
export function ApiTokenCard() {
  const user = useAtomValue(currentUserAtom)
  const allowed = canUseApiToken(toDomainUser(user))
  return (
    <Card
      title="API token"
      description="For your own scripts and integrations: it acts as you."
      data-testid="billing-api-token"
    >
      {allowed ? (
        <TokenControls />
      ) : (
        <p className="text-sm text-ink-muted">
          API tokens come with the Enterprise plans.{' '}
          <AppLink
            to="/billing/plans"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            See the plans
          </AppLink>
        </p>
      )}
    </Card>
  )
}

function TokenControls() {
  const queryClient = useQueryClient()
  const [shown, setShown] = useState<string | null>(null)
  const token = useQuery({ queryKey: billingKeys.token, queryFn: billing.apiToken })
  const onDone = (view: ApiTokenView) => {
    queryClient.setQueryData(billingKeys.token, view)
    setShown(view.token)
  }
  const create = useMutation({ mutationFn: billing.createApiToken, onSuccess: onDone })
  const revoke = useMutation({ mutationFn: billing.revokeApiToken, onSuccess: onDone })
  const has = token.data?.hasToken ?? false
  return (
    <div className="flex flex-col gap-3 text-sm">
      {shown ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="api-token-value" className="font-medium">
            Your new token. Copy it now: it is not shown again.
          </label>
          <Input id="api-token-value" readOnly value={shown} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : (
        <p className="text-ink-muted" data-testid="api-token-state">
          {token.isPending
            ? 'Checking…'
            : has
              ? `A token exists (created ${formatDate(token.data?.createdAt)}).`
              : 'No token yet.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={create.isPending} onClick={() => create.mutate()}>
          {has ? 'Replace token' : 'Create token'}
        </Button>
        {has ? (
          <Button variant="ghost" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            Revoke
          </Button>
        ) : null}
      </div>
      <InlineError error={create.error ?? revoke.error ?? token.error} />
    </div>
  )
}
