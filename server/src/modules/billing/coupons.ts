/**
 * Staff create coupons of the local engine (POST /billing/coupons). With Stripe, coupons and promotion codes
 * are made in Stripe's dashboard, so the call answers 409 there.
 */
import type { Coupon } from '@pinpoint/db'
import { Conflict, ValidationFailed } from '@pinpoint/domain'
import type { AppContext } from '../../context'
import { type CouponInput, createCoupon } from '../../platform/billing/local/coupons'
import { couponView } from '../../platform/billing/local/rows'
import { authorize } from '../../policy'
import type { Actor } from '../auth/plugin'
import { isUniqueViolation } from '../users/db-errors'

export async function createStaffCoupon(
  context: AppContext,
  actor: Actor,
  input: Omit<CouponInput, 'expiresAt'> & { expiresAt?: string | null },
) {
  authorize(actor, 'billing.coupons.manage', undefined, 'Only staff can create coupons.')
  if (context.config.billingProvider !== 'local') {
    throw new Conflict('Coupons are managed by the billing provider on this server.')
  }
  if ((input.percentOff == null) === (input.amountOffCents == null)) {
    throw new ValidationFailed('Give either percentOff or amountOffCents.', {
      issues: [{ path: 'percentOff', message: 'Exactly one of percentOff and amountOffCents' }],
    })
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null
  if (expiresAt && Number.isNaN(expiresAt.getTime())) {
    throw new ValidationFailed('expiresAt must be an ISO date.', {
      issues: [{ path: 'expiresAt', message: 'Invalid date' }],
    })
  }
  let row: Coupon
  try {
    row = await createCoupon(context.database.db, { ...input, expiresAt })
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict('A coupon with this code exists already.')
    throw error
  }
  return {
    coupon: {
      ...couponView(row),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      maxRedemptions: row.maxRedemptions,
    },
  }
}
