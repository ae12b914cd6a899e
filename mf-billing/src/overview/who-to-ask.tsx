import type { TeamUser, User } from '@pinpoint/api'
import { Card } from '@pinpoint/ui'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'

/**
 * SPEC 6: only the team owner sees a team's billing. Everyone else learns who to ask, by name. The
 * team's member list says who owns it; the session's team record gives the id to match.
 */
export function WhoToAsk({ user }: { user: User }) {
  const teamId = user.TeamId ?? null
  const members = useQuery({
    queryKey: ['team', teamId, 'users'],
    queryFn: () => api.get<{ users: TeamUser[] }>(`/teams/${teamId}/users`),
    enabled: !!teamId,
  })
  const owner = members.data?.users.find((member) => member.isOwner || member.id === user.Team?.ownerUserId)
  const team = user.Team?.name ?? 'your team'
  return (
    <Card title="Billing is managed by your team’s owner" data-testid="billing-ask-owner">
      <p className="text-sm">
        {owner ? (
          <>
            <span className="font-semibold">{owner.name}</span>
            {owner.email ? <span className="text-ink-muted"> ({owner.email})</span> : null} owns {team} and
            manages its plan, card and invoices. Ask them for any change.
          </>
        ) : members.isPending && teamId ? (
          'Looking up your team’s owner…'
        ) : (
          `The owner of ${team} manages its plan, card and invoices. Ask them for any change.`
        )}
      </p>
    </Card>
  )
}
