import type { BillingData } from '@pinpoint/api'
import { Button, Card, Field, FormDialog, Textarea } from '@pinpoint/ui'
import { useId, useState } from 'react'
import { billing } from '../api'
import { InlineError } from '../errors'
import { formatDate } from '../format'
import { useBillingMutation } from '../queries'

export const CANCEL_REASONS = [
  'It costs too much',
  'We no longer review work with clients',
  'A feature we need is missing',
  'We moved to another tool',
  'It was hard to use',
  'Something else',
] as const

/** Cancelling ends the subscription at the period end, after a short survey (stored on the user). */
export function CancelCard({ data }: { data: BillingData }) {
  const [open, setOpen] = useState(false)
  const { customer, plan } = data
  if (!plan.interval) return null
  return (
    <Card title="Cancel subscription" data-testid="billing-cancel">
      {customer.cancelAtPeriodEnd ? (
        <p className="text-sm text-ink-muted" data-testid="billing-cancel-scheduled">
          Cancelled. Your plan stays open until {formatDate(customer.periodEnd)}. Choose a plan to keep it.
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted">
            Your plan stays open until the end of the period you paid for; nothing is charged after it.
          </p>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Cancel subscription
          </Button>
        </div>
      )}
      {open ? <CancelDialog data={data} onClose={() => setOpen(false)} /> : null}
    </Card>
  )
}

function CancelDialog({ data, onClose }: { data: BillingData; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [details, setDetails] = useState('')
  const [missing, setMissing] = useState(false)
  const groupId = useId()
  const cancel = useBillingMutation(
    () => billing.cancel('me', { reason, details: details.trim() || null }),
    onClose,
  )
  return (
    <FormDialog
      onClose={onClose}
      title="Cancel your subscription?"
      description={`Everything stays open until ${formatDate(data.customer.periodEnd)}. Tell us why you are leaving: it helps us improve.`}
      confirmLabel="Cancel subscription"
      cancelLabel="Keep my plan"
      variant="danger"
      form="billing-cancel-form"
      pending={cancel.isPending}
    >
      <form
        id="billing-cancel-form"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!reason) setMissing(true)
          else cancel.mutate(undefined)
        }}
      >
        <fieldset aria-describedby={missing ? `${groupId}-e` : undefined}>
          <legend className="mb-2 text-sm font-medium text-ink">Why are you cancelling?</legend>
          <div className="flex flex-col gap-1.5">
            {CANCEL_REASONS.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="cancel-reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => {
                    setReason(option)
                    setMissing(false)
                  }}
                  className="size-4 accent-brand-600"
                />
                {option}
              </label>
            ))}
          </div>
          {missing ? (
            <p id={`${groupId}-e`} role="alert" className="mt-2 text-xs font-medium text-danger-600">
              Choose a reason.
            </p>
          ) : null}
        </fieldset>
        <Field label="Anything else? (optional)">
          <Textarea rows={3} value={details} onChange={(e) => setDetails(e.target.value)} maxLength={5000} />
        </Field>
      </form>
      <InlineError error={cancel.error} />
    </FormDialog>
  )
}
