/**
 * A fake Jira site, Cloud or Server by `variant`: serverInfo, myself, projects, issue create; Cloud takes
 * Basic e-mail:token on REST v3, Server a bearer token on REST v2, as the real ones do. Its 401 and 429
 * answers have Jira's shapes.
 */
import { type FakeTool, startFakeTool } from '../fake-server'

export const JIRA_FAKE = { username: 'jo@example.com', token: 'fake-jira-token' }

export function startFakeJira(variant: 'cloud' | 'server', port?: number): FakeTool {
  let next = 1
  const v = variant === 'cloud' ? 3 : 2
  const expected =
    variant === 'cloud'
      ? `Basic ${Buffer.from(`${JIRA_FAKE.username}:${JIRA_FAKE.token}`).toString('base64')}`
      : `Bearer ${JIRA_FAKE.token}`
  return startFakeTool({
    port,
    authorized: (request) =>
      request.path === '/rest/api/2/serverInfo' || request.headers.authorization === expected,
    unauthorized: {
      body: {
        errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
        errors: {},
      },
    },
    rateLimited: { body: { errorMessages: ['Rate limit exceeded.'] }, headers: { 'retry-after': '1' } },
    routes: [
      {
        method: 'GET',
        path: '/rest/api/2/serverInfo',
        answer: () => ({
          body: { deploymentType: variant === 'cloud' ? 'Cloud' : 'Server', version: '9.12.0' },
        }),
      },
      {
        method: 'GET',
        path: `/rest/api/${v}/myself`,
        answer: () => ({ body: { displayName: 'Jo Jira', name: 'jo' } }),
      },
      {
        method: 'GET',
        path: `/rest/api/${v}/project/search`,
        answer: () => ({ body: { values: [{ id: '10000', key: 'WEB', name: 'Website' }], isLast: true } }),
      },
      {
        method: 'GET',
        path: `/rest/api/${v}/project`,
        answer: () => ({ body: [{ id: '10000', key: 'WEB', name: 'Website' }] }),
      },
      {
        method: 'POST',
        path: `/rest/api/${v}/issue`,
        answer: (request) => {
          const fields = (request.body as { fields: { project: { id: string } } }).fields
          if (fields.project.id !== '10000') {
            return {
              status: 400,
              body: { errorMessages: [], errors: { project: 'valid project is required' } },
            }
          }
          const id = String(10000 + next)
          return { status: 201, body: { id, key: `WEB-${next++}`, self: `/rest/api/${v}/issue/${id}` } }
        },
      },
    ],
  })
}
