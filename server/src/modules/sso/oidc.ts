/**
 * Talking to a team's identity provider with `openid-client` (OIDC discovery, authorization code + PKCE,
 * state and nonce checked, ID token verified against the provider's JWKS). Every request the client makes
 * (discovery, token, JWKS, userinfo) goes through the same outbound guard as the website proxy: a provider
 * on a loopback, private or link-local address is refused unless SSO_ALLOW_HOSTS names it, so an issuer
 * URL typed into the SSO settings cannot make the server call its own network.
 */
import { createHash } from 'node:crypto'
import * as client from 'openid-client'
import { checkTarget, TargetRefused } from '../../platform/security/ssrf'

export interface ProviderSettings {
  issuer: string
  clientId: string
  clientSecret: string
}

/** Why talking to the provider failed, in words the settings dialog can show its owner. */
export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable'
}

const TIMEOUT_SECONDS = 10
/** Discovery documents change rarely; a login calls start and callback within minutes. */
const DISCOVERY_TTL_MS = 5 * 60 * 1000
const discovered = new Map<string, { config: client.Configuration; expiresAt: number }>()

function guardedFetch(allowHosts: readonly string[]): client.CustomFetch {
  return async (url, options) => {
    await checkTarget(new URL(url), { allowHosts })
    // A redirect would reach a host the guard has not seen: providers answer these endpoints directly.
    return fetch(url, { ...options, redirect: 'manual' } as RequestInit)
  }
}

/** The allow-list is part of the key: a configuration carries the guard it was discovered with. */
function cacheKey(settings: ProviderSettings, allowHosts: readonly string[]): string {
  const secret = createHash('sha256').update(settings.clientSecret).digest('base64url')
  return [settings.issuer, settings.clientId, secret, allowHosts.join(',')].join('\n')
}

/**
 * The provider's configuration from its discovery document (cached for a few minutes unless `fresh`).
 * Plain http is accepted only for an allow-listed host (a provider on this machine in tests).
 */
export async function discoverProvider(
  settings: ProviderSettings,
  allowHosts: readonly string[],
  { fresh = false, now = Date.now() }: { fresh?: boolean; now?: number } = {},
): Promise<client.Configuration> {
  const key = cacheKey(settings, allowHosts)
  const cached = discovered.get(key)
  if (!fresh && cached && cached.expiresAt > now) return cached.config
  const issuer = new URL(settings.issuer)
  const insecure = issuer.protocol === 'http:' && allowHosts.includes(issuer.hostname.replace(/^\[|\]$/g, ''))
  let config: client.Configuration
  try {
    config = await client.discovery(
      issuer,
      settings.clientId,
      { client_secret: settings.clientSecret },
      client.ClientSecretBasic(settings.clientSecret),
      {
        [client.customFetch]: guardedFetch(allowHosts),
        timeout: TIMEOUT_SECONDS,
        execute: insecure ? [client.allowInsecureRequests] : [],
      },
    )
  } catch (error) {
    throw new ProviderUnreachable(describeDiscoveryError(error, settings.issuer))
  }
  discovered.set(key, { config, expiresAt: now + DISCOVERY_TTL_MS })
  return config
}

function describeDiscoveryError(error: unknown, issuer: string): string {
  if (error instanceof TargetRefused || (error as Error)?.cause instanceof TargetRefused) {
    const refused = error instanceof TargetRefused ? error : ((error as Error).cause as Error)
    return refused.message.replace(
      'the server does not connect to those',
      'single sign-on does not call those',
    )
  }
  if (error instanceof client.ClientError && error.code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') {
    return `${issuer} is not an https address.`
  }
  if (error instanceof client.ClientError && /issuer/i.test(error.message)) {
    return `The discovery document at ${issuer} names another issuer.`
  }
  return `No OpenID Connect discovery document could be read at ${issuer}/.well-known/openid-configuration.`
}

export interface AuthorizationRequest {
  url: string
  state: string
  nonce: string
  codeVerifier: string
}

export async function buildAuthorizationRequest(
  config: client.Configuration,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url: url.href, state, nonce, codeVerifier }
}

export interface VerifiedIdentity {
  subject: string
  email: string | null
  emailVerified: boolean | null
  name: string | null
}

/**
 * Exchanges the code and verifies the answer: state (against the one this browser started with), the ID
 * token's signature, issuer, audience, expiry and nonce, and PKCE at the provider. E-mail and name come
 * from the ID token, or from userinfo when the provider leaves them out of it.
 */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  })
  const claims = tokens.claims()
  if (!claims) throw new Error('no ID token')
  let source: Record<string, unknown> = claims
  if (typeof claims.email !== 'string') {
    source = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
  }
  return {
    subject: claims.sub,
    email: typeof source.email === 'string' ? source.email : null,
    emailVerified: typeof source.email_verified === 'boolean' ? source.email_verified : null,
    name: typeof source.name === 'string' ? source.name : null,
  }
}
