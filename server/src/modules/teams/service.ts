/**
 * Team members and admins (SPEC 7). Who may do what is in policy/teams.ts; decision 008 records where a
 * removed member's canvases and folders go.
 */
import { canvases, folders, type User, users } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { and, asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import { notifyAccessChange } from '../../realtime/bus'
import type { Actor } from '../auth/actor'
import { loadTeam } from './lookup'

type Ctx = Pick<AppContext, 'database' | 'logger'>

/** A team member as listed in team settings. */
export interface TeamUserJson {
  id: string
  name: string
  email: string
  avatarUrl: string | null
  role: string
  isGuest: boolean
  isOwner: boolean
  TeamId: string | null
  createdAt: string
}

export function serializeTeamUser(user: User, ownerUserId: string): TeamUserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl,
    role: user.role,
    isGuest: user.isGuest,
    isOwner: user.id === ownerUserId,
    TeamId: user.teamId,
    createdAt: user.createdAt.toISOString(),
  }
}

export async function listTeamUsers(ctx: Ctx, actor: Actor, teamId: string): Promise<TeamUserJson[]> {
  const team = await loadTeam(ctx.database.db, teamId)
  authorize(actor, 'team.read', team, 'Only members of this team can see its members.')
  const members = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.teamId, team.id))
    .orderBy(asc(users.name))
  return members.map((member) => serializeTeamUser(member, team.ownerUserId))
}

async function loadMember(ctx: Ctx, teamId: string, userId: string) {
  const team = await loadTeam(ctx.database.db, teamId)
  const [member] =
    userId.length <= 100 ? await ctx.database.db.select().from(users).where(eq(users.id, userId)) : []
  if (!member || member.teamId !== team.id) throw new NotFound('This user is not a member of the team.')
  return { team, member }
}

/** Adds (`admin: true`) or removes the admin role. The owner is always an admin and cannot change. */
export async function setTeamAdmin(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  userId: string,
  admin: boolean,
): Promise<TeamUserJson> {
  const { team, member } = await loadMember(ctx, teamId, userId)
  authorize(
    actor,
    'team.manageAdmins',
    { team, member },
    member.id === team.ownerUserId
      ? 'The team owner is always an admin.'
      : 'Only team admins can change who is an admin.',
  )
  const [updated] = await ctx.database.db
    .update(users)
    .set({ role: admin ? 'admin' : 'member' })
    .where(eq(users.id, member.id))
    .returning()
  // A former admin's open sockets lose what only admins could see (decision 026).
  await notifyAccessChange(ctx.database.db, { userIds: [member.id] })
  return serializeTeamUser(updated ?? member, team.ownerUserId)
}

export interface RemoveMemberResult {
  user: TeamUserJson
  /** Who received the member's canvases and folders; null when they kept them. */
  transferredTo: string | null
  transferredCanvases: number
  transferredFolders: number
}

/**
 * Removes a member from the team. With `transfer`, their canvases and folders become the team owner's
 * (decision 008), in the same transaction, so nothing is lost and nothing is left half-moved; without it,
 * the member keeps them and they leave the team with them.
 */
export async function removeTeamMember(
  ctx: Ctx,
  actor: Actor,
  teamId: string,
  userId: string,
  transfer: boolean,
): Promise<RemoveMemberResult> {
  const { team, member } = await loadMember(ctx, teamId, userId)
  authorize(
    actor,
    'team.removeMember',
    { team, member },
    member.id === team.ownerUserId
      ? 'The team owner cannot be removed from the team.'
      : 'Only the team owner can remove admins, and only admins can remove members.',
  )
  const result = await ctx.database.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(users)
      .set({ teamId: null, role: 'member' })
      .where(and(eq(users.id, member.id), eq(users.teamId, team.id)))
      .returning()
    if (!removed) throw new NotFound('This user is not a member of the team.')
    // On commit, every process re-checks the removed member's sockets (decision 026).
    await notifyAccessChange(tx, { userIds: [member.id] })
    if (!transfer) return { removed, canvases: 0, folders: 0 }
    const movedCanvases = await tx
      .update(canvases)
      .set({ userId: team.ownerUserId })
      .where(eq(canvases.userId, member.id))
      .returning({ id: canvases.id })
    const movedFolders = await tx
      .update(folders)
      .set({ userId: team.ownerUserId })
      .where(eq(folders.userId, member.id))
      .returning({ id: folders.id })
    return { removed, canvases: movedCanvases.length, folders: movedFolders.length }
  })
  ctx.logger.info('team member removed', { teamId: team.id, userId: member.id, by: actor.user?.id, transfer })
  return {
    user: serializeTeamUser(result.removed, team.ownerUserId),
    transferredTo: transfer ? team.ownerUserId : null,
    transferredCanvases: result.canvases,
    transferredFolders: result.folders,
  }
}
