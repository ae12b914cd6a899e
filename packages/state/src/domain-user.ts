import type { User } from '@pinpoint/api'
import type { DomainUser } from '@pinpoint/domain'

/** Maps the API's User (SPEC spellings: TeamId, Team, Customer) to the domain rules' shape. */
export function toDomainUser(user: User | null | undefined): DomainUser | null {
  if (!user) return null
  return {
    id: user.id,
    email: user.email,
    isGuest: user.isGuest ?? false,
    role: user.role ?? null,
    teamId: user.TeamId ?? null,
    team: user.Team
      ? {
          id: user.Team.id,
          ownerUserId: user.Team.ownerUserId,
          customer: user.Team.Customer ?? null,
          ssoConfig: user.Team.SSOConfig ?? null,
        }
      : null,
    customer: user.Customer ?? null,
  }
}
