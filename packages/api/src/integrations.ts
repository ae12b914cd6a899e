/**
 * Connected accounts, export sync, webhook log, auto-sync and CSV export (SPEC 7 "Connected accounts",
 * "Annotations: export sync"), typed for the settings page, the review screen's export panels and the
 * dashboard's export dialog. Credentials are sent, never read back.
 */
import type { ApiClient, RequestOptions } from './client'

type Opts = Omit<RequestOptions, 'body'>

export type TaskToolType = 'trello' | 'monday' | 'asana' | 'jira' | 'clickup'
export type AccountType = TaskToolType | 'webhook'

export type ConnectedAccount = {
  type: AccountType
  accountName: string | null
  /** connected, or reconnect after the tool refused the credentials. */
  status: 'connected' | 'reconnect'
  lastError: string | null
  createdAt: string
}

export type DestinationField = {
  name: string
  label: string
  dependsOn: string[]
  optional?: boolean
  /** Part of the sync body (false for a step that only narrows the next choices). */
  sent: boolean
}

export type ToolInfo = { type: TaskToolType; label: string; fields: DestinationField[] }

export type AutoSyncView = {
  id: string
  canvasId: string
  type: string
  workspaceId: string | null
  spaceId: string | null
  projectId: string | null
  listId: string | null
  sectionId: string | null
  taskId: string | null
  syncStatus: 'idle' | 'syncing' | 'synced' | 'failed'
  status: string
  lastError: string | null
  lastSyncedAt: string | null
}

export type AccountsView = {
  accounts: ConnectedAccount[]
  tools: ToolInfo[]
  autoSyncs: AutoSyncView[]
  /** SPEC 6: exports need a team on a plan other than team49. */
  exportsAllowed: boolean
}

export type SyncResult = {
  annotationId: string
  status: 'created' | 'failed' | 'skipped'
  message?: string
  taskId?: string
  taskUrl?: string | null
  reason?: string
}

/** The comments marked exported by this call (their full JSON; `lastExportDate` now set). */
export type SyncResponse = {
  results: SyncResult[]
  annotations: Array<{ id: string; lastExportDate: string | null }>
}

export type WebhookTry = {
  at: string
  statusCode: number | null
  durationMs: number
  responseExcerpt: string
}

export type WebhookDelivery = {
  id: string
  webhookId: string
  eventType: string
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: number
  nextAttemptAt: string | null
  createdAt: string
  tries: WebhookTry[]
}

export type ConnectInput = { token?: string; username?: string; url?: string }

export function createIntegrationEndpoints(api: ApiClient) {
  return {
    /** GET /users/me/accounts. */
    list: (opts?: Opts) => api.get<AccountsView>('/users/me/accounts', opts),
    /** POST /users/me/accounts/{tool}: checked against the tool before it is saved. */
    connect: (type: TaskToolType, body: ConnectInput) =>
      api.post<{ account: ConnectedAccount }>(`/users/me/accounts/${type}`, body),
    /** POST /users/me/accounts/webhook: the whsec_ secret is in this answer only. */
    connectWebhook: (url: string) =>
      api.post<{ account: ConnectedAccount; secret: string }>('/users/me/accounts/webhook', { url }),
    /** DELETE /users/me/accounts/{type}. */
    disconnect: (type: AccountType) => api.delete<unknown>(`/users/me/accounts/${type}`),
    /** Choices of one destination step (boards, lists, projects, ...), given the earlier picks. */
    choices: (type: TaskToolType, field: string, picked: Record<string, string>, opts?: Opts) =>
      api.get<{ choices: { id: string; name: string }[] }>(`/users/me/accounts/${type}/choices`, {
        ...opts,
        query: { field, ...picked },
      }),
    /** POST /users/me/accounts/{tool}/sync: one task (or webhook message) per comment. */
    sync: (type: AccountType, body: { annotationIds: string[] } & Record<string, string | string[] | null>) =>
      api.post<SyncResponse>(`/users/me/accounts/${type}/sync`, body),
    deliveries: (opts?: Opts) =>
      api.get<{ deliveries: WebhookDelivery[] }>('/users/me/accounts/webhook/deliveries', opts),
    sendTestEvent: () => api.post<{ delivery: WebhookDelivery | null }>('/users/me/accounts/webhook/test'),
    /** POST /users/me/accounts/{tool}/auto-sync (Asana, ClickUp, webhook). */
    setAutoSync: (
      type: 'asana' | 'clickup' | 'webhook',
      body: { canvasId: string } & Record<string, string | null>,
    ) => api.post<{ autoSync: AutoSyncView }>(`/users/me/accounts/${type}/auto-sync`, body),
    /** DELETE /users/me/accounts/auto-sync: canvasId. */
    removeAutoSync: (canvasId: string) =>
      api.request<unknown>('DELETE', '/users/me/accounts/auto-sync', { body: { canvasId } }),
    /** The CSV file of a canvas's comments (all, or these ids); they are marked exported. */
    csv: (canvasId: string, annotationIds?: string[]) =>
      api.post<string>(
        `/canvases/${canvasId}/annotations/export.csv`,
        annotationIds ? { annotationIds } : {},
      ),
  }
}

export type IntegrationEndpoints = ReturnType<typeof createIntegrationEndpoints>

/**
 * The CSV export as a file to download. `fetch`'s text() drops the UTF-8 byte-order mark the server sends,
 * and spreadsheet programs need it to read accents and emoji right, so it is put back here.
 */
export function csvBlob(text: string): Blob {
  return new Blob([text.startsWith('\ufeff') ? text : `\ufeff${text}`], { type: 'text/csv;charset=utf-8' })
}
