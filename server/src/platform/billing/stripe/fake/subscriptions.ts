/**
 * The fake's subscription life cycle: create (with or without a trial), change price or quantity with
 * prorations, cancel at period end, resume a paused one, and `advance` — what Stripe's clock does on its own
 * (trial end, renewal, payment retries). Each transition emits the events Stripe documents for it.
 */
import {
  addInterval,
  attemptPayment,
  draftInvoice,
  finalizeAndCollect,
  type Ledger,
  openInvoices,
  periodLine,
  takePendingLines,
} from './invoicing'
import type {
  FakeDiscount,
  FakePrice,
  FakeSubscription,
  FakeSubscriptionItem,
  SubscriptionStatus,
} from './state'
import { invalid, missing } from './state'

const DAY = 86_400

export interface CreateSubscriptionInput {
  customer: string
  price: FakePrice
  quantity: number
  trialEnd?: number
  missingPaymentMethod?: 'cancel' | 'create_invoice' | 'pause'
  defaultPaymentMethod?: string
  metadata: Record<string, string>
  discount?: FakeDiscount
}

function interval(price: FakePrice): 'month' | 'year' {
  return price.recurring?.interval ?? 'month'
}

function itemOf(subscription: FakeSubscription): FakeSubscriptionItem {
  const item = subscription.items.data[0]
  if (!item) throw invalid('This subscription has no items.')
  return item
}

function setStatus(ledger: Ledger, subscription: FakeSubscription, status: SubscriptionStatus): void {
  if (subscription.status === status) return
  const previous = subscription.status
  subscription.status = status
  ledger.emit('customer.subscription.updated', subscription, { status: previous })
}

/** Starts a new period at `start` and bills it (plus pending prorations); returns whether it was paid. */
function billNewPeriod(
  ledger: Ledger,
  subscription: FakeSubscription,
  start: number,
  reason: string,
): boolean {
  const item = itemOf(subscription)
  item.current_period_start = start
  item.current_period_end = addInterval(start, interval(item.price))
  const lines = [
    ...takePendingLines(ledger, subscription.id),
    periodLine(ledger, item, start, item.current_period_end),
  ]
  return finalizeAndCollect(ledger, draftInvoice(ledger, subscription, lines, reason), subscription)
}

export function createSubscription(ledger: Ledger, input: CreateSubscriptionInput): FakeSubscription {
  const now = ledger.now()
  const id = ledger.state.id('sub')
  const trialing = input.trialEnd !== undefined && input.trialEnd > now
  const item: FakeSubscriptionItem = {
    id: ledger.state.id('si'),
    object: 'subscription_item',
    price: input.price,
    quantity: input.quantity,
    current_period_start: now,
    current_period_end: trialing ? (input.trialEnd as number) : addInterval(now, interval(input.price)),
    subscription: id,
  }
  const subscription: FakeSubscription = {
    id,
    object: 'subscription',
    customer: input.customer,
    status: trialing ? 'trialing' : 'incomplete',
    items: { object: 'list', data: [item] },
    trial_start: trialing ? now : null,
    trial_end: trialing ? (input.trialEnd as number) : null,
    trial_settings: {
      end_behavior: { missing_payment_method: input.missingPaymentMethod ?? 'create_invoice' },
    },
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    discounts: input.discount ? [{ ...input.discount, subscription: id }] : [],
    default_payment_method: input.defaultPaymentMethod ?? null,
    latest_invoice: null,
    metadata: input.metadata,
    billing_cycle_anchor: item.current_period_end,
    start_date: now,
    created: now,
    currency: input.price.currency,
  }
  ledger.state.subscriptions.set(id, subscription)
  if (!trialing) {
    const lines = [periodLine(ledger, item, now, item.current_period_end)]
    const paid = finalizeAndCollect(
      ledger,
      draftInvoice(ledger, subscription, lines, 'subscription_create'),
      subscription,
    )
    subscription.status = paid ? 'active' : 'incomplete'
  }
  ledger.emit('customer.subscription.created', subscription)
  return subscription
}

export interface UpdateSubscriptionInput {
  price?: FakePrice
  quantity?: number
  prorationBehavior?: 'create_prorations' | 'always_invoice' | 'none'
  cancelAtPeriodEnd?: boolean
  trialEnd?: number | 'now'
  discount?: FakeDiscount | null
  metadata?: Record<string, string>
}

