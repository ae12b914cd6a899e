import { authAtom } from '@pinpoint/state'
import { useAtomValue } from 'jotai'
import './styles.css'

/** Billing entry panel: where the plan and invoices of the signed-in user will appear. */
export default function BillingSummary() {
  const { user, loaded } = useAtomValue(authAtom)
  return (
    <div className="flex flex-col gap-3" data-testid="billing-summary">
      <p className="text-lg font-semibold text-ink">Billing ready</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Account</dt>
        <dd className="truncate font-medium text-ink">
          {user ? user.email : loaded ? 'Not signed in' : 'Checking…'}
        </dd>
      </dl>
      <p className="text-sm text-ink-muted">
        {user
          ? 'Your plan, invoices and API token are managed here.'
          : 'Sign in to manage your plan and invoices.'}
      </p>
    </div>
  )
}

export { BillingSummary }
