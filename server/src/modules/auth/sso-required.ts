/**
 * SSO-only teams (decision 044): their members sign in through the identity provider, so every other way
 * in that would start a session (password, login link, password reset) is refused with `SsoRequired`.
 */
import type { AppContext } from '../../context'
import { ssoRequiredFor, ssoStartUrl } from '../sso/lookup'
import { SsoRequired } from './errors'

export async function assertPasswordLoginAllowed(
  ctx: Pick<AppContext, 'database' | 'config'>,
  user: { id: string; email: string; teamId: string | null; isGuest: boolean },
): Promise<void> {
  if (user.isGuest) return
  const required = await ssoRequiredFor(ctx.database.db, user)
  if (required) throw new SsoRequired(ssoStartUrl(ctx.config.publicUrl, required.domain, '/dashboard'))
}
