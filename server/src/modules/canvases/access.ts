/**
 * Loading a canvas together with what every rule reads (the owner's team and the customer billing the
 * canvas) in one query, and deciding what a caller may do with it:
 *
 *  - `loadCanvasForEdit`: NotFound unless the caller may see it at all, Forbidden unless `canvas.edit`;
 *  - `loadCanvasForView`: member access, an invited canvas user, or the feedback link (visibility
 *    anyone-with-link, and the link password when one is set: see link-grant.ts);
 *  - `assertCanvasWritable`: a read-only canvas (SPEC 4) refuses uploads and new comments.
 *
 * A canvas the caller may not open answers NotFound, never Forbidden, so ids do not reveal what exists.
 */
import { type Canvas, canvases, canvasUsers, customers, type DbOrTx, teams, users } from '@pinpoint/db'
import {
  AppError,
  type DomainCanvas,
  type DomainCustomer,
  Forbidden,
  getCanvasState,
  isGuest,
  type MaybeUser,
  NotFound,
  NotLoggedIn,
} from '@pinpoint/domain'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import { can } from '../../policy'
import type { Actor } from '../auth/actor'

export interface CanvasRecord {
  canvas: Canvas
  domain: DomainCanvas
  /** The customer billing the canvas: the owner's team owner's, or the owner's own. Null counts as active. */
  customer: DomainCustomer | null
  ownerTeamId: string | null
}

export interface CanvasView extends CanvasRecord {
  /** Creator or a member of the owner's team. */
  member: boolean
  editable: boolean
}

export const CANVAS_RECORD_COLUMNS = { canvas: canvases, ownerTeamId: users.teamId, customer: customers }

/** The FROM clause shared by every canvas query that needs the domain fields. */
export function canvasRecordQuery(db: DbOrTx) {
  return db
    .select(CANVAS_RECORD_COLUMNS)
    .from(canvases)
    .innerJoin(users, eq(users.id, canvases.userId))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(customers, eq(customers.userId, sql`coalesce(${teams.ownerUserId}, ${users.id})`))
}

export function toCanvasRecord(row: {
  canvas: Canvas
  ownerTeamId: string | null
  customer: DomainCustomer | null
}): CanvasRecord {
  const { canvas, ownerTeamId, customer } = row
  return {
    canvas,
    ownerTeamId,
    customer,
    domain: {
      id: canvas.id,
      userId: canvas.userId,
      ownerTeamId,
      planId: customer?.planId ?? null,
      type: canvas.type,
      readOnlyDate: canvas.readOnlyDate,
      expireDate: canvas.expireDate,
      isPremium: canvas.isPremium,
    },
  }
}

export async function loadCanvasRecordWhere(
  db: DbOrTx,
  where: SQL,
  lock = false,
): Promise<CanvasRecord | null> {
  const query = canvasRecordQuery(db).where(where).limit(1)
  // FOR UPDATE OF canvases: serialises concurrent edits of one canvas (revision numbers, folder moves).
  const [row] = lock ? await query.for('update', { of: canvases }) : await query
  return row ? toCanvasRecord(row) : null
}

export function loadCanvasRecord(db: DbOrTx, canvasId: string, lock = false): Promise<CanvasRecord | null> {
  return loadCanvasRecordWhere(db, eq(canvases.id, canvasId), lock)
}

export async function isCanvasUser(
  db: DbOrTx,
  canvasId: string,
  userId: string | undefined,
): Promise<boolean> {
  if (!userId) return false
  const rows = await db
    .select({ userId: canvasUsers.userId })
    .from(canvasUsers)
    .where(and(eq(canvasUsers.canvasId, canvasId), eq(canvasUsers.userId, userId)))
    .limit(1)
  return rows.length > 0
}

export interface ViewOptions {
  /** Whether the caller holds a valid link-password grant for this canvas (link-grant.ts). */
  passwordGranted?: boolean | ((canvas: Canvas) => boolean)
}

/** Whether the caller may open the canvas (see the module comment). */
export async function mayViewCanvas(
  db: DbOrTx,
  actor: Actor,
  record: CanvasRecord,
  options: ViewOptions = {},
): Promise<boolean> {
  if (can(actor, 'canvas.access', record.domain)) return mayViewWith(actor, record, false, options)
  return mayViewWith(actor, record, await isCanvasUser(db, record.canvas.id, actor.user?.id), options)
}

/** The same decision on a known invitation (the fast write path reads it with everything else). */
export function mayViewWith(
  actor: Actor,
  record: CanvasRecord,
  invited: boolean,
  options: ViewOptions = {},
): boolean {
  const { canvas } = record
  if (can(actor, 'canvas.access', record.domain)) {
    // only-me hides a canvas from the rest of the owner's team.
    return (
      canvas.visibility !== 'only-me' ||
      actor.user?.id === canvas.userId ||
      can(actor, 'canvas.edit', record.domain)
    )
  }
  if (invited) return true
  if (canvas.visibility !== 'anyone-with-link') return false
  const granted =
    typeof options.passwordGranted === 'function'
      ? options.passwordGranted(canvas)
      : options.passwordGranted === true
  return !canvas.passwordHash || granted
}

export async function loadCanvasForView(
  db: DbOrTx,
  actor: Actor,
  canvasId: string,
  options: ViewOptions = {},
): Promise<CanvasView> {
  const record = await loadCanvasRecord(db, canvasId)
  if (!record || !(await mayViewCanvas(db, actor, record, options))) throw new NotFound('Canvas not found.')
  return {
    ...record,
    member: can(actor, 'canvas.access', record.domain),
    editable: can(actor, 'canvas.edit', record.domain),
  }
}

/**
 * For changes: NotLoggedIn when anonymous, NotFound when the caller cannot even see the canvas, Forbidden
 * when they see it but may not edit it. `lock` takes the canvas row lock for the rest of the transaction.
 */
export async function loadCanvasForEdit(
  db: DbOrTx,
  actor: Actor,
  canvasId: string,
  lock = false,
): Promise<CanvasView> {
  if (!actor.user) throw new NotLoggedIn()
  const record = await loadCanvasRecord(db, canvasId, lock)
  if (!record) throw new NotFound('Canvas not found.')
  if (!can(actor, 'canvas.edit', record.domain)) {
    if (!(await mayViewCanvas(db, actor, record))) throw new NotFound('Canvas not found.')
    throw new Forbidden('Only the canvas owner or a team admin can change this canvas.')
  }
  return { ...record, member: true, editable: true }
}

/**
 * BILLING_DISABLED=1 (private installs): every customer counts as active. Set from the config by
 * `createApp`, once per server; a process serves one configuration, so this is not per request.
 */
let billingEnforced = true

export function enforceBillingActivity(enforced: boolean): void {
  billingEnforced = enforced
}

/** The canvas's states for this viewer (paused, deadline, expired, read-only with its reason). */
export function canvasStateFor(record: CanvasRecord, viewer: MaybeUser, now: Date) {
  return getCanvasState({
    canvas: record.domain,
    // No customer record counts as active (SPEC 4): with billing off, none is looked at.
    customer: billingEnforced ? record.customer : null,
    isGuestViewer: isGuest(viewer),
    now,
  })
}

/** Refuses uploads (and new comments) on a read-only canvas with the reason as the message. */
export function assertCanvasWritable(record: CanvasRecord, viewer: MaybeUser, now: Date): void {
  const state = canvasStateFor(record, viewer, now)
  if (state.readOnly) {
    throw new AppError(state.reason ?? 'This canvas is read-only.', {
      name: 'CanvasReadOnly',
      status: 403,
      meta: { reason: state.reasonCode },
    })
  }
}
