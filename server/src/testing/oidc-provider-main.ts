/**
 * The test identity provider on its own, to try single sign-on by hand (README, "Single sign-on"):
 *   bun server/src/testing/oidc-provider-main.ts
 * Settings from the environment: TEST_IDP_PORT (3352), TEST_IDP_REDIRECT_URI
 * (http://localhost:3000/api/v1/sso/callback), TEST_IDP_USERS ("email:password,..."; default
 * someone@acme.test:password-123).
 */
import { startTestIdp } from './oidc-provider'

const port = Number(process.env.TEST_IDP_PORT ?? 3352)
const redirectUri = process.env.TEST_IDP_REDIRECT_URI ?? 'http://localhost:3000/api/v1/sso/callback'
const users = (process.env.TEST_IDP_USERS ?? 'someone@acme.test:password-123').split(',').map((entry) => {
  const [email = '', password = ''] = entry.split(':')
  return { email: email.trim(), password, name: email.split('@')[0] ?? email }
})

const idp = await startTestIdp({
  port,
  clients: [
    { clientId: 'pinpoint-local', clientSecret: 'pinpoint-local-secret', redirectUris: [redirectUri] },
  ],
  users,
})
console.log(`Test identity provider: issuer ${idp.issuer}`)
console.log('Client ID pinpoint-local, client secret pinpoint-local-secret')
console.log(`Users: ${users.map((user) => `${user.email} / ${user.password}`).join(', ')}`)
