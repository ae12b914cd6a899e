/**
 * Asana, the workspace-task tool: a task per comment in the chosen project (and section; SPEC: 'none' is
 * null), or a subtask of the chosen task. Auto-sync adds replies as task comments (stories) and reads
 * `completed` back. REST over fetch at ASANA_API_URL with the personal access token as a bearer token;
 * bodies are wrapped in `data` as Asana expects.
 */
import { plainBody } from '../content'
import { createToolHttp, type FetchLike } from '../http'
import { type Connector, type ToolCredentials, ToolError } from '../types'

export interface AsanaOptions {
  baseUrl: string
  fetch?: FetchLike
  sleep?: (ms: number) => Promise<void>
}

interface Compact {
  gid: string
  name: string
}

export function createAsanaConnector(options: AsanaOptions): Connector {
  const call = createToolHttp({ label: 'Asana', fetch: options.fetch, sleep: options.sleep })
  const base = options.baseUrl.replace(/\/$/, '')
  const auth = (credentials: ToolCredentials) => ({ authorization: `Bearer ${credentials.token}` })
  const list = async (credentials: ToolCredentials, path: string) =>
    (await call<{ data: Compact[] }>({ url: `${base}${path}`, headers: auth(credentials) })).data.map(
      ({ gid, name }) => ({ id: gid, name }),
    )

  return {
    type: 'asana',
    label: 'Asana',
    fields: [
      { name: 'workspaceId', label: 'Workspace', dependsOn: [], sent: true },
      { name: 'projectId', label: 'Project', dependsOn: ['workspaceId'], sent: true },
      { name: 'sectionId', label: 'Section', dependsOn: ['projectId'], sent: true, optional: true },
      { name: 'taskId', label: 'Parent task', dependsOn: ['projectId'], sent: true, optional: true },
    ],
    async verify(credentials) {
      const me = await call<{ data: { name: string } }>({
        url: `${base}/users/me`,
        headers: auth(credentials),
      })
      return { accountName: me.data.name }
    },
    async choices(credentials, field, picked) {
      const enc = encodeURIComponent
      if (field === 'workspaceId') return list(credentials, '/workspaces')
      if (field === 'projectId' && picked.workspaceId) {
        return list(credentials, `/projects?workspace=${enc(picked.workspaceId)}&archived=false`)
      }
      if (field === 'sectionId' && picked.projectId) {
        return list(credentials, `/projects/${enc(picked.projectId)}/sections`)
      }
      if (field === 'taskId' && picked.projectId) {
        return list(credentials, `/projects/${enc(picked.projectId)}/tasks?completed_since=now`)
      }
      return []
    },
    async createTask(credentials, destination, content) {
      const { workspaceId, projectId, sectionId, taskId } = destination
      if (!taskId && !projectId) throw new ToolError('rejected', 'Choose an Asana project.')
      const fields = { name: content.title, notes: plainBody(content) }
      const data = taskId
        ? fields
        : {
            ...fields,
            workspace: workspaceId ?? undefined,
            projects: [projectId],
            ...(sectionId ? { memberships: [{ project: projectId, section: sectionId }] } : {}),
          }
      const path = taskId ? `/tasks/${encodeURIComponent(taskId)}/subtasks` : '/tasks'
      const created = await call<{ data: { gid: string; permalink_url?: string } }>({
        method: 'POST',
        url: `${base}${path}?opt_fields=permalink_url`,
        headers: auth(credentials),
        body: { data },
      })
      return { id: created.data.gid, url: created.data.permalink_url ?? null }
    },
    async addTaskComment(credentials, taskId, text) {
      await call({
        method: 'POST',
        url: `${base}/tasks/${encodeURIComponent(taskId)}/stories`,
        headers: auth(credentials),
        body: { data: { text } },
      })
    },
    async taskStatuses(credentials, taskIds) {
      const statuses = []
      for (const taskId of taskIds) {
        const task = await call<{ data: { gid: string; completed: boolean } }>({
          url: `${base}/tasks/${encodeURIComponent(taskId)}?opt_fields=completed`,
          headers: auth(credentials),
        })
        const done = task.data.completed
        statuses.push({ taskId, status: done ? 'completed' : 'incomplete', done })
      }
      return statuses
    },
  }
}
