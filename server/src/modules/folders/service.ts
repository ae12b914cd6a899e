/**
 * Folders ("projects"): a tree per team, with visibility only-team / anyone-with-link / only-me, an optional
 * link password, and canvas counts maintained in SQL (counts.ts).
 */
import { canvases, type DbOrTx, type Folder, folders, users } from '@pinpoint/db'
import {
  AppError,
  isGuest,
  movedToFolderText,
  NotFound,
  NotLoggedIn,
  type ProjectHintKind,
  removedFromFolderText,
  ValidationFailed,
} from '@pinpoint/domain'
import { and, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { assertBelow, consume, hit, LIMITS } from '../../platform/rate-limit'
import { authorize, can } from '../../policy'
import { BUS_CHANNEL } from '../../realtime/bus'
import { projectHintSql } from '../../realtime/dashboard-hints'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { loadCanvasForEdit } from '../canvases/access'
import { recordEvent } from '../events/service'
import { adjustFolderCounts } from './counts'

export type FolderVisibility = 'only-team' | 'anyone-with-link' | 'only-me'

export interface FolderRecord {
  folder: Folder
  ownerTeamId: string | null
}

export interface FolderJson {
  id: string
  name: string
  description: string | null
  UserId: string
  parentFolderId: string | null
  visibility: FolderVisibility
  canvasesCount: number
  shareableId: string
  hasPassword: boolean
  children: FolderJson[]
  createdAt: string
  updatedAt: string
}

export function serializeFolder(folder: Folder, children: FolderJson[] = []): FolderJson {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    UserId: folder.userId,
    parentFolderId: folder.parentFolderId,
    visibility: folder.visibility,
    canvasesCount: folder.canvasesCount,
    shareableId: folder.shareableId,
    hasPassword: folder.passwordHash !== null,
    children,
    createdAt: folder.createdAt.toISOString(),
    updatedAt: folder.updatedAt.toISOString(),
  }
}

