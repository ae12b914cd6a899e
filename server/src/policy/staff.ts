/**
 * Staff tools (decision 043): the user search, impersonation's audit trail and customers' beta features.
 * Staff (users.is_staff, set by an operator in the database, decision 007) acting as themselves through a
 * cookie session: never while impersonating someone (the tools would otherwise run with a customer's
 * session in the audit trail), never through an API token (a leaked token must not reach every account).
 */
import { isGuest } from '@pinpoint/domain'
import { defineRules } from './types'

export const staffRules = defineRules({
  'staff.tools': (user, _subject: undefined, actor) =>
    !!user && !isGuest(user) && user.isStaff === true && !actor.impersonatorId && actor.via === 'session',
})
