/** Writes annotation JSON text from the statement's flat rows (numbers and dates as PostgreSQL prints them). */
import type { FlatRow } from './json-statement'

/** A string or null as JSON. */
const str = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value))
const bool = (value: string | null): string =>
  value === null ? 'null' : value === 't' || value === 'true' ? 'true' : 'false'
/** PostgreSQL's rule for numbers in JSON: its own text when that is a valid JSON number, else a string. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const num = (value: string | null): string =>
  value === null ? 'null' : JSON_NUMBER.test(value) ? value : JSON.stringify(value)

export function fileJson(row: FlatRow): string {
  return `{"id":${str(row.id)},"AnnotationId":${str(row.c1)},"AnnotationReplyId":${str(row.c2)},"name":${str(row.c3)},"mimeType":${str(row.c4)},"sizeBytes":${num(row.c5)},"url":${str(`/api/v1/annotations/${row.c7}/file-attachments/${row.id}`)},"createdAt":${str(row.c6)}}`
}

/** Orders rows by creation time, then id (what `order by created_at, id` gives). */
export function byCreation(a: FlatRow, b: FlatRow): number {
  if (a.s !== b.s) return a.s < b.s ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

function sorted(rows: FlatRow[] | undefined): FlatRow[] {
  if (!rows) return []
  if (rows.length > 1) rows.sort(byCreation)
  return rows
}

export function annotationJson(
  row: FlatRow,
  labels: FlatRow[] | undefined,
  files: FlatRow[] | undefined,
  replies: FlatRow[] | undefined,
  replyFiles: Map<string, FlatRow[]>,
  withReplies: boolean,
): string {
  const own = sorted(files)
  const assigned =
    row.c17 === null ? 'null' : `{"id":${str(row.c17)},"name":${str(row.c18)},"avatarUrl":${str(row.c19)}}`
  const labelList = sorted(labels)
    .map((label) => `{"id":${str(label.id)},"name":${str(label.c1)},"color":${str(label.c2)}}`)
    .join(',')
  let thread = ''
  if (withReplies) {
    const list = sorted(replies).map(
      (reply) =>
        `{"id":${str(reply.id)},"AnnotationId":${str(reply.p)},"UserId":${str(reply.c1)},"userName":${str(reply.c2)},"comment":${str(reply.c3)},"isPrivate":${bool(reply.c4)},"FileAttachments":[${sorted(replyFiles.get(reply.id)).map(fileJson).join(',')}],"createdAt":${str(reply.c5)},"updatedAt":${str(reply.c6)},"editedAt":${str(reply.c7)}}`,
    )
    thread = `"AnnotationReplies":[${list.join(',')}],`
  }
  return `{"id":${str(row.id)},"CanvasId":${str(row.c1)},"CanvasRevisionId":${str(row.c2)},"CanvasAssetId":${str(row.c3)},"canvasAssetPageIndex":${num(row.c4)},"UserId":${str(row.c5)},"userName":${str(row.c6)},"comment":${str(row.c7)},"path":${str(row.c8)},"isPrivate":${bool(row.c9)},"status":${str(row.c10)},"inactiveReason":${str(row.c11)},"metadata":${row.c12 ?? 'null'},"x":${num(row.c13)},"y":${num(row.c14)},"videoTime":${num(row.c15)},"assignedUserId":${str(row.c16)},"assignedUser":${assigned},"Labels":[${labelList}],"lastExportDate":${str(row.c20)},"textContentBefore":${str(row.c21)},"textContentAfter":${str(row.c22)},"screenshotUrl":${str(row.c23)},"afterScreenshotUrl":${str(row.c24)},${thread}"FileAttachments":[${own.map(fileJson).join(',')}],"numFileAttachments":${own.length},"createdAt":${str(row.c25)},"updatedAt":${str(row.c26)},"editedAt":${str(row.c27)}}`
}

export function push(map: Map<string, FlatRow[]>, key: string, row: FlatRow): void {
  const list = map.get(key)
  if (list) list.push(row)
  else map.set(key, [row])
}
