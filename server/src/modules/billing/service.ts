/**
 * The billing calls of SPEC 7 (contract of issue 10). Only the billing owner (SPEC 6 "view billing") may
 * call them, for themselves. Every change goes to the provider, then our customer record is rewritten
 * from it (sync.ts), which is what activity and plan gates read.
 */
import { type Customer, customers, teams, users } from '@pinpoint/db'
import {
  AppError,
  Conflict,
  Forbidden,
  FREE_PLAN_ID,
  findPlan,
  isSelectablePlanId,
  NotFound,
  PLAN_CATALOGUE,
  ValidationFailed,
} from '@pinpoint/domain'
import { count, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { type BillingProvider, CardDeclinedError, InvalidCouponError } from '../../platform/billing/provider'
import { authorize } from '../../policy'
import { type Actor, requireMember } from '../auth/plugin'
import { billingProvider } from './runtime'
import { providerCustomerOf, syncCustomer } from './sync'
import { type BillingData, customerView, type PlanJson, subscriptionJson } from './views'

export const BILLING_OFF_MESSAGE = 'Billing is turned off on this server.'

export function listPlans(): PlanJson[] {
  return PLAN_CATALOGUE.filter((plan) => plan.selectable)
}

export function getPlan(id: string): PlanJson {
  const plan = findPlan(id)
  if (!plan) throw new NotFound('Plan not found.')
  return plan
}

function provider(context: AppContext): BillingProvider {
  const found = billingProvider(context)
  if (!found) throw new Conflict(BILLING_OFF_MESSAGE, { reason: 'billing_disabled' })
  return found
}

/** The caller as billing owner of `{id}` ("me" or their own id); 404 for an unknown user, 403 otherwise. */
export async function billingOwner(context: AppContext, actor: Actor, id: string) {
  authorize(actor, 'billing.view', undefined, 'Only the account owner can see billing.')
  const user = requireMember(actor)
  if (id === 'me' || id === user.id) return user
  const [other] = await context.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))
  if (!other) throw new NotFound('User not found.')
  throw new Forbidden('You can only see your own billing.')
}

async function customerOf(context: AppContext, userId: string): Promise<Customer | undefined> {
  const [row] = await context.database.db.select().from(customers).where(eq(customers.userId, userId))
  return row
}

/**
 * The provider customer of the owner, created on first use. A trial recorded before the provider knew the
 * customer (sign-up, first run) is handed to the provider so it runs out, or renews, there.
 */
export async function ensureBillingCustomer(
  context: AppContext,
  billing: BillingProvider,
  user: { id: string; name: string; email: string },
): Promise<Customer> {
  await billing.ensureCustomer(user)
  const row = await customerOf(context, user.id)
  if (!row) throw new Error('the customer record is missing')
  const who = providerCustomerOf(row, user)
  if (row.status === 'trialing' && row.periodEnd && isSelectablePlanId(row.planId)) {
    if (!(await billing.getSubscription(who))) {
      await billing.startTrial(who, row.planId, row.periodEnd)
      const [updated] = await context.database.db
        .update(customers)
        .set({ trialEnd: row.periodEnd })
        .where(eq(customers.id, row.id))
        .returning()
      return updated ?? row
    }
  }
  return row
}

/** Sign-up and the first run start trials (and may bring a coupon): give them to the provider at once. */
export async function provisionBilling(context: AppContext, userId: string): Promise<void> {
  const billing = billingProvider(context)
  if (!billing) return
  const [user] = await context.database.db.select().from(users).where(eq(users.id, userId))
  if (!user) return
  const row = await ensureBillingCustomer(context, billing, user)
  // A coupon given at sign-up is redeemed when it exists; an unknown one never blocks the sign-up.
  if (row.coupon) {
    await billing.applyCoupon(providerCustomerOf(row, user), row.coupon).catch((error: unknown) => {
      if (!(error instanceof InvalidCouponError)) throw error
    })
  }
}

export async function getCustomer(context: AppContext, actor: Actor) {
  const user = await billingOwner(context, actor, 'me')
  const row = await customerOf(context, user.id)
  return row ? customerView(row, context.now(), context.config.billingProvider === 'disabled') : null
}

export async function billingData(context: AppContext, actor: Actor, id: string): Promise<BillingData> {
  const user = await billingOwner(context, actor, id)
  const billing = provider(context)
  const row = await ensureBillingCustomer(context, billing, user)
  return collect(context, billing, row, user)
}

async function collect(
  context: AppContext,
  billing: BillingProvider,
  row: Customer,
  user: { name: string; email: string },
): Promise<BillingData> {
  const who = providerCustomerOf(row, user)
  const [state, card, coupon, invoices, upcomingInvoice] = await Promise.all([
    billing.getSubscription(who),
    billing.getCard(who),
    billing.getCoupon(who),
    billing.listInvoices(who),
    billing.upcomingInvoice(who),
  ])
  return {
    customer: customerView(row, context.now(), false),
    plan: getPlan(row.planId),
    card,
    subscription: subscriptionJson(state),
    coupon,
    invoices,
    upcomingInvoice,
  }
}

