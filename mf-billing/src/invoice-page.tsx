import { Button, ErrorState, Skeleton } from '@pinpoint/ui'
import { useQuery } from '@tanstack/react-query'
import { Printer } from 'lucide-react'
import { billing, billingKeys } from './api'
import { AppLink } from './app-link'
import { formatDate, formatMoney } from './format'
import { InvoiceStatus } from './invoices/invoices-card'
import './styles.css'

/**
 * One invoice as a page (/billing/invoices/{id}) that prints as a document: the print stylesheet hides
 * the app around it and the buttons (styles.css, `.invoice-page`).
 */
export default function InvoicePage({ invoiceId }: { invoiceId?: string }) {
  const id = invoiceId ?? ''
  const query = useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: () => billing.invoice('me', id),
    enabled: !!id,
  })
  if (query.isError) {
    return (
      <ErrorState
        title="This invoice could not be opened"
        message={query.error instanceof Error ? query.error.message : 'Try again.'}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (!query.data) return <Skeleton className="h-96 w-full rounded-card" />
  const { invoice, customer } = query.data
  const money = (cents: number) => formatMoney(cents, invoice.currency)
  return (
    <div className="invoice-page flex flex-col gap-4" data-testid="invoice-page">
      <div className="invoice-actions flex flex-wrap items-center justify-between gap-2">
        <AppLink
          to="/billing"
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Back to billing
        </AppLink>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <article className="invoice-sheet rounded-card border border-line bg-surface p-6 text-sm sm:p-10">
        <header className="flex flex-wrap items-start justify-between gap-6">
          <div>
            <p className="text-2xl font-semibold tracking-tight">Pinpoint</p>
            <p className="text-ink-muted">Invoice</p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1">
            <dt className="text-ink-muted">Number</dt>
            <dd className="font-medium" data-testid="invoice-number">
              {invoice.number ?? 'Draft'}
            </dd>
            <dt className="text-ink-muted">Date</dt>
            <dd>{formatDate(invoice.createdAt)}</dd>
            <dt className="text-ink-muted">Period</dt>
            <dd>
              {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
            </dd>
            <dt className="text-ink-muted">Status</dt>
            <dd>
              <InvoiceStatus status={invoice.status} />
            </dd>
          </dl>
        </header>
        <section className="mt-8" aria-label="Billed to">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-ink-muted">Billed to</h2>
          <p className="mt-1 font-medium">{customer.name}</p>
          <p>{customer.billingEmail ?? customer.email}</p>
        </section>
        <table className="mt-8 w-full border-collapse">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="border-b border-line text-left text-ink-muted">
              <th scope="col" className="py-2 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines are fixed once finalised
              <tr key={index} className="border-b border-line">
                <td className="py-2 pr-4">{line.description}</td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 text-right tabular-nums">{money(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="tabular-nums">
            <tr>
              <th scope="row" colSpan={2} className="pt-4 text-right font-normal text-ink-muted">
                Subtotal
              </th>
              <td className="pt-4 text-right">{money(invoice.subtotalCents)}</td>
            </tr>
            {invoice.discountCents ? (
              <tr>
                <th scope="row" colSpan={2} className="pt-1 text-right font-normal text-ink-muted">
                  Discount
                </th>
                <td className="pt-1 text-right">−{money(invoice.discountCents)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={2} className="pt-1 text-right font-semibold">
                Total
              </th>
              <td className="pt-1 text-right font-semibold" data-testid="invoice-total">
                {money(invoice.totalCents)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={2} className="pt-1 text-right font-normal text-ink-muted">
                Paid
              </th>
              <td className="pt-1 text-right">{money(invoice.amountPaidCents)}</td>
            </tr>
          </tfoot>
        </table>
      </article>
    </div>
  )
}
