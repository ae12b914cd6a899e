/**
 * POST /canvases/{id}/annotations/export.csv: the canvas's comments (all, or the ids the sidebar's current
 * filter shows) as a CSV file, in the order asked for. Exports are a plan feature (SPEC 6); only comments
 * the caller may see are written; the written ones are marked exported like any other export.
 */

import type { AppContext } from '../../context'
import { authorize } from '../../policy'
import { loadExportable } from '../accounts/selection'
import { absolute } from '../accounts/task-content'
import { markAnnotationsExported } from '../annotations/bulk'
import { annotationsJson } from '../annotations/json-sql'
import type { AnnotationJson } from '../annotations/json-types'
import { canvasFor } from '../annotations/load'
import type { Actor } from '../auth/actor'
import { type CsvRow, commentsCsv } from './csv'

export async function exportCommentsCsv(
  context: AppContext,
  actor: Actor,
  request: Request | undefined,
  canvasId: string,
  annotationIds: string[] | undefined,
): Promise<{ csv: string; filename: string; count: number }> {
  const db = context.database.db
  const canvas = await canvasFor({ context, db, actor, request }, canvasId)
  authorize(
    actor,
    'comment.markExported',
    canvas.domain,
    'Exporting comments needs a team on a plan other than team49.',
  )
  let ids = annotationIds
  if (!ids) {
    const all = await annotationsJson(db, {
      canvasId,
      includePrivate: canvas.privateComments,
      withReplies: false,
    })
    ids = [...all.values()]
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map((annotation) => annotation.id)
  }
  const { items } = await loadExportable(context, actor, request, ids)
  const onCanvas = items.filter((item) => item.canvas.canvas.id === canvasId)
  const exported = await markAnnotationsExported(
    { context, actor, request },
    canvasId,
    onCanvas.map((item) => item.annotation.id),
  )
  const exportedAt = new Map(exported.map((a) => [a.id, a.lastExportDate]))
  const rows: CsvRow[] = onCanvas.map(({ annotation, content }) =>
    toRow(annotation, content, exportedAt, context.config.publicUrl),
  )
  const slug =
    canvas.canvas.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'canvas'
  return { csv: commentsCsv(rows), filename: `${slug}-comments.csv`, count: rows.length }
}

function toRow(
  annotation: AnnotationJson,
  content: {
    link: string
    location: string | null
    comment: string
    labels: string[]
    assignee: string | null
  },
  exportedAt: Map<string, string | null>,
  publicUrl: string,
): CsvRow {
  return {
    id: annotation.id,
    link: content.link,
    'page/path': content.location ?? '',
    comment: content.comment,
    author: annotation.userName,
    status: annotation.status,
    labels: content.labels.join(', '),
    assignee: content.assignee ?? '',
    created: annotation.createdAt,
    replies: annotation.AnnotationReplies?.length ?? 0,
    'exported date': exportedAt.get(annotation.id) ?? annotation.lastExportDate ?? '',
    screenshot: annotation.screenshotUrl ? absolute(publicUrl, annotation.screenshotUrl) : '',
    'screenshot after': annotation.afterScreenshotUrl
      ? absolute(publicUrl, annotation.afterScreenshotUrl)
      : '',
  }
}