export async function getInvoice(context: AppContext, actor: Actor, id: string, invoiceId: string) {
  const user = await billingOwner(context, actor, id)
  const billing = provider(context)
  const row = await ensureBillingCustomer(context, billing, user)
  const invoice = await billing.getInvoice(providerCustomerOf(row, user), invoiceId)
  if (!invoice) throw new NotFound('Invoice not found.')
  return { invoice, customer: { name: user.name, email: user.email, billingEmail: row.billingEmail } }
}

function declined(error: CardDeclinedError): AppError {
  return new AppError(error.message, { name: 'CardDeclined', status: 402, meta: { reason: error.reason } })
}

/** Runs a provider change, maps its refusals to the SPEC error shapes, then rewrites and returns the data. */
async function change(
  context: AppContext,
  actor: Actor,
  id: string,
  run: (
    billing: BillingProvider,
    row: Customer,
    user: { id: string; name: string; email: string },
  ) => Promise<void>,
  options: { free?: boolean } = {},
): Promise<BillingData> {
  const user = await billingOwner(context, actor, id)
  const billing = provider(context)
  const row = await ensureBillingCustomer(context, billing, user)
  try {
    await run(billing, row, user)
  } catch (error) {
    if (error instanceof CardDeclinedError) throw declined(error)
    if (error instanceof InvalidCouponError) {
      throw new AppError(error.message, {
        name: 'InvalidCoupon',
        status: 422,
        meta: { reason: error.reason },
      })
    }
    throw error
  }
  const fresh = (await customerOf(context, user.id)) ?? row
  const synced = await syncCustomer(context, billing, fresh, options)
  return collect(context, billing, synced, user)
}

export function attachCard(context: AppContext, actor: Actor, id: string, source: string) {
  return change(context, actor, id, async (billing, row, user) => {
    await billing.attachCard(providerCustomerOf(row, user), source)
  })
}

export function applyCoupon(context: AppContext, actor: Actor, id: string, code: string) {
  return change(context, actor, id, async (billing, row, user) => {
    await billing.applyCoupon(providerCustomerOf(row, user), code)
  })
}

export function cancelSubscription(
  context: AppContext,
  actor: Actor,
  id: string,
  survey: { reason: string; details?: string | null },
) {
  return change(context, actor, id, async (billing, row, user) => {
    const who = providerCustomerOf(row, user)
    const state = await billing.getSubscription(who)
    if (!state || !['trialing', 'active', 'past_due'].includes(state.status)) {
      throw new Conflict('There is no subscription to cancel.')
    }
    const offboardingSurvey = {
      reason: survey.reason,
      details: survey.details ?? null,
      at: context.now().toISOString(),
    }
    await context.database.db.update(users).set({ offboardingSurvey }).where(eq(users.id, user.id))
    await billing.cancelAtPeriodEnd(who)
  })
}

/** Seats of a per-seat plan: the members of the owner's team (the owner included), at least one. */
export async function seats(context: AppContext, teamId: string | null): Promise<number> {
  if (!teamId) return 1
  const [row] = await context.database.db.select({ n: count() }).from(users).where(eq(users.teamId, teamId))
  return Math.max(1, row?.n ?? 1)
}

export async function switchPlan(
  context: AppContext,
  actor: Actor,
  id: string,
  input: { plan: string; teamName?: string | null },
): Promise<BillingData & { teamId?: string }> {
  const user = await billingOwner(context, actor, id)
  if (!isSelectablePlanId(input.plan)) {
    throw new ValidationFailed('Choose one of the plans on offer.', {
      issues: [{ path: 'plan', message: 'Unknown plan' }],
    })
  }
  const plan = getPlan(input.plan)
  const teamName = input.teamName?.trim() || null
  if (plan.teamPlan && !user.teamId && !teamName) {
    throw new ValidationFailed('Please name your team: team plans need one.', {
      issues: [{ path: 'teamName', message: 'Required' }],
    })
  }
  if (!plan.teamPlan && user.teamId && plan.id !== FREE_PLAN_ID) {
    throw new ValidationFailed('Your account has a team: choose a team plan.', {
      issues: [{ path: 'plan', message: 'A team needs a team plan' }],
    })
  }
  let teamId: string | undefined
  let fromPlanId: string | undefined
  const data = await change(
    context,
    actor,
    id,
    async (billing, row, owner) => {
      fromPlanId = row.planId
      const who = providerCustomerOf(row, owner)
      const trialing = row.status === 'trialing' && !!row.periodEnd && row.periodEnd > context.now()
      if (plan.id !== FREE_PLAN_ID && !trialing && !(await billing.getCard(who))) {
        throw new AppError('Add a card before choosing a paid plan.', {
          name: 'PaymentRequired',
          status: 402,
        })
      }
      await billing.switchPlan(who, plan.id, plan.perSeat ? await seats(context, user.teamId) : 1)
      if (plan.teamPlan && !user.teamId && teamName) {
        teamId = await context.database.db.transaction(async (tx) => {
          const [team] = await tx.insert(teams).values({ name: teamName, ownerUserId: owner.id }).returning()
          if (!team) throw new Error('creating the team returned no row')
          await tx.update(users).set({ teamId: team.id, role: 'member' }).where(eq(users.id, owner.id))
          return team.id
        })
      }
    },
    { free: plan.id === FREE_PLAN_ID },
  )
  context.analytics.track('plan_changed', { fromPlanId, toPlanId: plan.id }, user.id)
  return teamId ? { ...data, teamId } : data
}