function prorationLines(ledger: Ledger, subscription: FakeSubscription, price: FakePrice, quantity: number) {
  const item = itemOf(subscription)
  const now = ledger.now()
  const span = item.current_period_end - item.current_period_start
  const fraction = span > 0 ? Math.max(0, item.current_period_end - now) / span : 0
  const period = { start: now, end: item.current_period_end }
  const parent = {
    type: 'subscription_item_details' as const,
    subscription_item_details: { proration: true },
  }
  const oldName = item.price.nickname ?? item.price.lookup_key
  const newName = price.nickname ?? price.lookup_key
  return [
    {
      id: ledger.state.id('il'),
      object: 'line_item' as const,
      amount: -Math.round(item.price.unit_amount * item.quantity * fraction),
      currency: item.price.currency,
      description: `Unused time on ${item.quantity} × ${oldName}`,
      quantity: item.quantity,
      period,
      parent,
    },
    {
      id: ledger.state.id('il'),
      object: 'line_item' as const,
      amount: Math.round(price.unit_amount * quantity * fraction),
      currency: price.currency,
      description: `Remaining time on ${quantity} × ${newName}`,
      quantity,
      period,
      parent,
    },
  ]
}

export function updateSubscription(
  ledger: Ledger,
  subscription: FakeSubscription,
  input: UpdateSubscriptionInput,
): FakeSubscription {
  if (subscription.status === 'canceled') {
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.')
  }
  const item = itemOf(subscription)
  const previous: Record<string, unknown> = {}
  const price = input.price ?? item.price
  const quantity = input.quantity ?? item.quantity
  const changed = price.id !== item.price.id || quantity !== item.quantity
  if (changed) {
    previous.items = { data: [{ ...item, price: { ...item.price } }] }
    const now = ledger.now()
    const intervalChanged = interval(price) !== interval(item.price)
    const billable =
      subscription.status !== 'trialing' && (input.prorationBehavior ?? 'create_prorations') !== 'none'
    const prorations = billable ? prorationLines(ledger, subscription, price, quantity) : []
    item.price = price
    item.quantity = quantity
    if (intervalChanged && subscription.status !== 'trialing') {
      // Stripe resets the billing cycle when the interval changes and invoices at once (credit included).
      for (const line of prorations.slice(0, 1))
        ledger.state.pendingItems.push({ subscription: subscription.id, line })
      subscription.billing_cycle_anchor = now
      if (billNewPeriod(ledger, subscription, now, 'subscription_update'))
        setStatus(ledger, subscription, 'active')
    } else if (input.prorationBehavior === 'always_invoice' && prorations.length > 0) {
      finalizeAndCollect(
        ledger,
        draftInvoice(ledger, subscription, prorations, 'subscription_update'),
        subscription,
      )
    } else {
      for (const line of prorations) ledger.state.pendingItems.push({ subscription: subscription.id, line })
    }
  }
  if (
    input.cancelAtPeriodEnd !== undefined &&
    input.cancelAtPeriodEnd !== subscription.cancel_at_period_end
  ) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end
    subscription.cancel_at_period_end = input.cancelAtPeriodEnd
    subscription.canceled_at = input.cancelAtPeriodEnd ? ledger.now() : null
  }
  if (input.trialEnd !== undefined) {
    previous.trial_end = subscription.trial_end
    const end = input.trialEnd === 'now' ? ledger.now() : input.trialEnd
    subscription.trial_end = end
    if (subscription.status === 'trialing') item.current_period_end = end
  }
  if (input.discount !== undefined) {
    previous.discounts = subscription.discounts.map((discount) => discount.id)
    subscription.discounts = input.discount ? [{ ...input.discount, subscription: subscription.id }] : []
  }
  if (input.metadata) subscription.metadata = { ...subscription.metadata, ...input.metadata }
  ledger.emit('customer.subscription.updated', subscription, previous)
  if (input.trialEnd !== undefined) advanceSubscription(ledger, subscription)
  return subscription
}

/**
 * POST /v1/subscriptions/:id/resume (billing cycle anchored now): a new period, billed at once. With
 * `payment_behavior=resume_on_payment_success` a failed payment leaves it paused (the invoice stays open).
 */
export function resumeSubscription(
  ledger: Ledger,
  subscription: FakeSubscription,
  paymentBehavior?: string,
): FakeSubscription {
  if (subscription.status !== 'paused') throw invalid('Only a paused subscription can be resumed.')
  const paid = billNewPeriod(ledger, subscription, ledger.now(), 'subscription_update')
  if (!paid && paymentBehavior === 'resume_on_payment_success') return subscription
  subscription.status = paid ? 'active' : 'past_due'
  ledger.emit('customer.subscription.resumed', subscription)
  ledger.emit('customer.subscription.updated', subscription, { status: 'paused' })
  return subscription
}

