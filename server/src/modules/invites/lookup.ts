/**
 * Reading invites and joining a team through one; shared by the invites routes and sign-up with an
 * invite code.
 */
import { type DbOrTx, type Invite, invites, type Team, teams, users } from '@pinpoint/db'
import { Conflict, NotFound } from '@pinpoint/domain'
import { and, eq, type SQL } from 'drizzle-orm'
import { InviteExpired } from './errors'

export const INVITE_TTL_DAYS = 7

export type InviteWithTeam = Invite & { team: Team; invitedBy: { id: string; name: string } | null }

export interface InviteJson {
  id: string
  code: string
  email: string
  TeamId: string
  Team: { id: string; name: string }
  invitedBy: { id: string; name: string } | null
  createdAt: string
  expiresAt: string | null
  lastSentAt: string
  expired: boolean
}

export function isInviteExpired(invite: Pick<Invite, 'expiresAt'>, now: Date): boolean {
  return invite.expiresAt !== null && invite.expiresAt.getTime() <= now.getTime()
}

export function serializeInvite(invite: InviteWithTeam, now: Date): InviteJson {
  return {
    id: invite.id,
    code: invite.code,
    email: invite.email,
    TeamId: invite.teamId,
    Team: { id: invite.team.id, name: invite.team.name },
    invitedBy: invite.invitedBy,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt?.toISOString() ?? null,
    lastSentAt: invite.lastSentAt.toISOString(),
    expired: isInviteExpired(invite, now),
  }
}

const WITH_TEAM = { team: true, invitedBy: { columns: { id: true, name: true } } } as const

export async function findInvite(db: DbOrTx, where: SQL): Promise<InviteWithTeam | null> {
  const invite = await db.query.invites.findFirst({ where, with: WITH_TEAM })
  return invite ?? null
}

export async function listInvites(db: DbOrTx, where: SQL | undefined): Promise<InviteWithTeam[]> {
  return db.query.invites.findMany({
    where,
    with: WITH_TEAM,
    orderBy: (table, { desc }) => [desc(table.createdAt)],
  })
}

/** A usable invite by its secret code: NotFound when unknown or withdrawn, InviteExpired when too old. */
export async function findUsableInviteByCode(db: DbOrTx, code: string, now: Date): Promise<InviteWithTeam> {
  const invite = code.length <= 100 ? await findInvite(db, eq(invites.code, code)) : null
  if (!invite) throw new NotFound('This invite does not exist or was withdrawn.')
  if (isInviteExpired(invite, now)) throw new InviteExpired()
  return invite
}

/**
 * Puts a user in the invite's team as a member and removes the invite. A user who owns another team cannot
 * leave it this way (the team would lose its owner and billing); an existing member is left unchanged.
 */
export async function joinTeamByInvite(tx: DbOrTx, userId: string, invite: Invite): Promise<void> {
  const [user] = await tx.select({ teamId: users.teamId }).from(users).where(eq(users.id, userId))
  if (!user) throw new NotFound('No such user.')
  if (user.teamId !== invite.teamId) {
    const [owned] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.ownerUserId, userId))
    if (owned) {
      throw new Conflict('You own a team. Transfer or close it before joining another one.', {
        reason: 'owns-team',
      })
    }
    await tx.update(users).set({ teamId: invite.teamId, role: 'member' }).where(eq(users.id, userId))
  }
  await tx.delete(invites).where(and(eq(invites.teamId, invite.teamId), eq(invites.email, invite.email)))
}
