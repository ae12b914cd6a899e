/** Request schemas of the staff tools (decision 043). */
import { t } from 'elysia'

export const staffModels = {
  'staff.userSearch': t.Object({
    query: t.String({ minLength: 1, maxLength: 200 }),
  }),
  'staff.betaFeatures': t.Object({ emailReview: t.Boolean() }),
  'staff.impersonationsQuery': t.Object({
    limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200 })),
  }),
}
