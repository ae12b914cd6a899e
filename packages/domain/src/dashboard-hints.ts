/**
 * What a dashboard hint may say (decision 054): the kind of change, never a title, a name or a comment.
 * Shared by the server that sends hints and the clients that read them, so the two lists cannot drift.
 */

/** What happened to a canvas, as a dashboard hint tells it. */
export type DashboardHintKind =
  | 'created'
  | 'renamed'
  | 'moved'
  | 'deleted'
  | 'archived'
  | 'updated'
  | 'activity'

/** What happened to a project (folder), as a dashboard hint tells it. */
export type ProjectHintKind = 'created' | 'renamed' | 'moved' | 'shared' | 'deleted' | 'updated'
