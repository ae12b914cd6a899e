/** Reads of the local engine's tables, shared by the engine, invoicing and the sweep. */
import {
  type Card,
  type Coupon,
  type CouponRedemption,
  type Customer,
  cards,
  couponRedemptions,
  coupons,
  customers,
  type DbOrTx,
  type Subscription,
  subscriptions,
} from '@pinpoint/db'
import { and, desc, eq } from 'drizzle-orm'

/** The customers row of a provider customer id; throws when there is none (a caller bug). */
export async function customerRow(db: DbOrTx, providerCustomerId: string): Promise<Customer> {
  const [row] = await db.select().from(customers).where(eq(customers.customerId, providerCustomerId))
  if (!row) throw new Error(`no customer ${providerCustomerId}`)
  return row
}

/** The newest subscription of a customer (canceled ones included), locked when `lock`. */
export async function latestSubscription(
  db: DbOrTx,
  customerId: string,
  lock = false,
): Promise<Subscription | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function defaultCard(db: DbOrTx, customerId: string): Promise<Card | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.customerId, customerId), eq(cards.isDefault, true)))
    .orderBy(desc(cards.createdAt))
    .limit(1)
  return row
}

export async function activeRedemption(
  db: DbOrTx,
  customerId: string,
): Promise<{ redemption: CouponRedemption; coupon: Coupon } | undefined> {
  const [row] = await db
    .select({ redemption: couponRedemptions, coupon: coupons })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(and(eq(couponRedemptions.customerId, customerId), eq(couponRedemptions.active, true)))
    .limit(1)
  return row
}

export async function customerRowById(db: DbOrTx, id: string): Promise<Customer> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id))
  if (!row) throw new Error(`no customer row ${id}`)
  return row
}
