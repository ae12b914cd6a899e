/**
 * Canvas lifecycle (SPEC 4): create, rename, URL change, deadline, expiry, archive/unarchive, premium
 * upgrade/downgrade, ownership transfer, visibility, link password, delete. Each change runs in one
 * transaction with its folder-count adjustment and its lifecycle event, so they commit (or not) together.
 */
import { canvases, canvasRevisions, type DbOrTx, users } from '@pinpoint/db'
import { canUseEmailReview, Forbidden, NotFound, ValidationFailed } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { authorize } from '../../policy'
import { notifyAccessChange } from '../../realtime/bus'
import { storageKeysOfCanvas } from '../assets/files'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { recordEvent } from '../events/service'
import { adjustFolderCounts } from '../folders/counts'
import { loadEditableFolder } from '../folders/service'
import { loadCanvasForEdit } from './access'
import { applyPremiumChange } from './premium'

export interface CreateCanvasInput {
  type: 'website' | 'design' | 'email' | 'video' | 'pdf' | 'other'
  title: string
  localUrl?: string | null
  folderId?: string | null
  readOnlyDate?: string | null
  expireDate?: string | null
  visibility?: 'anyone-with-link' | 'only-team' | 'only-me'
  password?: string | null
}

export interface UpdateCanvasInput {
  title?: string
  localUrl?: string | null
  readOnlyDate?: string | null
  expireDate?: string | null
  archived?: boolean
  isPremium?: boolean
  /** With isPremium true at the plan's limit: the premium canvas this one replaces (it is downgraded). */
  replacedCanvasId?: string | null
  /** New owner (ownership transfer): a member of the owner's team. */
  UserId?: string
  visibility?: 'anyone-with-link' | 'only-team' | 'only-me'
  /** A new link password; null removes it. */
  password?: string | null
}

