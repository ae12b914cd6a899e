/**
 * What a customer types into the coupon field is a Stripe *promotion code* (customer-facing, with its own
 * expiry and redemption limit) or, failing that, a coupon id. Either is checked here, on our clock, before it
 * is applied, so the answer says why a code does not work (expired vs. not valid).
 */
import Stripe from 'stripe'
import { InvalidCouponError } from '../provider'

/** Customer metadata key of a coupon entered before the customer had a subscription. */
export const PENDING_COUPON = 'pinpoint_pending_coupon'

export interface FoundCoupon {
  coupon: Stripe.Coupon
  /** The code as the customer should see it. */
  code: string
  promotionCodeId: string | null
}

async function couponById(stripe: Stripe, id: string): Promise<Stripe.Coupon | null> {
  try {
    return await stripe.coupons.retrieve(id)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
    throw error
  }
}

function checkCoupon(coupon: Stripe.Coupon, nowSeconds: number): void {
  if (coupon.redeem_by !== null && coupon.redeem_by <= nowSeconds) throw new InvalidCouponError('expired')
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
    throw new InvalidCouponError('used_up')
  }
  if (!coupon.valid) throw new InvalidCouponError('expired')
}

/**
 * Codes waiting on other customers (see PENDING_COUPON) are promised already, so they count against a
 * redemption limit although Stripe has not redeemed them yet. Stripe's search is eventually consistent
 * (about a minute), so two customers entering the last use of a code within that minute may both get it.
 */
async function waitingElsewhere(
  stripe: Stripe,
  code: string,
  customerId: string | undefined,
): Promise<number> {
  const found = await stripe.customers.search({
    query: `metadata['${PENDING_COUPON}']:'${code.replace(/'/g, "\\'")}'`,
    limit: 100,
  })
  return found.data.filter((customer) => customer.id !== customerId).length
}

export async function findCoupon(
  stripe: Stripe,
  typed: string,
  now: Date,
  forCustomer?: string,
): Promise<FoundCoupon> {
  const code = typed.trim()
  if (code === '' || code.length > 200) throw new InvalidCouponError('unknown')
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const promotions = await stripe.promotionCodes.list({ code, limit: 1 })
  const promotion = promotions.data[0]
  if (promotion) {
    if (promotion.expires_at !== null && promotion.expires_at <= nowSeconds)
      throw new InvalidCouponError('expired')
    if (promotion.max_redemptions !== null) {
      const promised =
        promotion.times_redeemed + (await waitingElsewhere(stripe, promotion.code, forCustomer))
      if (promised >= promotion.max_redemptions) throw new InvalidCouponError('used_up')
    }
    if (!promotion.active) throw new InvalidCouponError('unknown')
    const couponRef = promotion.promotion.coupon
    const coupon = typeof couponRef === 'string' ? await couponById(stripe, couponRef) : couponRef
    if (!coupon) throw new InvalidCouponError('unknown')
    checkCoupon(coupon, nowSeconds)
    return { coupon, code: promotion.code, promotionCodeId: promotion.id }
  }
  const coupon = await couponById(stripe, code)
  if (!coupon) throw new InvalidCouponError('unknown')
  checkCoupon(coupon, nowSeconds)
  return { coupon, code, promotionCodeId: null }
}
