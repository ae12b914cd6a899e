/**
 * Creating coupons of the local engine: staff (POST /api/v1/billing/coupons) and seeds use this. Codes are
 * stored uppercase; customers type them in any case.
 */
import { type Coupon, coupons, type DbOrTx } from '@pinpoint/db'
import type { CouponDuration } from '../provider'

export interface CouponInput {
  code: string
  percentOff?: number | null
  amountOffCents?: number | null
  duration: CouponDuration
  durationInMonths?: number | null
  expiresAt?: Date | null
  maxRedemptions?: number | null
}

export async function createCoupon(db: DbOrTx, input: CouponInput): Promise<Coupon> {
  const [row] = await db
    .insert(coupons)
    .values({
      code: input.code.trim().toUpperCase(),
      percentOff: input.percentOff ?? null,
      amountOffCents: input.amountOffCents ?? null,
      duration: input.duration,
      durationInMonths: input.duration === 'repeating' ? (input.durationInMonths ?? 1) : null,
      expiresAt: input.expiresAt ?? null,
      maxRedemptions: input.maxRedemptions ?? null,
    })
    .returning()
  if (!row) throw new Error('creating the coupon returned no row')
  return row
}
