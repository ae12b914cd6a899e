import type { BillingData } from '@pinpoint/api'
import { Button, Card } from '@pinpoint/ui'
import { CreditCard } from 'lucide-react'
import { brandName, formatExpiry } from '../format'

/** The card on file (brand, last four digits, expiry) and the way to add or replace it. */
export function PaymentCard({ data, onAddCard }: { data: BillingData; onAddCard: () => void }) {
  const { card } = data
  return (
    <Card
      title="Payment method"
      data-testid="billing-card"
      actions={
        <Button variant="secondary" onClick={onAddCard}>
          {card ? 'Replace card' : 'Add a card'}
        </Button>
      }
    >
      {card ? (
        <p className="flex items-center gap-3 text-sm" data-testid="billing-card-summary">
          <CreditCard aria-hidden="true" className="size-5 text-ink-muted" />
          <span>
            <span className="font-medium text-ink">
              {brandName(card.brand)} ending in {card.last4}
            </span>
            <span className="block text-ink-muted">Expires {formatExpiry(card.expMonth, card.expYear)}</span>
          </span>
        </p>
      ) : (
        <p className="text-sm text-ink-muted">No card yet. Add one before your trial ends to keep going.</p>
      )}
    </Card>
  )
}
