/** Request schemas of the SSO calls. */
import { t } from 'elysia'

const nullableString = (maxLength: number) => t.Optional(t.Nullable(t.String({ maxLength })))

export const ssoModels = {
  'sso.loginUrlQuery': t.Object({
    emailDomain: t.String({ minLength: 1, maxLength: 253 }),
    nextUrl: t.Optional(t.String({ maxLength: 2000 })),
  }),
  'sso.startQuery': t.Object({
    domain: t.String({ minLength: 1, maxLength: 253 }),
    next: t.Optional(t.String({ maxLength: 2000 })),
  }),
  'sso.settings': t.Object({
    enabled: t.Optional(t.Boolean()),
    ssoOnly: t.Optional(t.Boolean()),
    emailDomains: t.Optional(t.Array(t.String({ maxLength: 253 }), { maxItems: 100 })),
    issuer: nullableString(500),
    clientId: nullableString(500),
    clientSecret: nullableString(1000),
  }),
  'sso.testConnection': t.Object({
    issuer: nullableString(500),
    clientId: nullableString(500),
  }),
}
