/**
 * ClickUp, the list-task tool: a task per comment in the chosen list, or a subtask of the chosen task
 * (`parent`). Auto-sync adds replies as task comments and reads the task's status back (a status of type
 * `closed` or `done` counts as done). REST over fetch at CLICKUP_API_URL with the personal token as the
 * `Authorization` header, as ClickUp expects (no "Bearer").
 */
import { markdownBody } from '../content'
import { createToolHttp, type FetchLike } from '../http'
import { type Connector, type ToolCredentials, ToolError } from '../types'

export interface ClickUpOptions {
  baseUrl: string
  fetch?: FetchLike
  sleep?: (ms: number) => Promise<void>
}

interface Named {
  id: string
  name: string
}

export function createClickUpConnector(options: ClickUpOptions): Connector {
  const call = createToolHttp({ label: 'ClickUp', fetch: options.fetch, sleep: options.sleep })
  const base = options.baseUrl.replace(/\/$/, '')
  const get = <T>(credentials: ToolCredentials, path: string) =>
    call<T>({ url: `${base}${path}`, headers: { authorization: credentials.token } })
  const named = (items: Named[]) => items.map(({ id, name }) => ({ id: String(id), name }))
  const enc = encodeURIComponent

  return {
    type: 'clickup',
    label: 'ClickUp',
    fields: [
      { name: 'teamId', label: 'Workspace', dependsOn: [], sent: false },
      { name: 'spaceId', label: 'Space', dependsOn: ['teamId'], sent: true },
      { name: 'listId', label: 'List', dependsOn: ['spaceId'], sent: true },
      { name: 'taskId', label: 'Parent task', dependsOn: ['listId'], sent: true, optional: true },
    ],
    async verify(credentials) {
      const me = await get<{ user: { username?: string; email?: string } }>(credentials, '/user')
      return { accountName: me.user.username || me.user.email || 'ClickUp account' }
    },
    async choices(credentials, field, picked) {
      if (field === 'teamId') return named((await get<{ teams: Named[] }>(credentials, '/team')).teams)
      if (field === 'spaceId' && picked.teamId) {
        return named(
          (await get<{ spaces: Named[] }>(credentials, `/team/${enc(picked.teamId)}/space?archived=false`))
            .spaces,
        )
      }
      if (field === 'listId' && picked.spaceId) {
        const space = enc(picked.spaceId)
        const loose = await get<{ lists: Named[] }>(credentials, `/space/${space}/list?archived=false`)
        const folders = await get<{ folders: (Named & { lists: Named[] })[] }>(
          credentials,
          `/space/${space}/folder?archived=false`,
        )
        const inFolders = folders.folders.flatMap((folder) =>
          folder.lists.map((list) => ({ id: String(list.id), name: `${folder.name} / ${list.name}` })),
        )
        return [...named(loose.lists), ...inFolders]
      }
      if (field === 'taskId' && picked.listId) {
        return named((await get<{ tasks: Named[] }>(credentials, `/list/${enc(picked.listId)}/task`)).tasks)
      }
      return []
    },
    async createTask(credentials, destination, content) {
      if (!destination.listId) throw new ToolError('rejected', 'Choose a ClickUp list.')
      const task = await call<{ id: string; url?: string }>({
        method: 'POST',
        url: `${base}/list/${enc(destination.listId)}/task`,
        headers: { authorization: credentials.token },
        body: {
          name: content.title,
          markdown_description: markdownBody(content),
          tags: content.labels.map((label) => label.toLowerCase()),
          ...(destination.taskId ? { parent: destination.taskId } : {}),
        },
      })
      return { id: task.id, url: task.url ?? null }
    },
    async addTaskComment(credentials, taskId, text) {
      await call({
        method: 'POST',
        url: `${base}/task/${enc(taskId)}/comment`,
        headers: { authorization: credentials.token },
        body: { comment_text: text, notify_all: false },
      })
    },
    async taskStatuses(credentials, taskIds) {
      const statuses = []
      for (const taskId of taskIds) {
        const task = await get<{ id: string; status: { status: string; type: string } }>(
          credentials,
          `/task/${enc(taskId)}`,
        )
        statuses.push({
          taskId,
          status: task.status.status,
          done: task.status.type === 'closed' || task.status.type === 'done',
        })
      }
      return statuses
    },
  }
}
