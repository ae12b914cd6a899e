import type { BillingData, InvoiceView } from '@pinpoint/api'
import { Badge, type BadgeTone, Card } from '@pinpoint/ui'
import { AppLink } from '../app-link'
import { formatDate, formatMoney } from '../format'

const STATUS: Record<InvoiceView['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  open: { label: 'Open', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  uncollectible: { label: 'Unpaid', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
}

export function InvoiceStatus({ status }: { status: InvoiceView['status'] }) {
  const { label, tone } = STATUS[status] ?? { label: status, tone: 'neutral' }
  return <Badge tone={tone}>{label}</Badge>
}

/** The next invoice as it stands now (plan, seats, proration, coupon). */
export function UpcomingInvoiceCard({ data }: { data: BillingData }) {
  const upcoming = data.upcomingInvoice
  return (
    <Card title="Upcoming invoice" data-testid="billing-upcoming">
      {upcoming ? (
        <>
          <p className="text-sm text-ink-muted">
            Due {formatDate(upcoming.periodStart ?? upcoming.createdAt)}
          </p>
          <ul className="mt-3 divide-y divide-line text-sm">
            {upcoming.lines.map((line, index) => (
              // Lines have no id; their order is the invoice's.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of an invoice's lines
              <li key={index} className="flex justify-between gap-4 py-1.5">
                <span className="min-w-0">{line.description}</span>
                <span className="shrink-0 tabular-nums">
                  {formatMoney(line.amountCents, upcoming.currency)}
                </span>
              </li>
            ))}
            {upcoming.discountCents ? (
              <li className="flex justify-between gap-4 py-1.5">
                <span>Discount</span>
                <span className="tabular-nums">
                  −{formatMoney(upcoming.discountCents, upcoming.currency)}
                </span>
              </li>
            ) : null}
            <li className="flex justify-between gap-4 py-1.5 font-semibold">
              <span>Total</span>
              <span className="tabular-nums" data-testid="billing-upcoming-total">
                {formatMoney(upcoming.totalCents, upcoming.currency)}
              </span>
            </li>
          </ul>
        </>
      ) : (
        <p className="text-sm text-ink-muted">Nothing to pay next: no invoice is coming.</p>
      )}
    </Card>
  )
}

/** Past invoices, newest first; each opens its printable page. */
export function InvoicesCard({ data }: { data: BillingData }) {
  return (
    <Card title="Invoices" data-testid="billing-invoices">
      {data.invoices.length ? (
        <ul className="divide-y divide-line text-sm">
          {data.invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <AppLink
                to={`/billing/invoices/${encodeURIComponent(invoice.id)}`}
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {invoice.number ?? 'Draft invoice'}
              </AppLink>
              <span className="text-ink-muted">{formatDate(invoice.createdAt)}</span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{formatMoney(invoice.totalCents, invoice.currency)}</span>
                <InvoiceStatus status={invoice.status} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">
          No invoices yet. The first one comes with your first payment.
        </p>
      )}
    </Card>
  )
}
