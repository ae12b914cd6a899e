/**
 * Jira, the issue tracker, Cloud and Server (Data Center): one issue of type Task per comment in the chosen
 * project. The site URL is the user's, so every request goes through the SSRF guard (the `fetch` given by
 * connectors/index.ts). Which variant a site is comes from /rest/api/2/serverInfo at connect:
 * - Cloud: REST v3, Basic auth with the account e-mail and an API token, description in Atlassian
 *   Document Format;
 * - Server: REST v2, the personal access token as a bearer token, description in wiki text.
 * Labels cannot contain spaces in Jira, so they are sent with dashes.
 */
import { taskFacts } from '../content'
import { createToolHttp, type FetchLike } from '../http'
import { type Connector, type TaskContent, type ToolCredentials, ToolError } from '../types'

export interface JiraOptions {
  fetch?: FetchLike
  sleep?: (ms: number) => Promise<void>
}

type Variant = 'cloud' | 'server'

const variantOf = (credentials: ToolCredentials): Variant =>
  credentials.variant === 'server' ? 'server' : 'cloud'
const api = (credentials: ToolCredentials) =>
  `${siteOf(credentials)}/rest/api/${variantOf(credentials) === 'cloud' ? 3 : 2}`

function siteOf(credentials: ToolCredentials): string {
  if (!credentials.url)
    throw new ToolError('rejected', 'The Jira address is missing; reconnect Jira in Settings.')
  return credentials.url.replace(/\/$/, '')
}

function auth(credentials: ToolCredentials, variant = variantOf(credentials)) {
  if (variant === 'server') return { authorization: `Bearer ${credentials.token}` }
  const basic = Buffer.from(`${credentials.username ?? ''}:${credentials.token}`).toString('base64')
  return { authorization: `Basic ${basic}` }
}

/** Atlassian Document Format: the comment as paragraphs, the facts as a bullet list with links. */
export function adfDescription(content: TaskContent) {
  const paragraphs = content.comment
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] }))
  const items = taskFacts(content).map((fact) => ({
    type: 'listItem',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: `${fact.label}: `, marks: [{ type: 'strong' }] },
          fact.href
            ? { type: 'text', text: fact.value, marks: [{ type: 'link', attrs: { href: fact.href } }] }
            : { type: 'text', text: fact.value },
        ],
      },
    ],
  }))
  return { type: 'doc', version: 1, content: [...paragraphs, { type: 'bulletList', content: items }] }
}

/** Jira wiki text (Server): the comment, then `* *Label:* [value|href]` lines. */
export function wikiDescription(content: TaskContent): string {
  const facts = taskFacts(content).map((fact) =>
    fact.href ? `* *${fact.label}:* [${fact.value}|${fact.href}]` : `* *${fact.label}:* ${fact.value}`,
  )
  return `${content.comment}\n\n${facts.join('\n')}`
}

export function createJiraConnector(options: JiraOptions = {}): Connector {
  const call = createToolHttp({ label: 'Jira', fetch: options.fetch, sleep: options.sleep })

  return {
    type: 'jira',
    label: 'Jira',
    fields: [{ name: 'projectId', label: 'Project', dependsOn: [], sent: true }],
    async verify(credentials) {
      const site = siteOf(credentials)
      const info = await call<{ deploymentType?: string }>({ url: `${site}/rest/api/2/serverInfo` })
      const variant: Variant = info.deploymentType === 'Cloud' ? 'cloud' : 'server'
      const me = await call<{ displayName?: string; emailAddress?: string; name?: string }>({
        url: `${site}/rest/api/${variant === 'cloud' ? 3 : 2}/myself`,
        headers: auth(credentials, variant),
      })
      return {
        accountName: me.displayName || me.emailAddress || me.name || credentials.username || 'Jira',
        variant,
      }
    },
    async choices(credentials, field) {
      if (field !== 'projectId') return []
      if (variantOf(credentials) === 'cloud') {
        const page = await call<{ values: { id: string; key: string; name: string }[] }>({
          url: `${api(credentials)}/project/search?maxResults=100&orderBy=name`,
          headers: auth(credentials),
        })
        return page.values.map((p) => ({ id: p.id, name: `${p.name} (${p.key})` }))
      }
      const projects = await call<{ id: string; key: string; name: string }[]>({
        url: `${api(credentials)}/project`,
        headers: auth(credentials),
      })
      return projects.map((p) => ({ id: p.id, name: `${p.name} (${p.key})` }))
    },
    async createTask(credentials, destination, content) {
      if (!destination.projectId) throw new ToolError('rejected', 'Choose a Jira project.')
      const cloud = variantOf(credentials) === 'cloud'
      const issue = await call<{ id: string; key: string }>({
        method: 'POST',
        url: `${api(credentials)}/issue`,
        headers: auth(credentials),
        body: {
          fields: {
            project: { id: destination.projectId },
            issuetype: { name: 'Task' },
            summary: content.title,
            description: cloud ? adfDescription(content) : wikiDescription(content),
            labels: content.labels.map((label) => label.trim().replace(/\s+/g, '-')).filter(Boolean),
          },
        },
      })
      return { id: issue.key, url: `${siteOf(credentials)}/browse/${issue.key}` }
    },
  }
}
