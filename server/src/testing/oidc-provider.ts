/**
 * A real OpenID Connect identity provider (`oidc-provider`) for tests and browser journeys: discovery,
 * the authorization endpoint with its own sign-in page, the token endpoint, JWKS and userinfo, exactly as
 * a customer's provider would serve them. It runs in the test process over node:http (so the same code
 * serves Bun's integration tests and Playwright's Node process) on a configurable port on 127.0.0.1.
 *
 * Two switches make it misbehave the way the flow must survive: `setCodeTtl(seconds)` shortens the life of
 * authorization codes (an expired code), and `setIdTokenAudience(aud)` re-signs the ID token it returns
 * with another audience, with the provider's own key (a token meant for another application).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

export interface TestIdpUser {
  email: string
  password: string
  name: string
  /** Defaults to true; false makes the provider say the address is unverified. */
  emailVerified?: boolean
  /** The provider's `sub` for this person; defaults to the e-mail. Two users with one subject are one person. */
  subject?: string
}

export interface TestIdpClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export interface TestIdpOptions {
  /** 0 (default) picks a free port. */
  port?: number
  clients: TestIdpClient[]
  users: TestIdpUser[]
}

export interface TestIdp {
  /** The issuer URL (http://127.0.0.1:PORT), what an SSO configuration names. */
  issuer: string
  port: number
  addUser(user: TestIdpUser): void
  /** Authorization codes issued from now on live this many seconds (the default is 60). */
  setCodeTtl(seconds: number): void
  /** ID tokens returned from now on carry this audience instead of the client id; null restores it. */
  setIdTokenAudience(audience: string | null): void
  close(): Promise<void>
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function signInPage(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem">
<main><h1>Sign in to the test identity provider</h1>
${error ? `<p role="alert" style="color:#b91c1c">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label for="login">E-mail</label><br><input id="login" name="login" type="email" autocomplete="username" required></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<button type="submit">Sign in</button></form></main></body></html>`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const users = new Map(options.users.map((user) => [user.email.toLowerCase(), user]))
  const subjectOf = (user: TestIdpUser) => user.subject ?? user.email.toLowerCase()
  /** The last user registered for a subject is what the provider says about that person now. */
  const bySubject = new Map(options.users.map((user) => [subjectOf(user), user]))
  let codeTtl = 60
  let audienceOverride: string | null = null
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }

  const server: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const issuer = `http://127.0.0.1:${port}`

  const codeLifetime = () => codeTtl
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Claims in the ID token itself, as the large providers do for the email and profile scopes.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: codeLifetime,
      AccessToken: 600,
      IdToken: 600,
      Grant: 3600,
      Session: 3600,
      Interaction: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const user = bySubject.get(id)
      if (!user) return undefined
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: user.name,
        }),
      }
    },
    // No consent screen: the application is the customer's own (first party), as with workforce SSO.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId
      const clientId = ctx.oidc.client?.clientId
      if (!accountId || !clientId) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  provider.on('server_error', (_ctx, error) => console.error('test identity provider error', error))

  // Re-signs the ID token of a token response with another audience (a token for another application).
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: string } | undefined
    if (!audienceOverride || ctx.path !== '/token' || !body?.id_token) return
    const claims = decodeJwt(body.id_token)
    const key = await importJWK(signingJwk, 'RS256')
    body.id_token = await new SignJWT({ ...claims, aud: audienceOverride })
      .setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid })
      .sign(key)
  })

  const handleProvider = provider.callback()

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req)
      const login = (form.get('login') ?? '').trim().toLowerCase()
      const user = users.get(login)
      if (!user || user.password !== form.get('password')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(signInPage(uid, 'Wrong e-mail or password.'))
        return
      }
      await provider.interactionFinished(req, res, { login: { accountId: subjectOf(user) } })
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(signInPage(uid))
  }

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)(?:\/(login))?/.exec(req.url ?? '')
    if (!match?.[1]) {
      void handleProvider(req, res)
      return
    }
    interaction(req, res, match[1], match[2]).catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      res.end(`Sign-in failed: ${String(error)}`)
    })
  })

  return {
    issuer,
    port,
    addUser(user) {
      users.set(user.email.toLowerCase(), user)
      bySubject.set(subjectOf(user), user)
    },
    setCodeTtl(seconds) {
      codeTtl = seconds
    },
    setIdTokenAudience(audience) {
      audienceOverride = audience
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * What a browser does at the provider, over plain fetch with a cookie jar: follows the authorization URL to
 * the sign-in page, posts the e-mail and password, and follows redirects until one leaves the provider.
 * Returns that URL (our callback with `code` and `state`), or the sign-in page's text when the sign-in failed.
 */
export async function signInAtIdp(
  authorizationUrl: string,
  credentials: { email: string; password: string },
): Promise<{ callbackUrl: URL } | { page: string }> {
  const jar = new Map<string, string>()
  const origin = new URL(authorizationUrl).origin
  let url = new URL(authorizationUrl)
  let method = 'GET'
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 10; hop++) {
    const headers = new Headers()
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const res = await fetch(url, { method, headers, body, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      if (index > 0) jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
    }
    const location = res.headers.get('location')
    if (location) {
      url = new URL(location, url)
      method = 'GET'
      body = undefined
      if (url.origin !== origin) return { callbackUrl: url }
      continue
    }
    const page = await res.text()
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]
    if (!action || body) return { page }
    url = new URL(action, url)
    method = 'POST'
    body = new URLSearchParams({ login: credentials.email, password: credentials.password })
  }
  throw new Error('too many redirects at the identity provider')
}