/** POST /v1/invoices/:id/pay: a new attempt now; a paid invoice brings a past_due subscription back. */
export function payInvoice(ledger: Ledger, invoiceId: string): boolean {
  const invoice = ledger.state.invoices.get(invoiceId)
  const subscriptionId = invoice?.parent?.subscription_details.subscription
  const subscription = subscriptionId ? ledger.state.subscriptions.get(subscriptionId) : undefined
  if (!invoice) throw missing('invoice', invoiceId)
  if (!subscription) throw invalid('This fake only collects subscription invoices.')
  if (invoice.status !== 'open') throw invalid('Invoice is already paid')
  const paid = attemptPayment(ledger, invoice, subscription)
  if (paid && openInvoices(ledger, subscription.id).length === 0 && subscription.status !== 'canceled') {
    setStatus(ledger, subscription, 'active')
  }
  return paid
}

function endSubscription(ledger: Ledger, subscription: FakeSubscription, at: number): void {
  subscription.status = 'canceled'
  subscription.ended_at = at
  subscription.canceled_at ??= at
  ledger.emit('customer.subscription.deleted', subscription)
}

/** DELETE /v1/subscriptions/:id: ends it now (no refund of the period already paid). */
export function cancelSubscription(ledger: Ledger, subscription: FakeSubscription): FakeSubscription {
  if (subscription.status === 'canceled') throw invalid('This subscription is already canceled.')
  ledger.state.pendingItems = ledger.state.pendingItems.filter(
    (entry) => entry.subscription !== subscription.id,
  )
  endSubscription(ledger, subscription, ledger.now())
  return subscription
}

/** What Stripe's own clock does to one subscription up to now. */
function advanceSubscription(ledger: Ledger, subscription: FakeSubscription): void {
  const now = ledger.now()
  for (let guard = 0; guard < 60 && subscription.status !== 'canceled'; guard += 1) {
    const item = itemOf(subscription)
    const trialEnd = subscription.trial_end
    if (subscription.status === 'trialing' && trialEnd !== null) {
      if (
        trialEnd - 3 * DAY <= now &&
        trialEnd > now &&
        !ledger.state.trialWillEndSent.has(subscription.id)
      ) {
        ledger.state.trialWillEndSent.add(subscription.id)
        ledger.emit('customer.subscription.trial_will_end', subscription)
      }
      if (trialEnd > now) return
      if (subscription.cancel_at_period_end) {
        endSubscription(ledger, subscription, trialEnd)
        return
      }
      const customer = ledger.state.customers.get(subscription.customer)
      const hasCard = Boolean(
        subscription.default_payment_method ?? customer?.invoice_settings.default_payment_method,
      )
      const behavior = subscription.trial_settings.end_behavior.missing_payment_method
      if (!hasCard && behavior === 'pause') {
        setStatus(ledger, subscription, 'paused')
        ledger.emit('customer.subscription.paused', subscription)
        return
      }
      if (!hasCard && behavior === 'cancel') {
        endSubscription(ledger, subscription, trialEnd)
        return
      }
      const paid = billNewPeriod(ledger, subscription, trialEnd, 'subscription_cycle')
      setStatus(ledger, subscription, paid ? 'active' : 'past_due')
      continue
    }
    if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
      const due = openInvoices(ledger, subscription.id).find(
        (invoice) => invoice.next_payment_attempt !== null && invoice.next_payment_attempt <= now,
      )
      if (due) {
        if (attemptPayment(ledger, due, subscription)) setStatus(ledger, subscription, 'active')
        else if (due.next_payment_attempt === null) {
          due.status = 'uncollectible'
          ledger.emit('invoice.marked_uncollectible', due)
          endSubscription(ledger, subscription, now)
        }
        continue
      }
    }
    if (subscription.status === 'paused' || item.current_period_end > now) return
    if (subscription.cancel_at_period_end) {
      endSubscription(ledger, subscription, item.current_period_end)
      return
    }
    if (subscription.status === 'active' || subscription.status === 'past_due') {
      const paid = billNewPeriod(ledger, subscription, item.current_period_end, 'subscription_cycle')
      if (subscription.status === 'active' && !paid) setStatus(ledger, subscription, 'past_due')
      continue
    }
    return
  }
}

export function advanceAll(ledger: Ledger): void {
  for (const subscription of ledger.state.subscriptions.values()) advanceSubscription(ledger, subscription)
}
