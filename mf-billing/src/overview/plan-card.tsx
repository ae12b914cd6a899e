import type { BillingData } from '@pinpoint/api'
import { Badge, Card } from '@pinpoint/ui'
import { Check } from 'lucide-react'
import { AppLink } from '../app-link'
import { featureLabels, formatDate, statusText } from '../format'

/** The current plan: its name, state, next date and what it includes; leads to plan selection. */
export function PlanCard({ data }: { data: BillingData }) {
  const { plan, customer, subscription } = data
  const nextDate = customer.trialing
    ? { label: 'Trial ends', value: customer.trialEnd ?? customer.periodEnd }
    : customer.cancelAtPeriodEnd
      ? { label: 'Ends on', value: customer.periodEnd }
      : { label: 'Renews on', value: subscription?.currentPeriodEnd ?? customer.periodEnd }
  return (
    <Card
      title="Plan"
      data-testid="billing-plan"
      actions={
        <AppLink to="/billing/plans" button="secondary">
          Change plan
        </AppLink>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-ink" data-testid="billing-plan-name">
          {plan.name}
        </p>
        <Badge tone={customer.active ? (customer.trialing ? 'info' : 'success') : 'danger'}>
          {customer.active ? statusText(customer.status, customer.cancelAtPeriodEnd) : 'Read-only'}
        </Badge>
      </div>
      {plan.interval ? (
        <p className="mt-1 text-sm text-ink-muted">
          {nextDate.label} {formatDate(nextDate.value)}
          {plan.perSeat && subscription ? ` · ${subscription.quantity} seats` : ''}
        </p>
      ) : null}
      {featureLabels(plan.features).length ? (
        <ul className="mt-4 grid gap-1.5 text-sm sm:grid-cols-2">
          {featureLabels(plan.features).map((label) => (
            <li key={label} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-success-700" />
              {label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-ink-muted">Reviews on your own canvases, without team features.</p>
      )}
    </Card>
  )
}
