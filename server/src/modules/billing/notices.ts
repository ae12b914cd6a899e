/**
 * Billing e-mails through the mailer: trial ending in 3 days, trial ended, payment failed, and a receipt
 * when the customer wants receipts. They go to the billing e-mail when one is set, else to the owner.
 */
import { type Customer, users } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { buildBillingEmail } from '../../emails'
import type { BillingEmailProps } from '../../emails/billing'
import type { BillingProviderEvent, InvoiceView } from '../../platform/billing/provider'

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  )
}

function invoiceFields(context: AppContext, invoice: InvoiceView) {
  return {
    invoiceNumber: invoice.number,
    amount: money(invoice.totalCents, invoice.currency),
    invoiceUrl: `${context.config.publicUrl}/billing/invoices/${invoice.id}`,
  }
}

function day(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

export async function sendBillingNotice(
  context: AppContext,
  customer: Customer,
  event: BillingProviderEvent,
): Promise<void> {
  let props: Omit<BillingEmailProps, 'name' | 'billingUrl'> | null = null
  switch (event.type) {
    case 'trial_will_end':
      props = { kind: 'trial-ending', trialEnd: day(event.trialEnd) }
      break
    case 'trial_ended':
      props = { kind: 'trial-ended', trialEnd: day(event.trialEnd) }
      break
    case 'payment_failed':
      props = {
        kind: 'payment-failed',
        finalAttempt: event.finalAttempt,
        ...invoiceFields(context, event.invoice),
      }
      break
    case 'payment_succeeded':
      if (customer.shouldEmailReceipts && event.invoice.totalCents > 0) {
        props = { kind: 'receipt', ...invoiceFields(context, event.invoice) }
      }
      break
  }
  if (!props) return
  const [user] = await context.database.db.select().from(users).where(eq(users.id, customer.userId))
  if (!user) return
  const email = await buildBillingEmail({
    ...props,
    name: user.name,
    billingUrl: `${context.config.publicUrl}/billing`,
  })
  await context.mailer.send({ to: customer.billingEmail ?? user.email, ...email })
}
