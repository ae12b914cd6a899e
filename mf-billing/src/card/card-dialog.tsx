import type { BillingData } from '@pinpoint/api'
import { FormDialog, Spinner } from '@pinpoint/ui'
import { lazy, Suspense } from 'react'
import { billing } from '../api'
import { InlineError } from '../errors'
import { useBillingConfig, useBillingMutation } from '../queries'
import { LocalCardForm } from './local-card-form'

const StripeCardForm = lazy(() => import('./stripe-card-form'))

const FORM_ID = 'billing-card'

/**
 * Add or replace the card. On an account whose trial ended (or a payment is overdue) the server charges
 * what is owed at once; a declined card comes back as a 402 whose message is shown under the form.
 */
export function CardDialog({
  onClose,
  onAdded,
  title = 'Add a card',
}: {
  onClose: () => void
  onAdded?: (data: BillingData) => void
  title?: string
}) {
  const config = useBillingConfig()
  const add = useBillingMutation((token: string) => billing.addCard('me', token), onAdded)
  const key = config.data?.provider === 'stripe' ? config.data.stripePublishableKey : null
  return (
    <FormDialog
      onClose={onClose}
      title={title}
      description="The card pays for your plan. What is owed is charged when you save it."
      confirmLabel="Save card"
      form={FORM_ID}
      pending={add.isPending}
      disabled={!config.data}
    >
      {!config.data ? (
        <Spinner label="Loading the card form…" />
      ) : key ? (
        <Suspense fallback={<Spinner label="Loading the card form…" />}>
          <StripeCardForm formId={FORM_ID} publishableKey={key} onToken={(token) => add.mutate(token)} />
        </Suspense>
      ) : (
        <LocalCardForm formId={FORM_ID} onToken={(token) => add.mutate(token)} />
      )}
      <InlineError error={add.error} />
    </FormDialog>
  )
}
