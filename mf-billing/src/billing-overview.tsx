import { canViewBilling } from '@pinpoint/domain'
import { authAtom, toDomainUser } from '@pinpoint/state'
import { Card, ErrorState, preloadOverlays, Skeleton } from '@pinpoint/ui'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { CardDialog } from './card/card-dialog'
import { InvoicesCard, UpcomingInvoiceCard } from './invoices/invoices-card'
import { ApiTokenCard } from './overview/api-token-card'
import { CancelCard } from './overview/cancel-card'
import { CouponCard } from './overview/coupon-card'
import { EmailCard } from './overview/email-card'
import { PaymentCard } from './overview/payment-card'
import { PlanCard } from './overview/plan-card'
import { StatusBanner } from './overview/status-banner'
import { WhoToAsk } from './overview/who-to-ask'
import { useBillingConfig, useBillingData } from './queries'
import './styles.css'

// The page's switch and dialogs (card, cancel) come from the design system's lazy part: fetch it now,
// alongside the billing data, rather than when the first of them renders.
void preloadOverlays()

/** `?add-card=1` (the trial-expired dialog's button) opens the card form at once. */
function askedForCard(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('add-card') === '1'
}

/**
 * The billing page (/billing): plan, card, coupon, billing e-mails, upcoming invoice, invoices, API token
 * and cancel, for the billing owner (SPEC 6). Members who may not view billing see who to ask.
 */
export default function BillingOverview() {
  const { user, loaded } = useAtomValue(authAtom)
  const owner = canViewBilling(toDomainUser(user))
  const config = useBillingConfig()
  const data = useBillingData(
    owner && config.data?.provider !== undefined && config.data.provider !== 'disabled',
  )
  const [cardOpen, setCardOpen] = useState(askedForCard)

  if (!loaded) return <Skeleton className="h-48 w-full rounded-card" />
  if (!user) {
    // Only on this remote's standalone page: inside the shell the page guard sends visitors to log in.
    return (
      <Card title="Sign in to see billing" data-testid="billing-signed-out">
        <p className="text-sm">
          <a href="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Log in
          </a>{' '}
          to manage your plan, card and invoices.
        </p>
      </Card>
    )
  }
  if (!owner) return <WhoToAsk user={user} />
  if (config.isError)
    return (
      <ErrorState
        title="Billing could not be loaded"
        message="Try again."
        onRetry={() => void config.refetch()}
      />
    )
  if (!config.data) return <Skeleton className="h-48 w-full rounded-card" />
  if (config.data.provider === 'disabled') {
    return (
      <div className="flex flex-col gap-4" data-testid="billing-disabled">
        <Card title="Billing is turned off">
          <p className="text-sm">
            This installation runs without billing: every account is active and there is nothing to pay.
            Plans, cards and invoices do not apply here.
          </p>
        </Card>
        <ApiTokenCard />
      </div>
    )
  }
  if (data.isError) {
    return (
      <ErrorState
        title="Billing could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void data.refetch()}
      />
    )
  }
  if (!data.data) return <Skeleton className="h-48 w-full rounded-card" />
  const billing = data.data
  const openCard = () => setCardOpen(true)
  return (
    <div className="flex flex-col gap-4" data-testid="billing-overview">
      <StatusBanner data={billing} onAddCard={openCard} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PlanCard data={billing} />
        <PaymentCard data={billing} onAddCard={openCard} />
        <UpcomingInvoiceCard data={billing} />
        <CouponCard data={billing} />
        <InvoicesCard data={billing} />
        <EmailCard data={billing} accountEmail={user.email} />
        <ApiTokenCard />
        <CancelCard data={billing} />
      </div>
      {cardOpen ? (
        <CardDialog
          title={billing.card ? 'Replace your card' : 'Add a card'}
          onClose={() => setCardOpen(false)}
          onAdded={() => setCardOpen(false)}
        />
      ) : null}
    </div>
  )
}
