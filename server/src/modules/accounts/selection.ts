/**
 * The comments an export may send: each named id is looked up with the caller's rights on its canvas. One
 * the caller cannot see, or on a canvas whose exports the caller may not use, is skipped with the reason;
 * the rest come with their canvas and the task content built from them.
 */
import { annotations, canvasAssets } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { inArray } from 'drizzle-orm'
import type { TaskContent } from '../../connectors/types'
import type { AppContext } from '../../context'
import { can } from '../../policy'
import type { CommentCanvas } from '../annotations/canvas-access'
import { annotationsJson } from '../annotations/json-sql'
import type { AnnotationJson } from '../annotations/json-types'
import { canvasFor } from '../annotations/load'
import type { Actor } from '../auth/actor'
import { taskContent } from './task-content'

export interface ExportItem {
  annotation: AnnotationJson
  canvas: CommentCanvas
  content: TaskContent
}

export interface SkippedItem {
  annotationId: string
  message: string
}

export async function loadExportable(
  context: AppContext,
  actor: Actor,
  request: Request | undefined,
  annotationIds: readonly string[],
): Promise<{ items: ExportItem[]; skipped: SkippedItem[] }> {
  const db = context.database.db
  const ids = [...new Set(annotationIds)]
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: annotations.id, canvasId: annotations.canvasId })
          .from(annotations)
          .where(inArray(annotations.id, ids))
  const canvasOf = new Map(rows.map((row) => [row.id, row.canvasId]))
  const byCanvas = new Map<string, string[]>()
  for (const id of ids) {
    const canvasId = canvasOf.get(id)
    if (canvasId) byCanvas.set(canvasId, [...(byCanvas.get(canvasId) ?? []), id])
  }
  const found = new Map<string, ExportItem>()
  const reasons = new Map<string, string>()
  for (const [canvasId, canvasIds] of byCanvas) {
    let canvas: CommentCanvas
    try {
      canvas = await canvasFor({ context, db, actor, request }, canvasId)
    } catch (error) {
      if (error instanceof NotFound) continue
      throw error
    }
    if (!can(actor, 'comment.markExported', canvas.domain)) {
      for (const id of canvasIds) reasons.set(id, 'Comments of this canvas cannot be exported on your plan.')
      continue
    }
    const json = await annotationsJson(db, {
      annotationIds: canvasIds,
      includePrivate: canvas.privateComments,
    })
    const assetIds = [...json.values()].map((a) => a.CanvasAssetId).filter((id): id is string => !!id)
    const assets =
      assetIds.length === 0
        ? []
        : await db
            .select({ id: canvasAssets.id, type: canvasAssets.type })
            .from(canvasAssets)
            .where(inArray(canvasAssets.id, [...new Set(assetIds)]))
    const assetType = new Map(assets.map((asset) => [asset.id, asset.type as string]))
    for (const annotation of json.values()) {
      const content = taskContent({
        annotation,
        canvas: { title: canvas.canvas.title, subdomain: canvas.canvas.subdomain, type: canvas.canvas.type },
        assetType: annotation.CanvasAssetId ? (assetType.get(annotation.CanvasAssetId) ?? null) : null,
        publicUrl: context.config.publicUrl,
      })
      found.set(annotation.id, { annotation, canvas, content })
    }
  }
  const items: ExportItem[] = []
  const skipped: SkippedItem[] = []
  for (const id of ids) {
    const item = found.get(id)
    if (item) items.push(item)
    else skipped.push({ annotationId: id, message: reasons.get(id) ?? 'Comment not found.' })
  }
  return { items, skipped }
}
