import { FormDialog } from '@pinpoint/ui'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { trialExpired, useOwnCustomer } from './customer'

const ADD_CARD = '/billing?add-card=1'

/**
 * The trial-expired dialog (SPEC 2 dialogs) for a read-only owner: their trial ended, so every canvas is
 * read-only. Its button goes straight to the card form. Once dismissed, a banner keeps the way there.
 * Both go away without a reload when the customer becomes active (customer.updated, see realtime.ts).
 */
export function TrialExpiredNotice() {
  const customer = useOwnCustomer()
  const [dismissed, setDismissed] = useState(false)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  if (!trialExpired(customer.data)) return null
  const onBilling = pathname.startsWith('/billing')
  return (
    <>
      {onBilling ? null : (
        <div
          role="status"
          data-print="hide"
          data-testid="read-only-banner"
          className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-danger-600/30 bg-danger-50 px-4 py-2 text-sm text-danger-700"
        >
          <AlertTriangle aria-hidden="true" className="size-4" />
          <span>Your trial has ended: your canvases are read-only.</span>
          <Link to={ADD_CARD} className="font-semibold underline underline-offset-4">
            Add a card
          </Link>
        </div>
      )}
      {dismissed || onBilling ? null : (
        <FormDialog
          onClose={() => setDismissed(true)}
          title="Your free trial has ended"
          description="Your canvases are read-only until a card pays for your plan. Add one and everything opens again at once, with nothing lost."
          cancelLabel="Not now"
          confirmLabel="Add a card"
          onConfirm={() => {
            setDismissed(true)
            void navigate(ADD_CARD)
          }}
        >
          <p className="text-sm text-ink-muted">
            Reviewers can still open your links and read the comments; they can comment again once a card
            pays.
          </p>
        </FormDialog>
      )}
    </>
  )
}
