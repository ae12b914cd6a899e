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
  'billing.clock': t.Object({
    advanceMs: t.Optional(t.Number()),
    at: t.Optional(t.String({ maxLength: 40 })),
  }),
}
