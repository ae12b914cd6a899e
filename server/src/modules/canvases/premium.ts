/**
 * Premium canvases of solo plans (SPEC 6: "solo plans, with a premium-canvases limit"). The limit comes from
 * the plan catalogue (packages/domain/src/plan-catalogue.ts, which also seeds `plans`; null = none). Upgrading at the limit needs the id of one
 * of the owner's premium canvases to replace: it is downgraded in the same transaction and the upgraded
 * canvas records it in `replacedCanvasId`.
 */
import { canvases, type DbOrTx } from '@pinpoint/db'
import { Conflict, premiumCanvasLimit, ValidationFailed } from '@pinpoint/domain'
import { and, eq, ne, sql } from 'drizzle-orm'
import { recordEvent } from '../events/service'
import type { CanvasRecord } from './access'

export async function applyPremiumChange(
  db: DbOrTx,
  record: CanvasRecord,
  isPremium: boolean,
  replacedCanvasId: string | null,
  actorUserId: string | null,
) {
  const { canvas } = record
  if (!isPremium) {
    return { changes: { isPremium: false }, events: [{ type: 'canvas.downgraded', data: {} }] }
  }
  const limit = premiumCanvasLimit(record.domain.planId)
  // Recorded only when a canvas really was replaced: an id sent below the limit is ignored, not stored
  // (it used to be stored unchecked, and an unknown id failed the foreign key with a 500).
  let replaced: string | null = null
  if (limit !== null) {
    // The owner's other premium canvases: their number decides, and at the limit they are the choices
    // the answer offers, so the screen can ask which one to replace without another call.
    const premium = await db
      .select({ id: canvases.id, title: canvases.title })
      .from(canvases)
      .where(
        and(eq(canvases.userId, canvas.userId), eq(canvases.isPremium, true), ne(canvases.id, canvas.id)),
      )
      .orderBy(sql`lower(${canvases.title})`, canvases.id)
    if (premium.length >= limit) {
      if (!replacedCanvasId) {
        throw new Conflict(`Your plan includes ${limit} premium canvases. Choose one to replace.`, {
          limit,
          premiumCanvases: premium,
        })
      }
      const [row] = await db
        .update(canvases)
        .set({ isPremium: false })
        .where(
          and(
            eq(canvases.id, replacedCanvasId),
            eq(canvases.userId, canvas.userId),
            eq(canvases.isPremium, true),
          ),
        )
        .returning({ id: canvases.id })
      if (!row)
        throw new ValidationFailed('The canvas to replace must be one of your premium canvases.', {
          field: 'replacedCanvasId',
        })
      replaced = row.id
      await recordEvent(db, {
        type: 'canvas.downgraded',
        canvasId: row.id,
        actorUserId,
        data: { replacedByCanvasId: canvas.id },
      })
    }
  }
  return {
    changes: { isPremium: true, ...(replaced ? { replacedCanvasId: replaced } : {}) },
    events: [{ type: 'canvas.upgraded', data: { replacedCanvasId: replaced } }],
  }
}
