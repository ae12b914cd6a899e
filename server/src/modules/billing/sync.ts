/**
 * Keeps our customer record in step with the provider and tells the browsers: the record (plan, status,
 * periodEnd, card, coupon) is what SPEC 4 activity and every plan gate read, so it is rewritten after every
 * billing change, then `customer.updated` goes to the billing owner and every member of their team.
 */
import { type Customer, customers, teams, users } from '@pinpoint/db'
import { eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { BillingProvider, ProviderCustomer } from '../../platform/billing/provider'
import { notifyFrames } from '../../realtime/bus'
import { userTopic } from '../../realtime/topics'
import { customerView, mirrorFields } from './views'

export function providerCustomerOf(row: Customer, user: { name: string; email: string }): ProviderCustomer {
  if (!row.customerId) throw new Error('the customer has no provider id yet')
  return { userId: row.userId, providerCustomerId: row.customerId, email: user.email, name: user.name }
}

/**
 * Rewrites the record from the provider. With no subscription at the provider the plan fields stay as they
 * are (a record from before billing, or one the provider never saw) unless `free` says the customer has
 * just moved to the free plan.
 */
export async function syncCustomer(
  context: AppContext,
  provider: BillingProvider,
  row: Customer,
  options: { free?: boolean } = {},
): Promise<Customer> {
  if (!row.customerId) return row
  const [user] = await context.database.db.select().from(users).where(eq(users.id, row.userId))
  if (!user) return row
  const who = providerCustomerOf(row, user)
  const [state, card, coupon] = await Promise.all([
    provider.getSubscription(who),
    provider.getCard(who),
    provider.getCoupon(who),
  ])
  const fields = mirrorFields(state, card, coupon)
  const values =
    state || options.free
      ? fields
      : {
          cardBrand: fields.cardBrand,
          cardLast4: fields.cardLast4,
          cardExpMonth: fields.cardExpMonth,
          cardExpYear: fields.cardExpYear,
          coupon: fields.coupon,
        }
  const [updated] = await context.database.db
    .update(customers)
    .set({ ...values, providerUpdatedAt: context.now() })
    .where(eq(customers.id, row.id))
    .returning()
  const result = updated ?? row
  await publishCustomerUpdated(context, result)
  return result
}

/** `customer.updated` to the owner (full view) and to their team's members (without billing contact). */
export async function publishCustomerUpdated(context: AppContext, row: Customer): Promise<void> {
  const { db } = context.database
  const now = context.now()
  const disabled = context.config.billingProvider === 'disabled'
  const owned = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerUserId, row.userId))
  const members =
    owned.length === 0
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(
            inArray(
              users.teamId,
              owned.map((team) => team.id),
            ),
          )
  const full = customerView(row, now, disabled)
  const redacted = { ...full, customerId: null, billingEmail: null }
  const frames = [
    { topic: userTopic(row.userId), frame: JSON.stringify({ type: 'customer.updated', customer: full }) },
  ]
  const memberFrame = JSON.stringify({ type: 'customer.updated', customer: redacted })
  for (const member of members) {
    if (member.id !== row.userId) frames.push({ topic: userTopic(member.id), frame: memberFrame })
  }
  await notifyFrames(db, frames)
}
