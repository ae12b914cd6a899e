import { t } from 'elysia'

export const billingModels = {
  'billing.plan': t.Object({
    plan: t.String({ maxLength: 50 }),
    teamName: t.Optional(t.Nullable(t.String({ maxLength: 100 }))),
  }),
  'billing.card': t.Object({ source: t.String({ minLength: 1, maxLength: 200 }) }),
  'billing.coupon': t.Object({ coupon: t.String({ minLength: 1, maxLength: 100 }) }),
  'billing.cancel': t.Object({
    survey: t.Object({
      reason: t.String({ minLength: 1, maxLength: 200 }),
      details: t.Optional(t.Nullable(t.String({ maxLength: 5000 }))),
    }),
  }),
  'billing.newCoupon': t.Object({
    code: t.String({ minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
    percentOff: t.Optional(t.Nullable(t.Integer({ minimum: 1, maximum: 100 }))),
    amountOffCents: t.Optional(t.Nullable(t.Integer({ minimum: 1, maximum: 10_000_000 }))),
    duration: t.Union([t.Literal('once'), t.Literal('repeating'), t.Literal('forever')]),
    durationInMonths: t.Optional(t.Nullable(t.Integer({ minimum: 1, maximum: 120 }))),
    expiresAt: t.Optional(t.Nullable(t.String({ maxLength: 40 }))),
    maxRedemptions: t.Optional(t.Nullable(t.Integer({ minimum: 1, maximum: 1_000_000 }))),
  }),
  'billing.clock': t.Object({
    advanceMs: t.Optional(t.Number()),
    at: t.Optional(t.String({ maxLength: 40 })),
  }),
}
