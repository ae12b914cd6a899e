import { t } from 'elysia'

export const inviteModels = {
  'invites.create': t.Object({
    emails: t.Array(t.String({ maxLength: 254 }), { minItems: 1, maxItems: 50 }),
  }),
  'invites.query': t.Object({
    code: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    email: t.Optional(t.String({ minLength: 1, maxLength: 254 })),
  }),
}
