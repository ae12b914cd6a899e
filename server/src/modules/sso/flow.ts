/**
 * The single sign-on login (decision 044): `/sso/start` sends the browser to the team's identity provider
 * with a fresh state, nonce and PKCE verifier kept in a short-lived cookie sealed with the secret box;
 * `/sso/callback` checks them, exchanges the code, and signs the person in, joining them to the team the
 * first time (just-in-time membership). A failure is a reason (`SsoFailure`) the route turns into a
 * redirect to the login page, never a session.
 */
import * as client from 'openid-client'
import type { AppContext } from '../../context'
import { loadActorUser } from '../auth/actor'
import { type LoginResult, type RequestInfo, startSession } from '../auth/session'
import { SsoLoginFailed } from './errors'
import { findSsoTeamByDomain, findSsoTeamById, type SsoTeam } from './lookup'
import { memberForIdentity } from './membership'
import { buildAuthorizationRequest, discoverProvider, exchangeCode, ProviderUnreachable } from './oidc'
import { openClientSecret, ssoBox } from './secret'

/** Long enough to sign in at the provider (and its second factor), short enough that a stale tab fails. */
export const SSO_FLOW_MAX_AGE_S = 10 * 60
export const CALLBACK_PATH = '/api/v1/sso/callback'
const FLOW_CONTEXT = 'sso-flow'

interface FlowState {
  teamId: string
  state: string
  nonce: string
  codeVerifier: string
  next: string
  expiresAt: number
}

type Ctx = AppContext

function providerSettings(ctx: Pick<AppContext, 'database' | 'config'>, team: SsoTeam) {
  if (!team.issuer || !team.clientId || !team.clientSecret) throw new SsoLoginFailed('unavailable')
  return { issuer: team.issuer, clientId: team.clientId, clientSecret: openClientSecret(ctx, team) }
}

/** Where the browser goes first, and the sealed cookie value that remembers what to expect back. */
export async function startSsoLogin(
  ctx: Ctx,
  input: { domain: string; next: string },
): Promise<{ redirectTo: string; flowCookie: string }> {
  const team = await findSsoTeamByDomain(ctx.database.db, input.domain)
  if (!team) throw new SsoLoginFailed('unavailable')
  let request: Awaited<ReturnType<typeof buildAuthorizationRequest>>
  try {
    const config = await discoverProvider(providerSettings(ctx, team), ctx.config.ssoAllowHosts)
    request = await buildAuthorizationRequest(config, `${ctx.config.publicUrl}${CALLBACK_PATH}`)
  } catch (error) {
    if (error instanceof SsoLoginFailed) throw error
    ctx.logger.info('sso start failed', { teamId: team.teamId, error: String(error) })
    throw new SsoLoginFailed('provider')
  }
  const flow: FlowState = {
    teamId: team.teamId,
    state: request.state,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    next: input.next,
    expiresAt: ctx.now().getTime() + SSO_FLOW_MAX_AGE_S * 1000,
  }
  return { redirectTo: request.url, flowCookie: ssoBox(ctx).seal(JSON.stringify(flow), FLOW_CONTEXT) }
}

function readFlow(ctx: Pick<AppContext, 'config' | 'now'>, sealed: string | undefined): FlowState {
  if (!sealed) throw new SsoLoginFailed('state')
  let flow: FlowState
  try {
    flow = JSON.parse(ssoBox(ctx).open(sealed, FLOW_CONTEXT)) as FlowState
  } catch {
    throw new SsoLoginFailed('state')
  }
  if (flow.expiresAt < ctx.now().getTime()) throw new SsoLoginFailed('expired')
  return flow
}

function classify(error: unknown): SsoLoginFailed['reason'] {
  if (error instanceof SsoLoginFailed) return error.reason
  if (error instanceof ProviderUnreachable) return 'provider'
  if (error instanceof client.AuthorizationResponseError) return 'denied'
  // invalid_grant: the code is unknown, used, expired, or was issued for another verifier.
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? 'expired' : 'token'
  if (error instanceof Error && /"state"/.test(error.message)) return 'state'
  const code = (error as { code?: string }).code
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || (error as Error)?.name === 'TypeError') {
    return 'provider'
  }
  return 'token'
}

/**
 * Finishes the login: checks the browser's flow cookie and the provider's answer, then finds or creates the
 * member. Returns the session to set and the page to go to.
 */
export async function completeSsoLogin(
  ctx: Ctx,
  input: { search: string; flowCookie: string | undefined; info: RequestInfo },
): Promise<LoginResult & { next: string }> {
  const flow = readFlow(ctx, input.flowCookie)
  const callbackUrl = new URL(`${ctx.config.publicUrl}${CALLBACK_PATH}${input.search}`)
  const team = await findSsoTeamById(ctx.database.db, flow.teamId)
  if (!team) throw new SsoLoginFailed('unavailable')
  // Checked here too, before any call to the provider: a callback this browser did not start is refused
  // without spending the code (the library checks it again).
  if (!callbackUrl.searchParams.get('error') && callbackUrl.searchParams.get('state') !== flow.state) {
    throw new SsoLoginFailed('state')
  }
  let identity: Awaited<ReturnType<typeof exchangeCode>>
  try {
    const config = await discoverProvider(providerSettings(ctx, team), ctx.config.ssoAllowHosts)
    identity = await exchangeCode(config, callbackUrl, flow)
  } catch (error) {
    const reason = classify(error)
    ctx.logger.info('sso callback refused', { teamId: team.teamId, reason, error: String(error) })
    throw new SsoLoginFailed(reason)
  }
  const userId = await memberForIdentity(ctx, team, identity)
  const user = await loadActorUser(ctx.database.db, userId)
  if (!user) throw new Error('the signed-in user could not be loaded')
  return { ...(await startSession(ctx, user, input.info)), next: flow.next }
}
