/**
 * The fake answers the real `stripe` SDK over real HTTP, and its webhooks verify with the SDK's own
 * `constructEventAsync`: if either side drifted from Stripe's wire format, these tests would fail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Stripe from 'stripe'
import { startFakeStripe } from './server'

const SECRET = 'sk_test_fake_suite'
const WHSEC = 'whsec_fake_suite'
let clock = new Date('2026-03-01T12:00:00Z')
const received: Stripe.Event[] = []
const receiver = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const body = await request.text()
    const signature = request.headers.get('stripe-signature') ?? ''
    const sdk = new Stripe(SECRET)
    try {
      received.push(await sdk.webhooks.constructEventAsync(body, signature, WHSEC))
      return new Response('ok')
    } catch {
      return new Response('bad signature', { status: 400 })
    }
  },
})
const fake = startFakeStripe({
  secretKey: SECRET,
  webhookSecret: WHSEC,
  webhookUrl: `http://127.0.0.1:${receiver.port}/`,
  now: () => clock,
  prices: [
    { lookupKey: 'team49', name: 'Team', unitAmount: 4900, interval: 'month' },
    { lookupKey: 'enterprise35peruser', name: 'Enterprise', unitAmount: 3500, interval: 'month' },
  ],
})
const url = new URL(fake.url)
const stripe = new Stripe(SECRET, {
  host: url.hostname,
  port: url.port,
  protocol: 'http',
  maxNetworkRetries: 0,
})

async function priceId(lookupKey: string): Promise<string> {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey] })
  const price = prices.data[0]
  if (!price) throw new Error(`no price ${lookupKey}`)
  return price.id
}

async function card(customer: string, token: string): Promise<string> {
  const method = await stripe.paymentMethods.create({ type: 'card', card: { token } })
  await stripe.paymentMethods.attach(method.id, { customer })
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.id } })
  return method.id
}

beforeAll(() => {
  clock = new Date('2026-03-01T12:00:00Z')
})
afterAll(async () => {
  await fake.stop()
  await receiver.stop(true)
})

describe('fake Stripe', () => {
  test('rejects a wrong secret key the way Stripe does', async () => {
    const other = new Stripe('sk_test_wrong', { host: url.hostname, port: url.port, protocol: 'http' })
    const error = await other.customers.create({ email: 'x@example.com' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
  })

  test('decline tokens fail on attach with card_error and decline_code', async () => {
    const customer = await stripe.customers.create({ email: 'declined@example.com' })
    for (const [token, declineCode] of [
      ['tok_chargeDeclined', 'generic_decline'],
      ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['tok_chargeDeclinedExpiredCard', 'expired_card'],
    ] as const) {
      const error = await card(customer.id, token).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
      expect((error as Stripe.errors.StripeCardError).decline_code).toBe(declineCode)
      expect((error as Stripe.errors.StripeCardError).statusCode).toBe(402)
    }
    // Attaches, but its charges fail later (Stripe's tok_chargeCustomerFail).
    const failsLater = await card(customer.id, 'tok_chargeCustomerFail')
    expect((await stripe.paymentMethods.retrieve(failsLater)).card?.last4).toBe('0341')
    const methodId = await card(customer.id, 'tok_amex')
    const method = await stripe.paymentMethods.retrieve(methodId)
    expect(method.card?.brand).toBe('amex')
    expect(method.card?.last4).toBe('8431')
  })

  test('a trial without a card pauses at its end; resuming after adding a card bills at once', async () => {
    const customer = await stripe.customers.create({ email: 'trial@example.com' })
    const trialEnd = Math.floor(clock.getTime() / 1000) + 14 * 86_400
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId('team49'), quantity: 1 }],
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
    })
    expect(subscription.status).toBe('trialing')
    expect(subscription.items.data[0]?.current_period_end).toBe(trialEnd)

    clock = new Date((trialEnd - 2 * 86_400) * 1000)
    await fake.advance()
    expect(received.some((event) => event.type === 'customer.subscription.trial_will_end')).toBe(true)

    clock = new Date((trialEnd + 60) * 1000)
    await fake.advance()
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('paused')

    await card(customer.id, 'tok_visa')
    const resumed = await stripe.subscriptions.resume(subscription.id, {
      billing_cycle_anchor: { type: 'now' },
      payment_behavior: 'resume_on_payment_success',
    })
    expect(resumed.status).toBe('active')
    await fake.settle()
    const paid = received.filter((event) => event.type === 'invoice.paid')
    const invoice = paid.at(-1)?.data.object as Stripe.Invoice
    expect(invoice.amount_paid).toBe(4900)
    expect(invoice.customer).toBe(customer.id)
    const invoices = await stripe.invoices.list({ customer: customer.id })
    expect(invoices.data.map((entry) => entry.status)).toEqual(['paid'])
  })

  test('quantity change prorates onto the upcoming invoice; promotion codes discount it', async () => {
    clock = new Date('2026-04-01T00:00:00Z')
    const customer = await stripe.customers.create({ email: 'seats@example.com' })
    await card(customer.id, 'tok_mastercard')
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId('enterprise35peruser'), quantity: 2 }],
    })
    expect(subscription.status).toBe('active')
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'forever', id: 'HALF' })
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'HALFOFF' })

    clock = new Date('2026-04-16T00:00:00Z') // half of April's 30 days left
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 3 }] })
    const codes = await stripe.promotionCodes.list({ code: 'HALFOFF', active: true })
    const promotion = codes.data[0]
    expect(promotion?.code).toBe('HALFOFF')
    const updated = await stripe.subscriptions.update(subscription.id, {
      discounts: [{ promotion_code: promotion?.id ?? '' }],
      expand: ['discounts'],
    })
    expect((updated.discounts[0] as Stripe.Discount).source.coupon).toMatchObject({ percent_off: 50 })

    const upcoming = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    })
    const amounts = upcoming.lines.data.map((line) => line.amount)
    expect(amounts).toEqual([-3500, 5250, 10_500])
    expect(upcoming.subtotal).toBe(12_250)
    expect(upcoming.total).toBe(6125)

    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })
    const none = await stripe.invoices
      .createPreview({ customer: customer.id, subscription: subscription.id })
      .catch((caught: unknown) => caught)
    expect((none as Stripe.errors.StripeError).code).toBe('invoice_upcoming_none')
  })

  test('a renewal with a card that now fails goes past_due; paying the open invoice restores active', async () => {
    clock = new Date('2026-05-01T00:00:00Z')
    const customer = await stripe.customers.create({ email: 'renewal@example.com' })
    await card(customer.id, 'tok_visa')
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId('team49') }],
    })
    // A new default card that attaches but whose charges fail (tok_chargeCustomerFail).
    await card(customer.id, 'tok_chargeCustomerFail')
    clock = new Date('2026-06-01T00:00:10Z')
    await fake.advance()
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due')
    const open = await stripe.invoices.list({ customer: customer.id })
    const unpaid = open.data.find((invoice) => invoice.status === 'open')
    expect(unpaid?.attempt_count).toBe(1)

    await card(customer.id, 'tok_visa')
    const paid = await stripe.invoices.pay(unpaid?.id ?? '')
    expect(paid.status).toBe('paid')
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
  })

  test('failed retries after 1, 3 and 7 days end the subscription and write the invoice off', async () => {
    clock = new Date('2026-07-01T00:00:00Z')
    const customer = await stripe.customers.create({ email: 'retries@example.com' })
    await card(customer.id, 'tok_visa')
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId('team49') }],
    })
    await card(customer.id, 'tok_chargeCustomerFail')
    const attempts: Array<[string, string]> = [
      ['2026-08-01T00:00:10Z', 'past_due'],
      ['2026-08-02T00:00:20Z', 'past_due'],
      ['2026-08-05T00:00:30Z', 'past_due'],
      ['2026-08-12T00:00:40Z', 'canceled'],
    ]
    for (const [at, status] of attempts) {
      clock = new Date(at)
      await fake.advance()
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe(
        status as Stripe.Subscription.Status,
      )
    }
    const invoices = await stripe.invoices.list({ customer: customer.id })
    expect(invoices.data.map((invoice) => [invoice.status, invoice.attempt_count])).toEqual([
      ['uncollectible', 4],
      ['paid', 1],
    ])
  })

  test('every delivered webhook passed signature verification', async () => {
    await fake.settle()
    expect(fake.deliveries.length).toBeGreaterThan(10)
    expect(fake.deliveries.every((delivery) => delivery.status === 200)).toBe(true)
    expect(received.length).toBe(fake.deliveries.length)
  })
})
