/**
 * A fake ClickUp API v2: user, teams, spaces, lists (loose and in folders), tasks (create, read, comment),
 * its 401 `{ err, ECODE }` and its 429 with X-RateLimit-Reset. `setStatus(id, status, type)` changes a task
 * as a user would in ClickUp, for the auto-sync tests.
 */
import { type FakeTool, startFakeTool } from '../fake-server'

export const CLICKUP_FAKE = { token: 'pk_fake_clickup' }

export interface FakeClickUp extends FakeTool {
  tasks: Map<
    string,
    { id: string; name: string; status: { status: string; type: string }; comments: string[] }
  >
  setStatus(id: string, status: string, type: string): void
}

export function startFakeClickUp(port?: number): FakeClickUp {
  let next = 1
  const tasks: FakeClickUp['tasks'] = new Map()
  const fake = startFakeTool({
    port,
    authorized: (request) => request.headers.authorization === CLICKUP_FAKE.token,
    unauthorized: { body: { err: 'Token invalid', ECODE: 'OAUTH_025' } },
    rateLimited: {
      body: { err: 'Rate limit reached', ECODE: 'APP_002' },
      headers: { 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) },
    },
    routes: [
      {
        method: 'GET',
        path: '/api/v2/user',
        answer: () => ({ body: { user: { id: 7, username: 'Cleo ClickUp' } } }),
      },
      {
        method: 'GET',
        path: '/api/v2/team',
        answer: () => ({ body: { teams: [{ id: '900', name: 'Agency' }] } }),
      },
      {
        method: 'GET',
        path: '/api/v2/team/:id/space',
        answer: () => ({ body: { spaces: [{ id: '901', name: 'Clients' }] } }),
      },
      {
        method: 'GET',
        path: '/api/v2/space/:id/list',
        answer: () => ({ body: { lists: [{ id: '902', name: 'Inbox' }] } }),
      },
      {
        method: 'GET',
        path: '/api/v2/space/:id/folder',
        answer: () => ({
          body: { folders: [{ id: '910', name: 'Acme', lists: [{ id: '903', name: 'Website' }] }] },
        }),
      },
      {
        method: 'GET',
        path: '/api/v2/list/:id/task',
        answer: () => ({ body: { tasks: [...tasks.values()].map(({ id, name }) => ({ id, name })) } }),
      },
      {
        method: 'POST',
        path: '/api/v2/list/:id/task',
        answer: (request) => {
          const id = `86a${next++}`
          const name = (request.body as { name: string }).name
          tasks.set(id, { id, name, status: { status: 'to do', type: 'open' }, comments: [] })
          return { body: { id, name, url: `https://app.clickup.com/t/${id}` } }
        },
      },
      {
        method: 'GET',
        path: '/api/v2/task/:id',
        answer: (_r, { id = '' }) => {
          const task = tasks.get(id)
          return task ? { body: task } : { status: 404, body: { err: 'Task not found', ECODE: 'ITEM_013' } }
        },
      },
      {
        method: 'POST',
        path: '/api/v2/task/:id/comment',
        answer: (request, { id = '' }) => {
          const task = tasks.get(id)
          if (!task) return { status: 404, body: { err: 'Task not found', ECODE: 'ITEM_013' } }
          task.comments.push((request.body as { comment_text: string }).comment_text)
          return { body: { id: next++, date: Date.now() } }
        },
      },
    ],
  })
  return {
    ...fake,
    tasks,
    setStatus(id, status, type) {
      const task = tasks.get(id)
      if (task) task.status = { status, type }
    },
  }
}
