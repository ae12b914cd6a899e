import type { Plan } from '@pinpoint/api'
import { canViewBilling } from '@pinpoint/domain'
import { authAtom, toDomainUser } from '@pinpoint/state'
import { Badge, Button, Card, ErrorState, Skeleton } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { Check, PartyPopper } from 'lucide-react'
import { useState } from 'react'
import { AppLink } from './app-link'
import { featureLabels } from './format'
import { WhoToAsk } from './overview/who-to-ask'
import { initialInterval, planGroups } from './plans/plan-groups'
import { SwitchDialog, type SwitchResult } from './plans/switch-dialog'
import { useBillingData, usePlans } from './queries'
import './styles.css'

/** What a plan includes, in words: its features and, for solo plans, how many premium canvases. */
function PlanFeatures({ plan }: { plan: Plan }) {
  const items = featureLabels(plan.features)
  if (plan.premiumCanvasLimit !== null)
    items.unshift(
      `${plan.premiumCanvasLimit} premium ${plan.premiumCanvasLimit === 1 ? 'canvas' : 'canvases'}`,
    )
  if (plan.perSeat) items.push('Billed per team member')
  if (!items.length) items.push('Your own canvases and reviews')
  return (
    <ul className="flex flex-col gap-1.5 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-700" />
          {item}
        </li>
      ))}
    </ul>
  )
}

/** After a switch: what changed, and where to go next (the new team, for a team plan). */
function SwitchSuccess({ result }: { result: SwitchResult }) {
  const team = result.teamName
  return (
    <Card data-testid="plan-switch-success">
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <PartyPopper aria-hidden="true" className="size-10 text-brand-600" />
        <h2 className="text-xl font-semibold">You are on {result.plan.name}</h2>
        <p className="max-w-md text-sm text-ink-muted">
          {team
            ? `Your team ${team} is ready and you are its owner. Invite your colleagues to review together.`
            : 'Your new plan is active now.'}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {team || result.plan.teamPlan ? (
            <AppLink to="/settings/team" button="primary">
              Open your team
            </AppLink>
          ) : (
            <AppLink to="/dashboard" button="primary">
              Go to your canvases
            </AppLink>
          )}
          <AppLink to="/billing" button="secondary">
            Back to billing
          </AppLink>
        </div>
      </div>
    </Card>
  )
}

/** Plan selection (/billing/plans): names and features, never amounts (SPEC 1). */
export default function PlanSelection() {
  const { user, loaded } = useAtomValue(authAtom)
  const owner = canViewBilling(toDomainUser(user))
  const plans = usePlans()
  const data = useBillingData(owner)
  const [interval, setInterval] = useState<'month' | 'year' | null>(null)
  const [chosen, setChosen] = useState<Plan | null>(null)
  const [done, setDone] = useState<SwitchResult | null>(null)

  if (!loaded || !user) return <Skeleton className="h-64 w-full rounded-card" />
  if (!owner) return <WhoToAsk user={user} />
  if (done) return <SwitchSuccess result={done} />
  if (plans.isError || data.isError)
    return (
      <ErrorState
        title="Plans could not be loaded"
        message="Try again."
        onRetry={() => void plans.refetch()}
      />
    )
  if (!plans.data || !data.data) return <Skeleton className="h-64 w-full rounded-card" />

  const current = data.data.customer.planId
  const shown = interval ?? initialInterval(plans.data, current)
  return (
    <div className="flex flex-col gap-5" data-testid="plan-selection">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Choose a plan</h2>
        <fieldset className="inline-flex rounded-md border border-line p-0.5">
          <legend className="sr-only">Billing interval</legend>
          {(['month', 'year'] as const).map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded px-3 py-1 text-sm font-medium has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="plan-interval"
                className="sr-only"
                checked={shown === value}
                onChange={() => setInterval(value)}
              />
              {value === 'month' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </fieldset>
      </div>
      {planGroups(plans.data, shown).map((group) => (
        <section key={group.title} aria-labelledby={`plans-${group.title}`}>
          <h3 id={`plans-${group.title}`} className="text-base font-semibold">
            {group.title}
          </h3>
          <p className="mb-3 text-sm text-ink-muted">{group.description}</p>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.plans.map((plan) => (
              <li
                key={plan.id}
                className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4"
                data-testid={`plan-${plan.id}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h4 className="font-semibold">{plan.name}</h4>
                  {plan.id === current ? <Badge tone="brand">Current plan</Badge> : null}
                </div>
                <div className="flex-1">
                  <PlanFeatures plan={plan} />
                </div>
                <Button
                  variant={plan.id === current ? 'secondary' : 'primary'}
                  disabled={plan.id === current}
                  onClick={() => setChosen(plan)}
                  aria-label={plan.id === current ? `${plan.name} is your plan` : `Choose ${plan.name}`}
                >
                  {plan.id === current ? 'Your plan' : 'Choose'}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="text-sm">
        <AppLink to="/billing" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Back to billing
        </AppLink>
      </p>
      {chosen ? (
        <SwitchDialog
          plan={chosen}
          hasTeam={!!user.TeamId}
          onClose={() => setChosen(null)}
          onSwitched={(result) => {
            setChosen(null)
            setDone(result)
          }}
        />
      ) : null}
    </div>
  )
}
