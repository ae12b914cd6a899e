/** Contract of the Asana connector against the fake: paths, bearer auth, data bodies, section null, subtasks. */
import { afterAll, describe, expect, test } from 'bun:test'
import { noSleep, sampleContent } from '../testing'
import { ToolError } from '../types'
import { createAsanaConnector } from './connector'
import { ASANA_FAKE, startFakeAsana } from './fake'

const fake = startFakeAsana()
afterAll(() => fake.stop())
const asana = createAsanaConnector({ baseUrl: fake.url, sleep: noSleep })
const credentials = { token: ASANA_FAKE.token }

describe('Asana connector', () => {
  test('verify and the destination steps', async () => {
    expect(await asana.verify(credentials)).toEqual({ accountName: 'Asa Asana' })
    expect(fake.last().headers.authorization).toBe(`Bearer ${ASANA_FAKE.token}`)
    expect(await asana.choices(credentials, 'workspaceId', {})).toEqual([{ id: 'w1', name: 'Agency' }])
    await asana.choices(credentials, 'projectId', { workspaceId: 'w1' })
    expect(fake.last().query).toEqual({ workspace: 'w1', archived: 'false' })
    expect(await asana.choices(credentials, 'sectionId', { projectId: 'p1' })).toEqual([
      { id: 's1', name: 'Feedback' },
    ])
    expect(fake.last().path).toBe('/projects/p1/sections')
  })

  test('a task in the project and section', async () => {
    const task = await asana.createTask(
      credentials,
      { workspaceId: 'w1', projectId: 'p1', sectionId: 's1', taskId: null },
      sampleContent(),
    )
    const request = fake.last()
    expect(`${request.method} ${request.path}`).toBe('POST /tasks')
    expect(request.query).toEqual({ opt_fields: 'permalink_url' })
    const data = (request.body as { data: Record<string, unknown> }).data
    expect(data.name).toBe('The logo is blurry')
    expect(data.workspace).toBe('w1')
    expect(data.projects).toEqual(['p1'])
    expect(data.memberships).toEqual([{ project: 'p1', section: 's1' }])
    expect(data.notes).toContain('Comment in Pinpoint: http://localhost:3000/link/abc123/comment/ann1/')
    expect(data.notes).toContain('Where: Page /pricing')
    expect(task).toEqual({ id: task.id, url: `https://app.asana.com/0/0/${task.id}` })
  })

  test("section 'none' (null) sends no membership; a task id makes a subtask", async () => {
    await asana.createTask(
      credentials,
      { workspaceId: 'w1', projectId: 'p1', sectionId: null },
      sampleContent(),
    )
    expect((fake.last().body as { data: Record<string, unknown> }).data.memberships).toBeUndefined()
    const parent = [...fake.tasks.keys()][0] ?? ''
    await asana.createTask(credentials, { projectId: 'p1', taskId: parent }, sampleContent())
    const request = fake.last()
    expect(`${request.method} ${request.path}`).toBe(`POST /tasks/${parent}/subtasks`)
    expect(Object.keys((request.body as { data: object }).data).sort()).toEqual(['name', 'notes'])
  })

  test('stories and completed status for auto-sync', async () => {
    const { id } = await asana.createTask(credentials, { projectId: 'p1' }, sampleContent())
    await asana.addTaskComment?.(credentials, id, 'Bo: done on staging')
    expect(fake.last().body).toEqual({ data: { text: 'Bo: done on staging' } })
    fake.complete(id)
    expect(await asana.taskStatuses?.(credentials, [id])).toEqual([
      { taskId: id, status: 'completed', done: true },
    ])
  })

  test('401 → reconnect, 429 → retried, then rate-limited with the wait', async () => {
    const error = (await asana.verify({ token: 'x' }).catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('reconnect')
    expect(error.message).toContain('Not Authorized')
    fake.failNext('rate-limit')
    expect(await asana.verify(credentials)).toEqual({ accountName: 'Asa Asana' })
    fake.failNext('rate-limit', 3)
    const limited = (await asana.verify(credentials).catch((e: unknown) => e)) as ToolError
    expect(limited).toBeInstanceOf(ToolError)
    expect(limited.kind).toBe('rate-limited')
  })
})
