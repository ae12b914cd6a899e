import { Skeleton } from '@pinpoint/ui'
import { Outlet, useParams } from 'react-router'
import { RemoteSlot } from '../federation/remote-slot'

const errorBox = 'm-6 mx-auto w-[min(32rem,calc(100%-2rem))]'

/** The dashboard's outline while its micro-frontend loads: sidebar, toolbar, canvas cards. */
export function DashboardSkeleton() {
  return (
    <div className="flex flex-1" role="status" aria-busy="true" aria-label="Loading your canvases">
      <div className="hidden w-[233px] shrink-0 space-y-3 border-r border-line bg-surface p-4 md:block">
        <Skeleton className="h-8 w-full" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-6" style={{ width: `${80 - i * 9}%` }} />
        ))}
      </div>
      <div className="flex-1 p-4 sm:p-6">
        <div className="mb-6 flex items-center justify-between gap-3">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-9 w-32" />
        </div>
        <div className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="overflow-hidden rounded-card border border-line bg-surface">
              <Skeleton className="aspect-[16/10] rounded-none" />
              <div className="space-y-2 p-3">
                <Skeleton className="h-3.5 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}

export function DashboardPage() {
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="panel-dashboard">
      <RemoteSlot
        remote="dashboard"
        module="DashboardApp"
        label="Dashboard"
        fallback={<DashboardSkeleton />}
        errorClassName={errorBox}
      />
    </div>
  )
}

const billingFallback = <Skeleton className="h-48 w-full rounded-card" />

/** The billing pages' frame (/billing, /billing/plans): its title; the page comes from the billing remote. */
export function BillingLayout() {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10" data-testid="panel-billing">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Billing</h1>
      <Outlet />
    </main>
  )
}

/** /billing: plan, card, coupon, e-mails, invoices, API token and cancel (the billing remote). */
export function BillingOverviewPage() {
  return <RemoteSlot remote="billing" module="BillingOverview" label="Billing" fallback={billingFallback} />
}

/** /billing/plans: plan selection and switch. */
export function PlanSelectionPage() {
  return <RemoteSlot remote="billing" module="PlanSelection" label="Plans" fallback={billingFallback} />
}

/** /billing/invoices/{id}: one invoice, printable (the remote's print stylesheet hides the app around it). */
export function InvoicePage() {
  const { invoiceId } = useParams()
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 print:p-0" data-testid="panel-invoice">
      <h1 className="sr-only">Invoice</h1>
      <RemoteSlot
        remote="billing"
        module="InvoicePage"
        label="Invoice"
        fallback={<Skeleton className="h-96 w-full rounded-card" />}
        props={{ invoiceId }}
      />
    </main>
  )
}

/** The feedback link screen (/link/...): the review micro-frontend, full page. */
export function ReviewPage() {
  return (
    <div className="flex min-h-dvh flex-col" data-testid="panel-review">
      <RemoteSlot remote="review" module="ReviewScreen" label="Review" errorClassName={errorBox} />
    </div>
  )
}
