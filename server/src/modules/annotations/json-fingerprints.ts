import type { DbOrTx } from '@pinpoint/db'
import { sql } from 'drizzle-orm'
import { rowsOf } from './db-rows'
import { type AnnotationSelection, selectionWhere } from './json-statement'

/** An annotation's place in the list and the fingerprint of everything its JSON is made of. */
export interface AnnotationFingerprint {
  id: string
  fingerprint: string
}

/**
 * The selected annotations in list order (creation time, then id), each with a fingerprint that changes
 * whenever its JSON may change: the sorted transaction ids (`xmin`) of the rows its JSON is made of (the
 * annotation, its assignee, its label links and labels, its files, and its replies and their files, within
 * the same privacy filter as the JSON). Any insert or update gives a row the id of a transaction that is
 * newer than every row a cached fragment was built from, and a delete removes an entry, so an unchanged
 * fingerprint means an unchanged fragment. Cheap: no text of the comments is read or sent.
 */
export async function annotationFingerprints(
  db: DbOrTx,
  selection: AnnotationSelection,
): Promise<AnnotationFingerprint[]> {
  const withReplies = selection.withReplies ?? true
  const replies = withReplies
    ? sql.raw(`,
    r as materialized (
      select r.id, r.annotation_id, r.xmin from annotation_replies r join a on a.id = r.annotation_id
      ${selection.includePrivate ? '' : 'where not r.is_private'})`)
    : sql``
  const replyParts = withReplies
    ? sql.raw(`
      union all select r.annotation_id, r.xmin::text from r
      union all select r.annotation_id, f.xmin::text from file_attachments f join r on r.id = f.reply_id`)
    : sql``
  return rowsOf<AnnotationFingerprint>(
    db,
    sql`
    with a as materialized (
      select a.id, a.xmin, a.created_at, a.assigned_user_id from annotations a where ${selectionWhere(selection)})${replies},
    parts as (
      select al.annotation_id as p, al.xmin::text as v from annotation_labels al join a on a.id = al.annotation_id
      union all select al.annotation_id, lb.xmin::text
        from annotation_labels al join a on a.id = al.annotation_id join labels lb on lb.id = al.label_id
      union all select f.annotation_id, f.xmin::text
        from file_attachments f join a on a.id = f.annotation_id where f.reply_id is null${replyParts}),
    g as (select p, string_agg(v, ',' order by v collate "C") as v from parts group by p)
    select a.id, a.xmin::text || '|' || coalesce(u.xmin::text, '') || '|' || coalesce(g.v, '') as fingerprint
    from a left join users u on u.id = a.assigned_user_id left join g on g.p = a.id
    order by a.created_at, a.id`,
  )
}
