import type { BillingData } from '@pinpoint/api'
import { Button } from '@pinpoint/ui'
import { AlertTriangle, Info } from 'lucide-react'
import { formatDate } from '../format'

/** One line above the billing sections when the account needs attention (trial, overdue, cancelled). */
export function StatusBanner({ data, onAddCard }: { data: BillingData; onAddCard: () => void }) {
  const { customer, card } = data
  if (!customer.active) {
    return (
      <Banner tone="danger" testId="billing-inactive">
        <span>
          {customer.trialing ? 'Your free trial has ended.' : 'Your subscription is not paid.'} Your canvases
          are read-only until a card pays for your plan.
        </span>
        <Button size="sm" onClick={onAddCard}>
          Add a card
        </Button>
      </Banner>
    )
  }
  if (customer.status === 'past_due') {
    return (
      <Banner tone="danger" testId="billing-past-due">
        <span>The last payment failed. Replace your card to keep your canvases open.</span>
        <Button size="sm" onClick={onAddCard}>
          Replace card
        </Button>
      </Banner>
    )
  }
  if (customer.trialing && !card) {
    return (
      <Banner tone="info" testId="billing-trial">
        <span>
          Your free trial ends on {formatDate(customer.trialEnd ?? customer.periodEnd)}. Add a card to keep
          going after it.
        </span>
        <Button size="sm" variant="secondary" onClick={onAddCard}>
          Add a card
        </Button>
      </Banner>
    )
  }
  if (customer.cancelAtPeriodEnd) {
    return (
      <Banner tone="info" testId="billing-cancelled">
        <span>
          Your subscription is cancelled. Everything stays open until {formatDate(customer.periodEnd)}; choose
          a plan to keep it.
        </span>
      </Banner>
    )
  }
  return null
}

function Banner({
  tone,
  testId,
  children,
}: {
  tone: 'danger' | 'info'
  testId: string
  children: React.ReactNode
}) {
  const Icon = tone === 'danger' ? AlertTriangle : Info
  return (
    <div
      role="status"
      data-testid={testId}
      className={
        tone === 'danger'
          ? 'flex flex-wrap items-center gap-3 rounded-card border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-700'
          : 'flex flex-wrap items-center gap-3 rounded-card border border-info-600/30 bg-info-50 px-4 py-3 text-sm text-ink'
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-3">{children}</div>
    </div>
  )
}
