/**
 * Which annotations changed between two versions of a canvas's comment list (decision 052). Every feed
 * event carries the `canvas_versions.version` its transaction bumped to (events/service.ts and the fast
 * write statement), and versions commit in order (the bump's row lock), so the events with a version in
 * (from, to] are exactly the changes between the two lists. Each names its annotations (`annotation_id`,
 * or `data.annotationIds` for bulk changes), as the live clients rely on when they apply it.
 *
 * Answers null when that is not known: a version without events (older rows, or a bump made elsewhere),
 * or an event that names no annotation (an asset deleted with its comments, ...). The caller then falls
 * back to comparing fingerprints.
 */
import { type SQL, sql } from 'drizzle-orm'

/**
 * Columns for the list's version statement (list.ts `listVersion`), so the changes cost no round trip of
 * their own: `cv_versions` (how many versions in (from, current] have events), `cv_named` (whether every
 * such event names its annotations) and `cv_ids` (the named annotation ids, comma-separated).
 */
export function changesSinceColumns(canvasId: string, from: number): SQL {
  const events = sql`(select canvas_version, annotation_id, data from events
    where canvas_id = ${canvasId} and canvas_version > ${from}
      and canvas_version <= (select version from canvas_versions where canvas_id = ${canvasId}))`
  return sql`
    (select count(distinct canvas_version) from ${events} e)::int as cv_versions,
    (select bool_and(annotation_id is not null or jsonb_typeof(data -> 'annotationIds') = 'array')
      from ${events} e) as cv_named,
    (select string_agg(distinct x, ',') from (
      select annotation_id as x from ${events} e where annotation_id is not null
      union all
      select jsonb_array_elements_text(data -> 'annotationIds') from ${events} e
      where jsonb_typeof(data -> 'annotationIds') = 'array') t) as cv_ids`
}

export interface ChangeColumns {
  cv_versions: number | null
  cv_named: boolean | null
  cv_ids: string | null
}

/** The changed annotation ids from those columns, or null when the events do not say. */
export function changedIds(row: ChangeColumns, from: number, to: number): string[] | null {
  if (to < from) return null
  if (to === from) return []
  if (Number(row.cv_versions) !== to - from || row.cv_named !== true) return null
  return row.cv_ids ? row.cv_ids.split(',') : []
}
