/** Request schemas of the session calls (validated by Elysia; 422 with field issues on failure). */
import { t } from 'elysia'
import { MAX_EMAIL_LENGTH } from '../../platform/security'
import { MAX_PASSWORD_LENGTH } from './passwords'

export const authModels = {
  'auth.login': t.Object({
    email: t.String({ maxLength: MAX_EMAIL_LENGTH }),
    password: t.String({ maxLength: MAX_PASSWORD_LENGTH }),
  }),
  'auth.guest': t.Object({
    email: t.String({ maxLength: MAX_EMAIL_LENGTH }),
    name: t.String({ minLength: 1, maxLength: 100 }),
  }),
  'auth.resetRequest': t.Object({ email: t.String({ maxLength: MAX_EMAIL_LENGTH }) }),
  'auth.resetComplete': t.Object({
    token: t.String({ minLength: 1, maxLength: 200 }),
    newPassword: t.String({ maxLength: MAX_PASSWORD_LENGTH }),
  }),
  'auth.loginLink': t.Object({ token: t.String({ minLength: 1, maxLength: 200 }) }),
  'auth.impersonate': t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) }),
}
