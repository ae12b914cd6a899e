import { type SQL, sql } from 'drizzle-orm'

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const fileJson = (f: string, annotationId: string) => `json_build_object(
    'id', ${f}.id, 'AnnotationId', ${f}.annotation_id, 'AnnotationReplyId', ${f}.reply_id, 'name', ${f}.name,
    'mimeType', ${f}.mime_type, 'sizeBytes', ${f}.size_bytes,
    'url', '/api/v1/annotations/' || ${annotationId} || '/file-attachments/' || ${f}.id,
    'createdAt', ${iso(`${f}.created_at`)})`

export function v1(canvasId: string, includePrivate: boolean, opts: { orderInAgg?: boolean; replyFiles?: 'probe' | 'none'; rows?: boolean } = {}): SQL {
  const priv = (alias: string) => (includePrivate ? '' : `and not ${alias}.is_private`)
  const replyFiles = opts.replyFiles === 'none' ? `'[]'::json` : `coalesce((select json_agg(${fileJson('rf', 'r.annotation_id')} order by rf.created_at, rf.id)
          from file_attachments rf where rf.reply_id = r.id), '[]'::json)`
  const body = `json_build_object(
    'id', a.id, 'CanvasId', a.canvas_id, 'CanvasRevisionId', a.canvas_revision_id, 'CanvasAssetId', a.canvas_asset_id,
    'canvasAssetPageIndex', a.canvas_asset_page_index, 'UserId', a.user_id, 'userName', a.user_name, 'comment', a.comment,
    'path', a.path, 'isPrivate', a.is_private, 'status', a.status, 'inactiveReason', a.inactive_reason, 'metadata', a.metadata,
    'x', a.x, 'y', a.y, 'videoTime', a.video_time, 'assignedUserId', a.assigned_user_id,
    'assignedUser', (select json_build_object('id', u.id, 'name', u.name, 'avatarUrl', u.avatar_url) from users u where u.id = a.assigned_user_id),
    'Labels', coalesce((select json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color) order by al.created_at, lb.id)
        from annotation_labels al join labels lb on lb.id = al.label_id where al.annotation_id = a.id), '[]'::json),
    'lastExportDate', ${iso('a.last_export_date')},
    'textContentBefore', a.text_content_before, 'textContentAfter', a.text_content_after,
    'screenshotUrl', a.screenshot_url, 'afterScreenshotUrl', a.after_screenshot_url,
    'AnnotationReplies', coalesce((select json_agg(json_build_object(
        'id', r.id, 'AnnotationId', r.annotation_id, 'UserId', r.user_id, 'userName', r.user_name, 'comment', r.comment,
        'isPrivate', r.is_private,
        'FileAttachments', ${replyFiles},
        'createdAt', ${iso('r.created_at')}, 'updatedAt', ${iso('r.updated_at')}) order by r.created_at, r.id)
      from annotation_replies r where r.annotation_id = a.id ${priv('r')}), '[]'::json),
    'FileAttachments', coalesce((select json_agg(${fileJson('f', 'f.annotation_id')} order by f.created_at, f.id)
        from file_attachments f where f.annotation_id = a.id and f.reply_id is null), '[]'::json),
    'numFileAttachments', (select count(*) from file_attachments f where f.annotation_id = a.id and f.reply_id is null),
    'createdAt', ${iso('a.created_at')}, 'updatedAt', ${iso('a.updated_at')})`
  if ((opts as any).rows) {
    return sql`select ${sql.raw(body)}::text as j from annotations a where a.canvas_id = ${canvasId} ${sql.raw(priv('a'))}
      order by a.created_at, a.id`
  }
  if (opts.orderInAgg) {
    return sql`select coalesce(json_agg(${sql.raw(body)} order by a.created_at, a.id), '[]'::json)::text as body
      from annotations a where a.canvas_id = ${canvasId} ${sql.raw(priv('a'))}`
  }
  return sql`select coalesce(json_agg(x.j), '[]'::json)::text as body from (
      select ${sql.raw(body)} as j from annotations a where a.canvas_id = ${canvasId} ${sql.raw(priv('a'))}
      order by a.created_at, a.id) x`
}
