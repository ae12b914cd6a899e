/** SSO calls: the login URL for an e-mail domain (public) and the team owner's SSO settings. */
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, contextSeed } from '../auth/plugin'
import { getSsoSettings, saveSsoSettings, ssoLoginUrl } from './service'

const nullableString = (maxLength: number) => t.Optional(t.Nullable(t.String({ maxLength })))

export function ssoModule(context: AppContext) {
  return new Elysia({ name: 'sso', seed: contextSeed(context) })
    .use(authPlugin(context))
    .get('/sso-login-url', async ({ query }) => ({ url: await ssoLoginUrl(context, query) }), {
      query: t.Object({
        emailDomain: t.String({ minLength: 1, maxLength: 253 }),
        nextUrl: t.Optional(t.String({ maxLength: 2000 })),
      }),
    })
    .get('/teams/:id/sso-settings', async ({ actor, params }) => ({
      ssoSettings: await getSsoSettings(context, actor, params.id),
    }))
    .post(
      '/teams/:id/sso-settings',
      async ({ actor, params, body }) => ({
        ssoSettings: await saveSsoSettings(context, actor, params.id, body),
      }),
      {
        body: t.Object({
          enabled: t.Optional(t.Boolean()),
          emailDomain: nullableString(253),
          issuer: nullableString(500),
          clientId: nullableString(500),
          clientSecret: nullableString(1000),
        }),
      },
    )
}
