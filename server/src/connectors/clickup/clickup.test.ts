/** Contract of the ClickUp connector against the fake: header auth, paths, task body, parent, errors. */
import { afterAll, describe, expect, test } from 'bun:test'
import { noSleep, sampleContent } from '../testing'
import type { ToolError } from '../types'
import { createClickUpConnector } from './connector'
import { CLICKUP_FAKE, startFakeClickUp } from './fake'

const fake = startFakeClickUp()
afterAll(() => fake.stop())
const clickup = createClickUpConnector({ baseUrl: `${fake.url}/api/v2`, sleep: noSleep })
const credentials = { token: CLICKUP_FAKE.token }

describe('ClickUp connector', () => {
  test('verify and the destination steps (loose lists and lists in folders)', async () => {
    expect(await clickup.verify(credentials)).toEqual({ accountName: 'Cleo ClickUp' })
    expect(fake.last().headers.authorization).toBe(CLICKUP_FAKE.token)
    expect(await clickup.choices(credentials, 'teamId', {})).toEqual([{ id: '900', name: 'Agency' }])
    expect(await clickup.choices(credentials, 'spaceId', { teamId: '900' })).toEqual([
      { id: '901', name: 'Clients' },
    ])
    expect(fake.last().path).toBe('/api/v2/team/900/space')
    expect(await clickup.choices(credentials, 'listId', { spaceId: '901' })).toEqual([
      { id: '902', name: 'Inbox' },
      { id: '903', name: 'Acme / Website' },
    ])
  })

  test('a task in the list with markdown and tags; a parent makes a subtask', async () => {
    const task = await clickup.createTask(credentials, { listId: '902', taskId: null }, sampleContent())
    const request = fake.last()
    expect(`${request.method} ${request.path}`).toBe('POST /api/v2/list/902/task')
    const body = request.body as Record<string, unknown>
    expect(body.name).toBe('The logo is blurry')
    expect(body.tags).toEqual(['design', 'urgent'])
    expect(body.parent).toBeUndefined()
    expect(body.markdown_description).toContain('**Assignee:** Ana Designer')
    expect(task).toEqual({ id: task.id, url: `https://app.clickup.com/t/${task.id}` })
    await clickup.createTask(credentials, { listId: '902', taskId: task.id }, sampleContent())
    expect((fake.last().body as Record<string, unknown>).parent).toBe(task.id)
  })

  test('comments and statuses for auto-sync', async () => {
    const { id } = await clickup.createTask(credentials, { listId: '902' }, sampleContent())
    await clickup.addTaskComment?.(credentials, id, 'Bo: looks right now')
    expect(fake.last().body).toEqual({ comment_text: 'Bo: looks right now', notify_all: false })
    fake.setStatus(id, 'complete', 'closed')
    expect(await clickup.taskStatuses?.(credentials, [id])).toEqual([
      { taskId: id, status: 'complete', done: true },
    ])
  })

  test("401 → reconnect with ClickUp's words; 429 → retried after the reset time", async () => {
    const error = (await clickup.verify({ token: 'pk_bad' }).catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('reconnect')
    expect(error.message).toContain('Token invalid')
    fake.failNext('rate-limit')
    const before = fake.requests.length
    expect(await clickup.verify(credentials)).toEqual({ accountName: 'Cleo ClickUp' })
    expect(fake.requests.length - before).toBe(2)
  })
})