export function normaliseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`)
  } catch {
    throw new ValidationFailed('Enter a valid website address, such as https://example.com.', {
      field: 'localUrl',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationFailed('Only http and https website addresses can be reviewed.', {
      field: 'localUrl',
    })
  }
  // Refused rather than stripped: the address is shown to everyone with the feedback link, and a silently
  // dropped password would leave the owner wondering why the site asks for one.
  if (url.username || url.password) {
    throw new ValidationFailed(
      'Remove the user name and password from the address: everyone with the feedback link would see them.',
      {
        field: 'localUrl',
        issues: [{ path: 'localUrl', message: 'Credentials are not allowed in the address' }],
      },
    )
  }
  return url.toString()
}

function parseDate(raw: string | null | undefined, field: string): Date | null | undefined {
  if (raw === undefined) return undefined
  if (raw === null) return null
  const date = new Date(raw)
  if (Number.isNaN(date.getTime())) throw new ValidationFailed(`${field} must be a date.`, { field })
  return date
}

async function hashLinkPassword(password: string | null | undefined): Promise<string | null> {
  if (!password) return null
  if (password.length > 200)
    throw new ValidationFailed('The link password is too long.', { field: 'password' })
  return Bun.password.hash(password)
}

export async function createCanvas(db: DbOrTx, actor: Actor, input: CreateCanvasInput) {
  const user = requireMember(actor)
  authorize(actor, 'canvas.create', undefined)
  if (input.type === 'email' && !canUseEmailReview(user)) {
    throw new Forbidden('E-mail review is a beta feature for teams. Ask us to turn it on for your team.')
  }
  const localUrl = input.type === 'website' ? normaliseUrl(input.localUrl ?? '') : null
  if (input.folderId) await loadEditableFolder(db, actor, input.folderId)
  const readOnlyDate = parseDate(input.readOnlyDate, 'readOnlyDate') ?? null
  const passwordHash = await hashLinkPassword(input.password)
  const [canvas] = await db
    .insert(canvases)
    .values({
      userId: user.id,
      type: input.type,
      title: input.title.trim() || 'Untitled',
      localUrl,
      folderId: input.folderId ?? null,
      readOnlyDate,
      expireDate: parseDate(input.expireDate, 'expireDate') ?? null,
      visibility: input.visibility ?? 'anyone-with-link',
      passwordHash,
    })
    .returning()
  if (!canvas) throw new Error('inserting the canvas returned no row')
  const [revision] = await db
    .insert(canvasRevisions)
    .values({ canvasId: canvas.id, number: 1, localUrl })
    .returning()
  if (!revision) throw new Error('inserting the first revision returned no row')
  const [created] = await db
    .update(canvases)
    .set({ currentRevisionId: revision.id })
    .where(eq(canvases.id, canvas.id))
    .returning()
  await adjustFolderCounts(db, [[canvas.folderId, 1]])
  await recordEvent(db, {
    type: 'canvas.created',
    canvasId: canvas.id,
    actorUserId: user.id,
    data: { title: canvas.title, type: canvas.type },
  })
  if (!created) throw new Error('updating the canvas returned no row')
  return { canvas: created, deadlineChanged: readOnlyDate !== null }
}

/** Applies a PUT; returns the updated row and whether the deadline changed (to reschedule its job). */
export async function updateCanvas(
  db: DbOrTx,
  actor: Actor,
  canvasId: string,
  input: UpdateCanvasInput,
  now: Date,
) {
  const view = await loadCanvasForEdit(db, actor, canvasId, true)
  const before = view.canvas
  const actorUserId = actor.user?.id ?? null
  const changes: Partial<typeof canvases.$inferInsert> = {}
  const events: { type: string; data?: Record<string, unknown> }[] = []

  if (input.title !== undefined && input.title.trim() !== before.title) {
    changes.title = input.title.trim() || 'Untitled'
    events.push({ type: 'canvas.renamed', data: { from: before.title, to: changes.title } })
  }
  if (input.localUrl !== undefined && before.type === 'website') {
    const url = normaliseUrl(input.localUrl ?? '')
    if (url !== before.localUrl) {
      changes.localUrl = url
      events.push({ type: 'canvas.url-changed', data: { from: before.localUrl, to: url } })
      // The canvas's address is its current revision's (decision 047): earlier revisions keep theirs.
      if (before.currentRevisionId)
        await db
          .update(canvasRevisions)
          .set({ localUrl: url })
          .where(eq(canvasRevisions.id, before.currentRevisionId))
    }
  }
  const readOnlyDate = parseDate(input.readOnlyDate, 'readOnlyDate')
  const deadlineChanged =
    readOnlyDate !== undefined && readOnlyDate?.getTime() !== before.readOnlyDate?.getTime()
  if (deadlineChanged) {
    authorize(
      actor,
      'canvas.pause',
      view.domain,
      'Feedback deadlines need a team plan other than team49, and only the canvas owner or a team admin can set them.',
    )
    changes.readOnlyDate = readOnlyDate
    const kind = readOnlyDate === null ? 'removed' : before.readOnlyDate ? 'changed' : 'set'
    events.push({
      type: `canvas.deadline-${kind}`,
      data: { readOnlyDate: readOnlyDate?.toISOString() ?? null },
    })
  }
  const expireDate = parseDate(input.expireDate, 'expireDate')
  if (expireDate !== undefined && expireDate?.getTime() !== before.expireDate?.getTime()) {
    changes.expireDate = expireDate
    events.push({ type: 'canvas.expiry-changed', data: { expireDate: expireDate?.toISOString() ?? null } })
  }
  if (input.archived !== undefined && input.archived !== (before.archiveDate !== null)) {
    changes.archiveDate = input.archived ? now : null
    // Archiving lowers the folder's count, unarchiving raises it (SPEC 4).
    await adjustFolderCounts(db, [[before.folderId, input.archived ? -1 : 1]])
    events.push({ type: input.archived ? 'canvas.archived' : 'canvas.unarchived' })
  }
  if (input.visibility !== undefined && input.visibility !== before.visibility) {
    changes.visibility = input.visibility
    events.push({
      type: 'canvas.visibility-changed',
      data: { from: before.visibility, to: input.visibility },
    })
  }
  if (input.password !== undefined) {
    changes.passwordHash = await hashLinkPassword(input.password)
    events.push({ type: input.password ? 'canvas.password-set' : 'canvas.password-removed' })
  }
  if (input.UserId !== undefined && input.UserId !== before.userId) {
    await assertTransferTarget(db, view.ownerTeamId, input.UserId)
    changes.userId = input.UserId
    events.push({ type: 'canvas.ownership-transferred', data: { from: before.userId, to: input.UserId } })
  }
  if (input.isPremium !== undefined && input.isPremium !== before.isPremium) {
    const premium = await applyPremiumChange(
      db,
      view,
      input.isPremium,
      input.replacedCanvasId ?? null,
      actorUserId,
    )
    Object.assign(changes, premium.changes)
    events.push(...premium.events)
  }
  if (Object.keys(changes).length === 0) return { canvas: before, deadlineChanged: false }
  const [canvas] = await db.update(canvases).set(changes).where(eq(canvases.id, canvasId)).returning()
  if (!canvas) throw new NotFound('Canvas not found.')
  for (const event of events) await recordEvent(db, { ...event, canvasId, actorUserId })
  // Who may open the canvas may have changed: its open sockets are re-checked (decision 026).
  if (ACCESS_FIELDS.some((field) => field in changes)) await notifyAccessChange(db, { canvasIds: [canvasId] })
  return { canvas, deadlineChanged }
}

/** Canvas fields that decide who may open the canvas or see its private comments. */
const ACCESS_FIELDS = ['visibility', 'passwordHash', 'userId', 'expireDate', 'archiveDate'] as const

/** A canvas can be handed to the owner's team members only (a non-guest in the same team). */
async function assertTransferTarget(db: DbOrTx, ownerTeamId: string | null, userId: string): Promise<void> {
  const [target] = await db
    .select({ teamId: users.teamId, isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, userId))
  if (!target || target.isGuest || !ownerTeamId || target.teamId !== ownerTeamId) {
    throw new ValidationFailed('A canvas can only be transferred to a member of the same team.', {
      field: 'UserId',
    })
  }
}

/** Deletes a canvas (its revisions, assets, comments go with it); returns the storage keys to delete after commit. */
export async function deleteCanvas(db: DbOrTx, actor: Actor, canvasId: string) {
  const view = await loadCanvasForEdit(db, actor, canvasId, true)
  const keys = await storageKeysOfCanvas(db, canvasId)
  // Recorded while the row exists: the dashboards' hint is routed by the canvas's owner (decision 054).
  await recordEvent(db, {
    type: 'canvas.deleted',
    canvasId,
    actorUserId: actor.user?.id ?? null,
    data: { title: view.canvas.title },
  })
  await db.delete(canvases).where(eq(canvases.id, canvasId))
  if (!view.canvas.archiveDate) await adjustFolderCounts(db, [[view.canvas.folderId, -1]])
  await notifyAccessChange(db, { canvasIds: [canvasId] })
  return { canvas: view.canvas, storageKeys: keys }
}
