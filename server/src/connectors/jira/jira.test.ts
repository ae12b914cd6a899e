/**
 * Contract of the Jira connector against fake Cloud and Server sites: the variant found at connect, the
 * auth and API version each uses, ADF versus wiki descriptions, labels, errors, and the SSRF guard.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { guardedFetch } from '../../platform/security/outbound'
import { noSleep, sampleContent } from '../testing'
import type { ToolError } from '../types'
import { createJiraConnector } from './connector'
import { JIRA_FAKE, startFakeJira } from './fake'

const cloud = startFakeJira('cloud')
const server = startFakeJira('server')
afterAll(async () => {
  await cloud.stop()
  await server.stop()
})
const allowLoopback = guardedFetch({ allowHosts: ['127.0.0.1'], timeoutMs: 5000 })
const jira = createJiraConnector({ fetch: allowLoopback, sleep: noSleep })
const basic = `Basic ${Buffer.from(`${JIRA_FAKE.username}:${JIRA_FAKE.token}`).toString('base64')}`

describe('Jira Cloud', () => {
  const credentials = {
    token: JIRA_FAKE.token,
    username: JIRA_FAKE.username,
    url: cloud.url,
    variant: 'cloud',
  }

  test('connect finds Cloud and reads myself with Basic e-mail:token on v3', async () => {
    expect(await jira.verify({ ...credentials, variant: undefined })).toEqual({
      accountName: 'Jo Jira',
      variant: 'cloud',
    })
    const [info, me] = cloud.requests.slice(-2)
    expect(info?.path).toBe('/rest/api/2/serverInfo')
    expect(me?.path).toBe('/rest/api/3/myself')
    expect(me?.headers.authorization).toBe(basic)
  })

  test('projects from project/search; an issue with an ADF description and dashed labels', async () => {
    expect(await jira.choices(credentials, 'projectId', {})).toEqual([{ id: '10000', name: 'Website (WEB)' }])
    const task = await jira.createTask(
      credentials,
      { projectId: '10000' },
      sampleContent({ labels: ['Needs copy', 'Urgent'] }),
    )
    const request = cloud.last()
    expect(`${request.method} ${request.path}`).toBe('POST /rest/api/3/issue')
    const fields = (request.body as { fields: Record<string, unknown> }).fields
    expect(fields.project).toEqual({ id: '10000' })
    expect(fields.issuetype).toEqual({ name: 'Task' })
    expect(fields.summary).toBe('The logo is blurry')
    expect(fields.labels).toEqual(['Needs-copy', 'Urgent'])
    const doc = fields.description as { type: string; version: number; content: { type: string }[] }
    expect(doc.type).toBe('doc')
    expect(doc.version).toBe(1)
    expect(doc.content.map((node) => node.type)).toEqual(['paragraph', 'paragraph', 'bulletList'])
    expect(JSON.stringify(doc)).toContain(
      '{"type":"link","attrs":{"href":"http://localhost:3000/link/abc123/comment/ann1/"}}',
    )
    expect(task).toEqual({ id: 'WEB-1', url: `${cloud.url}/browse/WEB-1` })
  })

  test("Jira's field errors come back as its message; 401 → reconnect; 429 → retried", async () => {
    const error = (await jira
      .createTask(credentials, { projectId: '999' }, sampleContent())
      .catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('rejected')
    expect(error.message).toBe('Jira: project: valid project is required (HTTP 400).')
    const denied = (await jira
      .choices({ ...credentials, token: 'bad' }, 'projectId', {})
      .catch((e: unknown) => e)) as ToolError
    expect(denied.kind).toBe('reconnect')
    cloud.failNext('rate-limit')
    const before = cloud.requests.length
    await jira.choices(credentials, 'projectId', {})
    expect(cloud.requests.length - before).toBe(2)
  })
})

describe('Jira Server', () => {
  const credentials = { token: JIRA_FAKE.token, username: 'jo', url: server.url, variant: 'server' }

  test('connect finds Server; bearer token on v2; wiki description', async () => {
    expect(await jira.verify({ ...credentials, variant: undefined })).toEqual({
      accountName: 'Jo Jira',
      variant: 'server',
    })
    expect(server.last().headers.authorization).toBe(`Bearer ${JIRA_FAKE.token}`)
    expect(await jira.choices(credentials, 'projectId', {})).toEqual([{ id: '10000', name: 'Website (WEB)' }])
    expect(server.last().path).toBe('/rest/api/2/project')
    await jira.createTask(credentials, { projectId: '10000' }, sampleContent())
    const fields = (server.last().body as { fields: { description: string } }).fields
    expect(server.last().path).toBe('/rest/api/2/issue')
    expect(fields.description).toStartWith('The logo is blurry\nPlease use the SVG, Ana.\n\n')
    expect(fields.description).toContain(
      '* *Comment in Pinpoint:* [http://localhost:3000/link/abc123/comment/ann1/|http://localhost:3000/link/abc123/comment/ann1/]',
    )
  })
})

describe('the SSRF guard', () => {
  test('a Jira address on loopback is refused unless allow-listed, before any request', async () => {
    const guarded = createJiraConnector({
      fetch: guardedFetch({ allowHosts: [], timeoutMs: 5000 }),
      sleep: noSleep,
    })
    const before = cloud.requests.length
    const error = (await guarded
      .verify({ token: JIRA_FAKE.token, username: JIRA_FAKE.username, url: cloud.url })
      .catch((e: unknown) => e)) as ToolError
    expect(error.kind).toBe('unreachable')
    expect(error.message).toContain('private or local address')
    expect(cloud.requests.length).toBe(before)
  })
})
