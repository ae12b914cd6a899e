/**
 * Team labels. Renaming, recolouring or deleting a label changes every annotation that carries it, so the
 * canvases holding such annotations get a feed event (their lists' versions move and open review screens
 * update), split by privacy like every comment event. Names are unique per team, ignoring case (a picker
 * offering two "Bug" labels cannot be told apart); colours are stored as lower-case #rrggbb.
 */
import { annotationLabels, annotations, type DbOrTx, type Label, labels, teams } from '@pinpoint/db'
import { Conflict, Forbidden, NotFound, normalizeHexColor } from '@pinpoint/domain'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import type { Actor } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { inTransaction } from '../canvases/transaction'
import { type RecordEventInput, recordEvents } from '../events/service'
import type { CreateLabelBody, UpdateLabelBody } from './model'

export interface LabelJson {
  id: string
  name: string
  color: string
  TeamId: string
  createdAt: string
  updatedAt: string
}

export function serializeLabel(label: Label): LabelJson {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    TeamId: label.teamId,
    createdAt: label.createdAt.toISOString(),
    updatedAt: label.updatedAt.toISOString(),
  }
}

const EDIT_FORBIDDEN = 'Labels are edited by members of the team, on a plan with labels.'

/** A label the caller's team owns; another team's label is NotFound (ids reveal nothing). */
async function loadOwnLabel(db: DbOrTx, actor: Actor, labelId: string): Promise<Label> {
  const user = requireMember(actor)
  const [label] = await db.select().from(labels).where(eq(labels.id, labelId)).limit(1).for('update')
  if (!label || label.teamId !== user.teamId) throw new NotFound('Label not found.')
  authorize(actor, 'label.edit', { id: label.teamId }, EDIT_FORBIDDEN)
  return label
}

/** `#ABC` and `#AABBCC` are one colour: stored in the form the palette uses. */
function storedColor(color: string): string {
  return normalizeHexColor(color) ?? color.toLowerCase()
}

/**
 * Refuses a name the team already has (case-insensitive). The team row is locked first, so two people
 * creating "Bug" at once cannot both pass the check.
 */
async function assertNameFree(tx: DbOrTx, teamId: string, name: string, exceptId?: string): Promise<void> {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update')
  const same = and(
    eq(labels.teamId, teamId),
    sql`lower(${labels.name}) = lower(${name})`,
    exceptId ? ne(labels.id, exceptId) : undefined,
  )
  const [taken] = await tx.select({ id: labels.id }).from(labels).where(same).limit(1)
  if (taken) throw new Conflict(`The team already has a label named “${name}”.`, { labelId: taken.id })
}

/** Feed events for every canvas whose annotations carry the label: one per canvas and privacy side. */
async function recordLabelChange(db: DbOrTx, actorId: string, type: string, label: Label): Promise<void> {
  const rows = await db
    .select({ id: annotations.id, canvasId: annotations.canvasId, isPrivate: annotations.isPrivate })
    .from(annotationLabels)
    .innerJoin(annotations, eq(annotations.id, annotationLabels.annotationId))
    .where(eq(annotationLabels.labelId, label.id))
  const groups = new Map<string, { canvasId: string; isPrivate: boolean; ids: string[] }>()
  for (const row of rows) {
    const key = `${row.canvasId}|${row.isPrivate}`
    const group = groups.get(key) ?? { canvasId: row.canvasId, isPrivate: row.isPrivate, ids: [] }
    group.ids.push(row.id)
    groups.set(key, group)
  }
  const events: RecordEventInput[] = [...groups.values()].map((group) => ({
    type,
    canvasId: group.canvasId,
    actorUserId: actorId,
    isPrivate: group.isPrivate,
    data: { label: { id: label.id, name: label.name, color: label.color }, annotationIds: group.ids },
  }))
  await recordEvents(db, events)
}

export async function listTeamLabels(
  context: AppContext,
  actor: Actor,
  teamId: string,
): Promise<LabelJson[]> {
  authorize(
    actor,
    'label.view',
    { id: teamId },
    'Labels are available to members of the team on an enterprise plan.',
  )
  const rows = await context.database.db
    .select()
    .from(labels)
    .where(eq(labels.teamId, teamId))
    .orderBy(asc(labels.name), asc(labels.id))
  return rows.map(serializeLabel)
}

export async function createLabel(
  context: AppContext,
  actor: Actor,
  body: CreateLabelBody,
): Promise<LabelJson> {
  const user = requireMember(actor)
  const teamId = body.TeamId ?? user.teamId
  if (!teamId) throw new Forbidden('Labels belong to a team: create or join a team first.')
  authorize(actor, 'label.edit', { id: teamId }, EDIT_FORBIDDEN)
  const name = body.name.trim()
  return inTransaction(context.database.db, async (tx) => {
    await assertNameFree(tx, teamId, name)
    const [label] = await tx
      .insert(labels)
      .values({ teamId, name, color: storedColor(body.color) })
      .returning()
    if (!label) throw new Error('creating the label returned no row')
    return serializeLabel(label)
  })
}

export async function updateLabel(
  context: AppContext,
  actor: Actor,
  labelId: string,
  body: UpdateLabelBody,
): Promise<LabelJson> {
  const user = requireMember(actor)
  return inTransaction(context.database.db, async (tx) => {
    const label = await loadOwnLabel(tx, actor, labelId)
    const name = body.name?.trim() ?? label.name
    if (name.toLowerCase() !== label.name.toLowerCase())
      await assertNameFree(tx, label.teamId, name, label.id)
    const [updated] = await tx
      .update(labels)
      .set({ name, color: body.color ? storedColor(body.color) : label.color })
      .where(eq(labels.id, label.id))
      .returning()
    if (!updated) throw new Error('updating the label returned no row')
    await recordLabelChange(tx, user.id, 'label.updated', updated)
    return serializeLabel(updated)
  })
}

export async function deleteLabel(context: AppContext, actor: Actor, labelId: string): Promise<void> {
  const user = requireMember(actor)
  await inTransaction(context.database.db, async (tx) => {
    const label = await loadOwnLabel(tx, actor, labelId)
    // Events first: they need the annotation_labels rows that the delete cascades away.
    await recordLabelChange(tx, user.id, 'label.deleted', label)
    await tx.delete(labels).where(eq(labels.id, label.id))
  })
}
