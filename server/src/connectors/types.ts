/**
 * The one interface every task tool sits behind (decision 045). A connector knows its tool's API and
 * nothing of ours: it checks credentials, lists where a task can go (boards, lists, projects, ...), creates
 * one task from a comment, and (for auto-sync) adds a comment to a task and reads task statuses back.
 * Errors come out as `ToolError`s with a kind the caller acts on: reconnect, rate-limited, rejected.
 */

/** The task tools of SPEC 2 by kind: card-board, board-and-group, workspace-task, issue tracker, list-task. */
export const TOOL_TYPES = ['trello', 'monday', 'asana', 'jira', 'clickup'] as const
export type ToolType = (typeof TOOL_TYPES)[number]

export interface ToolCredentials {
  token: string
  /** Issue tracker only: the account's user name (Cloud: its e-mail). */
  username?: string
  /** Issue tracker only: the site's base URL (Cloud or a self-hosted server). */
  url?: string
  /** Filled by `verify` for tools with variants (Jira: cloud or server), kept with the credentials. */
  variant?: string
}

/** Everything a task says about one comment; connectors lay it out in their tool's format. */
export interface TaskContent {
  annotationId: string
  /** First line of the comment (mentions shown as names), at most 120 characters. */
  title: string
  /** The whole comment, mentions shown as names. */
  comment: string
  /** Back to the comment in Pinpoint: /link/{subdomain}/comment/{id}/. */
  link: string
  canvasTitle: string
  /** "Page /pricing", "PDF page 3", "Video 1:05", or null. */
  location: string | null
  /** "Desktop, window 1440×900", or null when the comment has no window size. */
  device: string | null
  author: string
  status: string
  labels: string[]
  assignee: string | null
  /** Attachment and screenshot links (name and absolute URL). */
  files: { name: string; url: string }[]
}

/** Where a task goes, the SPEC's fields per tool (listId, boardId + groupId, projectId, ...). */
export type Destination = Record<string, string | null | undefined>

export interface CreatedTask {
  id: string
  url: string | null
}

/** One step of picking a destination in the export panel. */
export interface DestinationField {
  /** Field of the sync call it fills (listId, boardId, ...), or a step only used to narrow (e.g. board). */
  name: string
  label: string
  /** Earlier fields whose value this field's choices depend on. */
  dependsOn: string[]
  /** May be left empty (Asana's section 'none', a parent task). */
  optional?: boolean
  /** Part of the sync body (false for narrowing steps such as Trello's board). */
  sent: boolean
}

export interface Choice {
  id: string
  name: string
}

/** A task status read back from the tool, for auto-sync. */
export interface TaskStatus {
  taskId: string
  /** The tool's own status text. */
  status: string
  /** True when the tool counts the task as done. */
  done: boolean
}

export interface Connector {
  type: ToolType
  /** Name shown in the interface. */
  label: string
  /** Checks the credentials against the tool; answers whose they are (and the variant, if any). */
  verify(credentials: ToolCredentials): Promise<{ accountName: string; variant?: string }>
  fields: DestinationField[]
  /** Choices for `field`, given the values picked so far. */
  choices(credentials: ToolCredentials, field: string, picked: Destination): Promise<Choice[]>
  /** Throws a ToolError of kind 'rejected' naming what is missing. */
  createTask(
    credentials: ToolCredentials,
    destination: Destination,
    content: TaskContent,
  ): Promise<CreatedTask>
  /** Auto-sync: a reply becomes a comment on the task. */
  addTaskComment?(credentials: ToolCredentials, taskId: string, text: string): Promise<void>
  /** Auto-sync: current statuses of these tasks. */
  taskStatuses?(credentials: ToolCredentials, taskIds: string[]): Promise<TaskStatus[]>
}

export type ToolErrorKind = 'reconnect' | 'rate-limited' | 'rejected' | 'unreachable'

export class ToolError extends Error {
  override name = 'ToolError'
  constructor(
    readonly kind: ToolErrorKind,
    message: string,
    /** For rate-limited: when the tool says to try again. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
  }
}