/** Nests folders under their parents; a folder whose parent is not in the list becomes a root. */
export function buildTree(rows: Folder[]): FolderJson[] {
  const byParent = new Map<string | null, Folder[]>()
  const ids = new Set(rows.map((row) => row.id))
  for (const row of rows) {
    const parent = row.parentFolderId && ids.has(row.parentFolderId) ? row.parentFolderId : null
    byParent.set(parent, [...(byParent.get(parent) ?? []), row])
  }
  const build = (parent: string | null): FolderJson[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
      .map((row) => serializeFolder(row, build(row.id)))
  return build(null)
}

/** Folders the user sees: their own, and their team's unless only-me. */
export function visibleFoldersWhere(userId: string, teamId: string | null): SQL {
  const own = eq(folders.userId, userId)
  if (!teamId) return own
  return or(own, and(eq(users.teamId, teamId), ne(folders.visibility, 'only-me'))) as SQL
}

export async function listFolders(db: DbOrTx, actor: Actor): Promise<FolderJson[]> {
  const user = requireMember(actor)
  const rows = await db
    .select({ folder: folders })
    .from(folders)
    .innerJoin(users, eq(users.id, folders.userId))
    .where(visibleFoldersWhere(user.id, user.teamId))
  return buildTree(rows.map((row) => row.folder))
}

export async function loadFolderRecord(db: DbOrTx, folderId: string): Promise<FolderRecord | null> {
  const [row] = await db
    .select({ folder: folders, ownerTeamId: users.teamId })
    .from(folders)
    .innerJoin(users, eq(users.id, folders.userId))
    .where(eq(folders.id, folderId))
  return row ?? null
}

/** A folder the caller may edit: NotFound when missing or invisible to them, Forbidden when only visible. */
export async function loadEditableFolder(db: DbOrTx, actor: Actor, folderId: string): Promise<FolderRecord> {
  if (!actor.user) throw new NotLoggedIn()
  const record = await loadFolderRecord(db, folderId)
  const subject = record && {
    id: record.folder.id,
    userId: record.folder.userId,
    ownerTeamId: record.ownerTeamId,
  }
  if (!record || !subject || !can(actor, 'folder.edit', subject)) throw new NotFound('Folder not found.')
  if (record.folder.visibility === 'only-me' && record.folder.userId !== actor.user.id)
    throw new NotFound('Folder not found.')
  return record
}

async function assertNotDescendant(db: DbOrTx, folderId: string, newParentId: string): Promise<void> {
  // Walk up from the new parent; meeting the folder itself would make a cycle.
  const rows = await db.execute<{ id: string }>(sql`
    with recursive up(id, parent) as (
      select id, parent_folder_id from folders where id = ${newParentId}
      union all select f.id, f.parent_folder_id from folders f join up on f.id = up.parent
    ) select id from up where id = ${folderId} limit 1`)
  const found = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows
  if (found.length > 0)
    throw new ValidationFailed('A project cannot be moved inside itself.', { field: 'parentFolderId' })
}

export interface FolderInput {
  name?: string
  description?: string | null
  parentFolderId?: string | null
  visibility?: FolderVisibility
  password?: string | null
}

async function passwordHashOf(password: string | null | undefined): Promise<string | null | undefined> {
  if (password === undefined) return undefined
  return password ? Bun.password.hash(password) : null
}

/**
 * A folder's columns plus, in the same RETURNING, the dashboards' hint of the write (decision 060): the
 * teammates who list the project refetch their projects without a reload.
 */
function returningWithHint(kind: ProjectHintKind, wide = false) {
  return { ...getTableColumns(folders), hint: projectHintSql(BUS_CHANNEL, kind, wide) }
}

function withoutHint<T extends { hint: unknown }>({ hint: _, ...folder }: T): Omit<T, 'hint'> {
  return folder
}

export async function createFolder(db: DbOrTx, actor: Actor, input: FolderInput & { name: string }) {
  const user = requireMember(actor)
  authorize(actor, 'canvas.create', undefined)
  if (input.parentFolderId) await loadEditableFolder(db, actor, input.parentFolderId)
  const [folder] = await db
    .insert(folders)
    .values({
      name: input.name.trim() || 'Untitled project',
      description: input.description ?? null,
      userId: user.id,
      parentFolderId: input.parentFolderId ?? null,
      visibility: input.visibility ?? 'only-team',
      passwordHash: (await passwordHashOf(input.password)) ?? null,
    })
    .returning(returningWithHint('created'))
  if (!folder) throw new Error('inserting the folder returned no row')
  return withoutHint(folder)
}

export async function updateFolder(db: DbOrTx, actor: Actor, folderId: string, input: FolderInput) {
  const { folder } = await loadEditableFolder(db, actor, folderId)
  const changes: Partial<typeof folders.$inferInsert> = {}
  if (input.name !== undefined) changes.name = input.name.trim() || folder.name
  if (input.description !== undefined) changes.description = input.description
  if (input.visibility !== undefined) changes.visibility = input.visibility
  if (input.password !== undefined) changes.passwordHash = await passwordHashOf(input.password)
  if (input.parentFolderId !== undefined && input.parentFolderId !== folder.parentFolderId) {
    if (input.parentFolderId) {
      if (input.parentFolderId === folderId)
        throw new ValidationFailed('A project cannot be moved inside itself.', { field: 'parentFolderId' })
      await loadEditableFolder(db, actor, input.parentFolderId)
      await assertNotDescendant(db, folderId, input.parentFolderId)
    }
    changes.parentFolderId = input.parentFolderId
  }
  if (Object.keys(changes).length === 0) return folder
  const shared = changes.visibility !== undefined && changes.visibility !== folder.visibility
  const kind: ProjectHintKind = shared
    ? 'shared'
    : changes.name !== undefined && changes.name !== folder.name
      ? 'renamed'
      : changes.parentFolderId !== undefined
        ? 'moved'
        : 'updated'
  const [updated] = await db
    .update(folders)
    .set(changes)
    .where(eq(folders.id, folderId))
    .returning(returningWithHint(kind, shared))
  return updated ? withoutHint(updated) : folder
}

/**
 * Deletes a folder and its sub-folders; their canvases stay, outside any folder (FK set null). The
 * sub-folders are deleted by name rather than left to the cascade, so each one's hint reaches those who
 * listed it (an only-me project may hold team projects, and the reverse).
 */
export async function deleteFolder(db: DbOrTx, actor: Actor, folderId: string) {
  const { folder } = await loadEditableFolder(db, actor, folderId)
  const subtree = sql`(with recursive down(id) as (
      select ${folderId}::text union all select f.id from folders f join down on f.parent_folder_id = down.id
    ) select id from down)`
  await db
    .delete(folders)
    .where(inArray(folders.id, subtree))
    .returning({ hint: projectHintSql(BUS_CHANNEL, 'deleted') })
  return folder
}

/** PUT /folders/{folderId}/canvases/{canvasId}: moves a canvas into a folder (from another or none). */
export async function moveCanvasToFolder(db: DbOrTx, actor: Actor, folderId: string, canvasId: string) {
  // Canvas row lock first: concurrent moves of one canvas take turns, so "old folder" is always current.
  const view = await loadCanvasForEdit(db, actor, canvasId, true)
  const { folder } = await loadEditableFolder(db, actor, folderId)
  const previousFolderId = view.canvas.folderId
  if (previousFolderId !== folderId) {
    await db.update(canvases).set({ folderId }).where(eq(canvases.id, canvasId))
    if (!view.canvas.archiveDate)
      await adjustFolderCounts(db, [
        [previousFolderId, -1],
        [folderId, 1],
      ])
    await recordEvent(db, {
      type: 'canvas.moved',
      canvasId,
      actorUserId: actor.user?.id ?? null,
      data: { from: previousFolderId, to: folderId },
    })
  }
  return { canvasId, folder, previousFolderId, message: movedToFolderText(folder.name) }
}

/** DELETE /folders/{folderId}/canvases/{canvasId}: takes a canvas out of that folder. */
export async function removeCanvasFromFolder(db: DbOrTx, actor: Actor, folderId: string, canvasId: string) {
  const view = await loadCanvasForEdit(db, actor, canvasId, true)
  const { folder } = await loadEditableFolder(db, actor, folderId)
  if (view.canvas.folderId !== folderId)
    throw new AppError('This canvas is not in that project.', { name: 'NotInFolder', status: 409 })
  await db.update(canvases).set({ folderId: null }).where(eq(canvases.id, canvasId))
  if (!view.canvas.archiveDate) await adjustFolderCounts(db, [[folderId, -1]])
  await recordEvent(db, {
    type: 'canvas.moved',
    canvasId,
    actorUserId: actor.user?.id ?? null,
    data: { from: folderId, to: null },
  })
  return { canvasId, folder, previousFolderId: folderId, message: removedFromFolderText(folder.name) }
}

/**
 * GET /folders?shareableId=&password=: a folder shared by link (anyone-with-link, password when set). A
 * password check is rate limited like a login (per address, and wrong ones per project), so a short
 * password cannot be guessed by brute force.
 */
export async function loadSharedFolder(
  db: DbOrTx,
  actor: Actor,
  shareableId: string,
  password: string | undefined,
  check: { ip: string; now: Date },
) {
  const [row] = await db
    .select({ folder: folders, ownerTeamId: users.teamId })
    .from(folders)
    .innerJoin(users, eq(users.id, folders.userId))
    .where(eq(folders.shareableId, shareableId))
  if (!row) throw new NotFound('Project not found.')
  const { folder } = row
  const subject = { id: folder.id, userId: folder.userId, ownerTeamId: row.ownerTeamId }
  const member =
    !!actor.user &&
    !isGuest(actor.user) &&
    can(actor, 'folder.edit', subject) &&
    folder.visibility !== 'only-me'
  if (!member && folder.userId !== actor.user?.id) {
    if (folder.visibility !== 'anyone-with-link') throw new NotFound('Project not found.')
    if (folder.passwordHash) {
      if (!password)
        throw new AppError('This project is protected by a password.', {
          name: 'PasswordRequired',
          status: 401,
        })
      await consume(db, LIMITS.linkPasswordIp, check.ip, check.now)
      await assertBelow(db, LIMITS.linkPasswordFailures, folder.id, check.now)
      if (!(await Bun.password.verify(password, folder.passwordHash))) {
        await hit(db, LIMITS.linkPasswordFailures, folder.id, check.now)
        throw new AppError('The password is not correct.', { name: 'WrongPassword', status: 403 })
      }
    }
  }
  return folder
}
