/**
 * The Stripe webhook end to end: the server runs with the Stripe provider against the fake Stripe server
 * (real HTTP both ways, real PostgreSQL, the same clock), and the fake signs and delivers its events to the
 * listening server exactly as Stripe would. Covers signature checks, replays, late events, access coming
 * back with a payment made outside our app, the invoice mirror, frames and e-mails.
 */
import { describe, expect, test } from 'bun:test'
import { billingEvents, customers, invoiceLines, invoices, outboxEmails } from '@pinpoint/db'
import { isCustomerActive } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { startCatalogueFake } from '../../platform/billing/stripe/fake/catalogue'
import { TestSocket } from '../../realtime/test-socket'
import { TestClient } from '../../testing/http'
import { createStripeTestServer } from './testing'

const DAY = 86_400_000

const {
  app: server,
  clock,
  db,
  fake,
  baseUrl,
  webhookUrl: WEBHOOK_URL,
  stripe,
} = await createStripeTestServer('webhook_suite')
clock.set('2026-06-01T08:00:00Z')

let serial = 0
/** Signs up through the API with a team plan: a 14-day trial, started at Stripe by the sign-up. */
async function signUp() {
  serial += 1
  const client = new TestClient(server)
  const email = `stripe-hook-${serial}-${Date.now()}@example.test`
  const response = await client.post<{ user: { id: string } }>('/api/v1/users', {
    email,
    name: `Hook Owner ${serial}`,
    password: 'a-long-enough-password',
    teamName: `Hook Team ${serial}`,
    plan: 'team49',
  })
  expect(response.status).toBe(201)
  await fake.settle()
  const userId = response.body.user.id
  return { client, email, userId, customer: () => customerOf(userId) }
}

async function customerOf(userId: string) {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId))
  if (!row) throw new Error('no customer record')
  return row
}

async function postRaw(payload: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signature !== undefined) headers['stripe-signature'] = signature
  const response = await fetch(WEBHOOK_URL, { method: 'POST', headers, body: payload })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function eventsOf(type: string, stripeCustomerId: string) {
  return fake.state.events.filter(
    (event) =>
      event.type === type && (event.data.object as { customer?: string }).customer === stripeCustomerId,
  )
}

