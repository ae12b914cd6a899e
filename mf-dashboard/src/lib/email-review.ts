/**
 * E-mail review is a beta feature (SPEC 6: a team whose customer has the `emailReview` flag). The server
 * refuses e-mail canvases otherwise; the dashboard says why up front instead of relaying the refusal.
 */
import { canUseEmailReview, type DomainUser, hasTeam } from '@pinpoint/domain'

/** Null when the user may create e-mail canvases, else the sentence that explains why not. */
export function emailReviewUnavailableReason(user: DomainUser | null): string | null {
  if (canUseEmailReview(user)) return null
  if (!hasTeam(user)) {
    return 'E-mail review is a beta feature for teams. Your account is not in a team, so e-mail canvases are not available to you.'
  }
  return 'E-mail review is a beta feature that Pinpoint staff turn on team by team. It is not on for your team yet, so e-mail canvases are not available.'
}
