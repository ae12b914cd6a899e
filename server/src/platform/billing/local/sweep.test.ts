/**
 * The local engine over time (injected clock): trials running out, renewals, failed renewals with their
 * retries after 1, 3 and 7 days, cancellation at period end, and the events the billing module acts on.
 */
import { describe, expect, test } from 'bun:test'
import { buildUser, testDatabase } from '@pinpoint/db/testing'
import type { BillingProviderEvent, ProviderCustomer } from '../provider'
import { LocalBillingProvider } from './engine'

const { db } = await testDatabase()
const DAY = 24 * 60 * 60 * 1000
const START = new Date('2031-03-10T12:00:00.000Z')

async function setup() {
  let now = START.getTime()
  const events: BillingProviderEvent[] = []
  const provider = new LocalBillingProvider({
    db,
    now: () => new Date(now),
    onEvent: async (event) => {
      events.push(event)
    },
  })
  const user = await buildUser(db)
  const { providerCustomerId } = await provider.ensureCustomer(user)
  const who: ProviderCustomer = { userId: user.id, providerCustomerId, email: user.email, name: user.name }
  const move = async (ms: number) => {
    now += ms
    return provider.sweep({ providerCustomerIds: [providerCustomerId] })
  }
  return { provider, who, events, move, at: () => new Date(now) }
}

describe('local engine sweep', () => {
  test('a trial e-mails 3 days before its end, then stays trialing without a card', async () => {
    const { provider, who, events, move } = await setup()
    await provider.startTrial(who, 'team49', new Date(START.getTime() + 14 * DAY))
    expect(await move(10 * DAY)).toEqual([])
    const soon = await move(1 * DAY + 1)
    expect(soon.map((event) => event.type)).toEqual(['trial_will_end'])
    expect(await move(1000)).toEqual([])
    const ended = await move(3 * DAY)
    expect(ended.map((event) => event.type)).toEqual(['trial_ended'])
    expect(await move(DAY)).toEqual([])
    expect((await provider.getSubscription(who))?.status).toBe('trialing')
    expect(events.map((event) => event.type)).toEqual(['trial_will_end', 'trial_ended'])
  })

  test('a card after the trial ran out pays a new period at once', async () => {
    const { provider, who, move, at } = await setup()
    await provider.startTrial(who, 'individual19', new Date(START.getTime() + 14 * DAY))
    await move(15 * DAY)
    await provider.attachCard(who, 'tok_visa')
    const state = await provider.getSubscription(who)
    expect(state?.status).toBe('active')
    expect(state?.currentPeriodStart?.getTime()).toBe(at().getTime())
    const [invoice] = await provider.listInvoices(who)
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 1900 })
  })

  test('a trial with a card renews at its end; then every month, numbered invoices newest first', async () => {
    const { provider, who, move } = await setup()
    const trialEnd = new Date(START.getTime() + 14 * DAY)
    await provider.startTrial(who, 'team49', trialEnd)
    await provider.attachCard(who, 'tok_mastercard')
    expect(await provider.listInvoices(who)).toEqual([])
    const renewed = await move(14 * DAY)
    // One jump over the whole trial: no "ends in 3 days" notice any more, just the renewal.
    expect(renewed.map((event) => event.type)).toEqual(['payment_succeeded'])
    const state = await provider.getSubscription(who)
    expect(state).toMatchObject({ status: 'active', planId: 'team49' })
    expect(state?.currentPeriodStart?.toISOString()).toBe(trialEnd.toISOString())
    expect(state?.currentPeriodEnd?.toISOString()).toBe('2031-04-24T12:00:00.000Z')
    await move(31 * DAY)
    const invoices = await provider.listInvoices(who)
    expect(invoices).toHaveLength(2)
    const [newest, oldest] = invoices
    expect(newest?.periodStart).toBe('2031-04-24T12:00:00.000Z')
    expect(Number(newest?.number?.slice(3))).toBeGreaterThan(Number(oldest?.number?.slice(3)))
  })

  test('a failed renewal: past_due, retries after 1, 3 and 7 days, then canceled', async () => {
    const { provider, who, move } = await setup()
    await provider.attachCard(who, 'tok_chargeCustomerFail').catch(() => undefined)
    // The failing card attaches (nothing is owed yet) ...
    expect((await provider.getCard(who))?.last4).toBe('0341')
    await provider.startTrial(who, 'team49', new Date(START.getTime() + DAY))
    const failed = await move(DAY)
    expect(failed.map((event) => event.type)).toEqual(['payment_failed'])
    const periodEnd = (await provider.getSubscription(who))?.currentPeriodEnd
    expect((await provider.getSubscription(who))?.status).toBe('past_due')
    // ... and the period does not move while the invoice is unpaid (SPEC 4 grace counts from it).
    expect(periodEnd?.toISOString()).toBe(new Date(START.getTime() + DAY).toISOString())
    expect(await move(DAY - 1000)).toEqual([])
    const retries: boolean[] = []
    for (const step of [1000, 2 * DAY, 4 * DAY]) {
      const events = await move(step)
      const failure = events.find((event) => event.type === 'payment_failed')
      expect(failure).toBeDefined()
      retries.push(failure?.type === 'payment_failed' && failure.finalAttempt)
    }
    expect(retries).toEqual([false, false, true])
    expect((await provider.getSubscription(who))?.status).toBe('canceled')
    const [invoice] = await provider.listInvoices(who)
    expect(invoice?.status).toBe('uncollectible')
  })

  test('a good card while past_due pays the open invoice at once: active again', async () => {
    const { provider, who, move } = await setup()
    await provider.attachCard(who, 'tok_chargeCustomerFail')
    await provider.startTrial(who, 'individual35', new Date(START.getTime() + DAY))
    await move(DAY)
    expect((await provider.getSubscription(who))?.status).toBe('past_due')
    await provider.attachCard(who, 'tok_visa')
    const state = await provider.getSubscription(who)
    expect(state?.status).toBe('active')
    expect(state?.currentPeriodStart?.toISOString()).toBe(new Date(START.getTime() + DAY).toISOString())
    const [invoice] = await provider.listInvoices(who)
    expect(invoice).toMatchObject({ status: 'paid', amountPaidCents: 3500 })
  })

  test('cancel at period end: canceled when the period ends, no renewal invoice', async () => {
    const { provider, who, move } = await setup()
    await provider.attachCard(who, 'tok_amex')
    await provider.switchPlan(who, 'individual19', 1)
    await provider.cancelAtPeriodEnd(who)
    await move(29 * DAY)
    expect((await provider.getSubscription(who))?.status).toBe('active')
    await move(3 * DAY)
    expect((await provider.getSubscription(who))?.status).toBe('canceled')
    expect(await provider.listInvoices(who)).toHaveLength(1)
  })

  test('a once coupon discounts one invoice; a repeating one as many months as it says', async () => {
    const { provider, who, move } = await setup()
    const { createCoupon } = await import('./coupons')
    const code = `TWO${Date.now().toString(36)}`.toUpperCase()
    await createCoupon(db, { code, amountOffCents: 500, duration: 'repeating', durationInMonths: 2 })
    await provider.applyCoupon(who, code)
    await provider.attachCard(who, 'tok_visa')
    await provider.switchPlan(who, 'individual29', 1)
    await move(31 * DAY)
    await move(31 * DAY)
    const totals = (await provider.listInvoices(who)).map((invoice) => invoice.totalCents).reverse()
    expect(totals).toEqual([2400, 2400, 2900])
    expect(await provider.getCoupon(who)).toBeNull()
  })
})