describe('POST /api/v1/billing/stripe/webhook', () => {
  test('the sign-up trial reaches Stripe, and its signed events update our record', async () => {
    const owner = await signUp()
    const row = await owner.customer()
    expect(row.customerId).toMatch(/^cus_/)
    const created = eventsOf('customer.subscription.created', row.customerId ?? '')
    expect(created).toHaveLength(1)
    const [stored] = await db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, created[0]?.id ?? ''))
    expect(stored).toMatchObject({ provider: 'stripe', type: 'customer.subscription.created' })
    expect(row).toMatchObject({ status: 'trialing', planId: 'team49', cancelAtPeriodEnd: false })
    expect(row.subscriptionId).toMatch(/^sub_/)
    expect(row.periodEnd?.getTime()).toBe(clock.now().getTime() + 14 * DAY)
    expect(fake.deliveries.every((delivery) => delivery.status === 200)).toBe(true)
  })

  test('a bad or missing signature is refused with 400 and nothing is stored', async () => {
    const owner = await signUp()
    const event = eventsOf('customer.subscription.created', (await owner.customer()).customerId ?? '')[0]
    const forged = {
      ...event,
      id: 'evt_forged_1',
      data: { object: { ...(event?.data.object as object), status: 'active' } },
    }
    const payload = JSON.stringify(forged)
    const otherSecret = startCatalogueFake({ secretKey: 'sk_test_x', webhookSecret: 'whsec_attacker' })
    const attempts = [
      await postRaw(payload),
      await postRaw(payload, 't=1,v1=deadbeef'),
      await postRaw(payload, otherSecret.sign(payload)),
      await postRaw(payload, fake.sign(JSON.stringify({ ...forged, id: 'evt_other' }))),
      await postRaw(payload, fake.sign(payload, Math.floor(Date.now() / 1000) - 3600)),
    ]
    await otherSecret.stop()
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400)
      expect(attempt.body).toMatchObject({ error: 'InvalidSignature', status: 400 })
    }
    expect(await db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged_1'))).toHaveLength(0)
    expect((await owner.customer()).status).toBe('trialing')
    // The same forged body signed with our secret would have been accepted: the check is the signature.
    expect((await postRaw(payload, fake.sign(payload))).status).toBe(200)
  })

  test('a replayed event changes nothing twice', async () => {
    const owner = await signUp()
    const stripeId = (await owner.customer()).customerId ?? ''
    expect((await owner.client.post('/api/v1/users/me/customer/card', { source: 'tok_visa' })).status).toBe(
      200,
    )
    expect(
      (await owner.client.put('/api/v1/users/me/customer/plan', { plan: 'enterprise35peruser' })).status,
    ).toBe(200)
    await fake.settle()
    const created = eventsOf('customer.subscription.created', stripeId)[0]
    expect((await owner.customer()).planId).toBe('enterprise35peruser')

    const before = fake.deliveries.length
    await fake.redeliver(created?.id ?? '')
    expect(fake.deliveries.slice(before)).toEqual([
      { eventId: created?.id ?? '', type: created?.type ?? '', status: 200 },
    ])
    expect((await owner.customer()).planId).toBe('enterprise35peruser')
    const signed = JSON.stringify(created)
    expect(await postRaw(signed, fake.sign(signed))).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    })
    expect(
      await db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.id, created?.id ?? '')),
    ).toHaveLength(1)
  })

  test('an event older than the record is ignored (out-of-order delivery)', async () => {
    const owner = await signUp()
    const stripeId = (await owner.customer()).customerId ?? ''
    // Stripe's delivery of the cancellation is held back ...
    fake.setWebhookUrl(null)
    await stripe.subscriptions.update((await owner.customer()).subscriptionId ?? '', {
      cancel_at_period_end: true,
    })
    const late = eventsOf('customer.subscription.updated', stripeId).at(-1)
    expect(late?.data.object).toMatchObject({ cancel_at_period_end: true })
    // ... while a later change (made in Stripe's dashboard, a minute later) arrives first.
    clock.advance(60_000)
    fake.setWebhookUrl(WEBHOOK_URL)
    await stripe.subscriptions.update((await owner.customer()).subscriptionId ?? '', {
      cancel_at_period_end: false,
    })
    await fake.settle()
    expect((await owner.customer()).cancelAtPeriodEnd).toBe(false)

    const seen = (await owner.customer()).providerUpdatedAt
    const signed = JSON.stringify(late)
    expect(await postRaw(signed, fake.sign(signed))).toEqual({
      status: 200,
      body: { received: true, ignored: 'customer.subscription.updated' },
    })
    const after = await owner.customer()
    expect(after.cancelAtPeriodEnd).toBe(false)
    // Not even re-synced: the record was not touched at all.
    expect(after.providerUpdatedAt).toEqual(seen)
    // It is recorded all the same, so a retry of it is a plain replay.
    expect(
      await db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.id, late?.id ?? '')),
    ).toHaveLength(1)
  })

  test('a payment made at Stripe brings access back at once: record, frame, one receipt', async () => {
    clock.set('2026-07-01T08:00:00Z')
    const owner = await signUp()
    const stripeId = (await owner.customer()).customerId ?? ''
    const trialEnd = (await owner.customer()).periodEnd as Date

    // Three days before the end Stripe announces it: the trial-ending e-mail, once.
    clock.set(new Date(trialEnd.getTime() - 2 * DAY))
    await fake.advance()
    expect(await mails(owner.email, 'billing-trial-ending')).toHaveLength(1)

    // The trial runs out without a card: Stripe pauses it; two hours later the account is read-only.
    clock.set(new Date(trialEnd.getTime() + 3 * 3_600_000))
    await fake.advance()
    const expired = await owner.customer()
    expect(expired).toMatchObject({ status: 'trialing' })
    expect(expired.periodEnd).toEqual(trialEnd)
    expect(isCustomerActive(expired, clock.now())).toBe(false)
    expect(await mails(owner.email, 'billing-trial-ended')).toHaveLength(1)

    const session = owner.client.cookies.get('pinpoint_session') ?? ''
    const socket = await TestSocket.open(baseUrl, { sessionToken: session })
    // The customer pays on a Stripe page (not through our API): only the webhook can tell us.
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } })
    await stripe.paymentMethods.attach(method.id, { customer: stripeId })
    await stripe.customers.update(stripeId, { invoice_settings: { default_payment_method: method.id } })
    await stripe.subscriptions.resume(expired.subscriptionId ?? '', { billing_cycle_anchor: { type: 'now' } })
    await fake.settle()

    const restored = await owner.customer()
    expect(restored).toMatchObject({
      status: 'active',
      planId: 'team49',
      cardBrand: 'Visa',
      cardLast4: '4242',
    })
    expect(restored.periodEnd?.getTime()).toBeGreaterThan(clock.now().getTime() + 27 * DAY)
    expect(isCustomerActive(restored, clock.now())).toBe(true)
    const frame = await socket.next(
      (candidate) => {
        const { type, customer } = candidate as { type: string; customer?: { status?: string } }
        return type === 'customer.updated' && customer?.status === 'active'
      },
      5000,
      true,
    )
    expect((frame as { customer?: unknown }).customer).toMatchObject({ active: true, planId: 'team49' })
    socket.ws.close()
    const receipts = await mails(owner.email, 'billing-receipt')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]?.text).toContain('$49.00')
    // Stripe retries a delivery it thinks failed: the receipt is not sent twice.
    const paidEvent = eventsOf('invoice.paid', stripeId).at(-1)
    await fake.redeliver(paidEvent?.id ?? '')
    expect(await mails(owner.email, 'billing-receipt')).toHaveLength(1)
  })

  test('invoices are mirrored with their lines, and their status only moves forward', async () => {
    clock.set('2026-09-01T08:00:00Z')
    const owner = await signUp()
    const row = await owner.customer()
    expect(
      (await owner.client.post('/api/v1/users/me/customer/card', { source: 'tok_mastercard' })).status,
    ).toBe(200)
    // The trial ends with a card: the first period is charged at Stripe and mirrored here.
    clock.set(new Date((row.periodEnd as Date).getTime() + 60_000))
    await fake.advance()
    const [paid] = await db.select().from(invoices).where(eq(invoices.userId, owner.userId))
    expect(paid).toMatchObject({
      status: 'paid',
      subtotal: 4900,
      amountDue: 4900,
      amountPaid: 4900,
      currency: 'usd',
    })
    expect(paid?.number).toMatch(/^[A-Z0-9]{8}-\d{4}$/)
    expect(paid?.providerInvoiceId).toMatch(/^in_/)
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, paid?.id ?? ''))
    expect(lines.map((line) => [line.quantity, line.amountCents])).toEqual([[1, 4900]])

    // The next renewal fails: past_due (still active for 7 days), an open invoice, a payment-failed e-mail.
    // The owner switches to a card that attaches but cannot be charged (tok_chargeCustomerFail).
    expect(
      (await owner.client.post('/api/v1/users/me/customer/card', { source: 'tok_chargeCustomerFail' }))
        .status,
    ).toBe(200)
    const renewal = (await owner.customer()).periodEnd as Date
    clock.set(new Date(renewal.getTime() + 60_000))
    await fake.advance()
    const pastDue = await owner.customer()
    expect(pastDue.status).toBe('past_due')
    expect(pastDue.periodEnd).toEqual(renewal)
    expect(isCustomerActive(pastDue, new Date(renewal.getTime() + 6 * DAY))).toBe(true)
    expect(isCustomerActive(pastDue, new Date(renewal.getTime() + 8 * DAY))).toBe(false)
    const open = (await db.select().from(invoices).where(eq(invoices.userId, owner.userId))).find(
      (invoice) => invoice.status === 'open',
    )
    expect(open).toMatchObject({ amountDue: 4900, amountPaid: 0, attemptCount: 1 })
    expect(await mails(owner.email, 'billing-payment-failed')).toHaveLength(1)
    const failedEvent = eventsOf('invoice.payment_failed', row.customerId ?? '').at(-1)

    // Paid on Stripe's hosted invoice page with another card.
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } })
    await stripe.paymentMethods.attach(method.id, { customer: row.customerId ?? '' })
    await stripe.customers.update(row.customerId ?? '', {
      invoice_settings: { default_payment_method: method.id },
    })
    await stripe.invoices.pay(open?.providerInvoiceId ?? '')
    await fake.settle()
    const [settled] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, open?.id ?? ''))
    expect(settled).toMatchObject({ status: 'paid', amountPaid: 4900 })
    expect((await owner.customer()).status).toBe('active')

    // A late copy of the failure (another delivery id, as a Stripe retry of a lost one) cannot reopen it.
    const lateCopy = JSON.stringify({ ...failedEvent, id: `${failedEvent?.id}_late` })
    expect((await postRaw(lateCopy, fake.sign(lateCopy))).status).toBe(200)
    const [still] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, open?.id ?? ''))
    expect(still).toMatchObject({ status: 'paid', amountPaid: 4900 })
    expect((await owner.customer()).status).toBe('active')
  })
})

async function mails(to: string, kind: string) {
  return (await db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).filter(
    (mail) => mail.kind === kind,
  )
}
