/**
 * A fake Asana API: users/me, workspaces, projects, sections, tasks (create, subtasks, stories, read), with
 * Asana's `{ data }` envelopes, its 401 ("Not Authorized") and its 429 with Retry-After. `complete(gid)`
 * ticks a task off as a user would in Asana, for the auto-sync tests.
 */
import { type FakeTool, startFakeTool } from '../fake-server'

export const ASANA_FAKE = { token: 'fake-asana-pat' }

export interface FakeAsana extends FakeTool {
  tasks: Map<string, { gid: string; name: string; notes: string; completed: boolean; stories: string[] }>
  complete(gid: string, completed?: boolean): void
}

export function startFakeAsana(port?: number): FakeAsana {
  let next = 1200
  const tasks: FakeAsana['tasks'] = new Map()
  const create = (data: { name: string; notes: string }) => {
    const gid = String(next++)
    tasks.set(gid, { gid, name: data.name, notes: data.notes, completed: false, stories: [] })
    return { body: { data: { gid, permalink_url: `https://app.asana.com/0/0/${gid}` } } }
  }
  const fake = startFakeTool({
    port,
    authorized: (request) => request.headers.authorization === `Bearer ${ASANA_FAKE.token}`,
    unauthorized: { body: { errors: [{ message: 'Not Authorized' }] } },
    rateLimited: {
      body: { errors: [{ message: 'You have made too many requests recently. Please, be chill.' }] },
      headers: { 'retry-after': '1' },
    },
    routes: [
      {
        method: 'GET',
        path: '/users/me',
        answer: () => ({ body: { data: { gid: '1', name: 'Asa Asana' } } }),
      },
      {
        method: 'GET',
        path: '/workspaces',
        answer: () => ({ body: { data: [{ gid: 'w1', name: 'Agency' }] } }),
      },
      {
        method: 'GET',
        path: '/projects',
        answer: () => ({ body: { data: [{ gid: 'p1', name: 'Website' }] } }),
      },
      {
        method: 'GET',
        path: '/projects/:id/sections',
        answer: () => ({ body: { data: [{ gid: 's1', name: 'Feedback' }] } }),
      },
      {
        method: 'GET',
        path: '/projects/:id/tasks',
        answer: () => ({ body: { data: [...tasks.values()].map(({ gid, name }) => ({ gid, name })) } }),
      },
      {
        method: 'POST',
        path: '/tasks',
        answer: (r) => create((r.body as { data: { name: string; notes: string } }).data),
      },
      {
        method: 'POST',
        path: '/tasks/:id/subtasks',
        answer: (r) => create((r.body as { data: { name: string; notes: string } }).data),
      },
      {
        method: 'POST',
        path: '/tasks/:id/stories',
        answer: (r, { id = '' }) => {
          const task = tasks.get(id)
          if (!task) return { status: 404, body: { errors: [{ message: 'task: Not Found' }] } }
          task.stories.push((r.body as { data: { text: string } }).data.text)
          return { status: 201, body: { data: { gid: String(next++) } } }
        },
      },
      {
        method: 'GET',
        path: '/tasks/:id',
        answer: (_r, { id = '' }) => {
          const task = tasks.get(id)
          if (!task) return { status: 404, body: { errors: [{ message: 'task: Not Found' }] } }
          return { body: { data: { gid: task.gid, completed: task.completed } } }
        },
      },
    ],
  })
  return {
    ...fake,
    tasks,
    complete(gid, completed = true) {
      const task = tasks.get(gid)
      if (task) task.completed = completed
    },
  }
}
