/**
 * Rules about the caller's own account (SPEC 6): profile, billing settings, API token.
 */
import { canUseApiToken, canUseExports, canViewBilling, isGuest } from '@pinpoint/domain'
import { defineRules } from './types'

export const accountRules = defineRules({
  /** Edit one's own profile, password, avatar: any non-guest (guests have no account to edit). */
  'account.update': (user, _subject: undefined) => !!user && !isGuest(user),
  /** Billing settings (receipts, billing e-mail): non-guest without a team, or the team owner. */
  'billing.view': (user, _subject: undefined) => canViewBilling(user),
  /** Read or create the personal API token: a team whose plan is not a team49 variant. */
  'apiToken.use': (user, _subject: undefined) => canUseApiToken(user),
  /** Connect task tools and webhooks, export, auto-sync: a team whose plan is not a team49 variant (SPEC 6). */
  'export.use': (user, _subject: undefined) => !!user && !isGuest(user) && canUseExports(user),
  /** Report a browser-side analytics event (a failed canvas creation): anyone signed in, guests included. */
  'analytics.report': (user, _subject: undefined) => !!user,
  /** Remember which guided tours one has seen: members (guests keep theirs in their browser). */
  'tours.record': (user, _subject: undefined) => !!user && !isGuest(user),
  /** Create coupons of the local billing engine: staff only (never while impersonating someone). */
  'billing.coupons.manage': (user, _subject: undefined, actor) =>
    !!user && !isGuest(user) && user.isStaff === true && !actor.impersonatorId,
})
