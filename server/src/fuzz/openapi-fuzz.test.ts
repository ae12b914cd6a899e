/**
 * Fuzzes every route of the app's OpenAPI document (`GET /api/v1/openapi/json`) with malformed path
 * parameters, query fields, bodies and content types (see openapi-cases.ts), as a logged-out visitor
 * and as a real user logged in through `POST /sessions` who owns a canvas with a comment, a reply, a
 * label, a folder, a file and an invite (so plausible requests reach the code behind validation), on
 * the run's real PostgreSQL database. No answer may be a 5xx. The figures are printed for the record.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { buildTeam, buildUser, DEFAULT_PASSWORD } from '@pinpoint/db/testing'
import { createApp } from '../app'
import { SESSION_COOKIE } from '../modules/auth/cookies'
import { createSession } from '../modules/auth/session'
import { createTestContext } from '../testing/harness'
import { TestClient } from '../testing/http'
import {
  type FuzzOperation,
  type FuzzRequest,
  fuzzOperations,
  type OpenApiDocument,
  PNG_1PX,
} from './openapi-cases'

/**
 * A stand-in for the built front ends (a worktree or CI runner may not have built them, and the pages
 * would then answer their deliberate 503 FrontendNotBuilt): the page routes are fuzzed for real.
 */
function builtFrontEnds(): string {
  const root = mkdtempSync(join(tmpdir(), 'pinpoint-fuzz-pages-'))
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    'shell/dist/assets/app.js': 'console.log("shell")',
    'mf-dashboard/dist/mf-manifest.json': '{}',
    'mf-review/dist/mf-manifest.json': '{}',
    'mf-review/dist/app/index.html': '<!doctype html><html><head></head><body></body></html>',
    'mf-billing/dist/mf-manifest.json': '{}',
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

const pagesRoot = builtFrontEnds()
/** FUZZ_DEBUG=1 prints the server's own error log (the stack of each 5xx) while investigating. */
const debugLogger = {
  info() {},
  warn() {},
  error: (message: string, fields?: Record<string, unknown>) => console.error(message, fields),
}
const baseContext = await createTestContext(process.env.FUZZ_DEBUG ? { logger: debugLogger } : {})
const context = { ...baseContext, config: { ...baseContext.config, rootDir: pagesRoot } }
const app = createApp(context)
const setup = { app, context, client: () => new TestClient(app) }
afterAll(async () => {
  await context.jobs.stop()
  rmSync(pagesRoot, { recursive: true, force: true })
})
const { db } = context.database

/** A team owner with one of everything, created through the API where the API creates it. */
async function buildWorld() {
  const { team, owner } = await buildTeam(db, {
    plan: 'enterprise35peruser',
    customer: { periodEnd: new Date(Date.now() + 365 * 86_400_000) },
  })
  const member = await buildUser(db, { teamId: team.id })
  const client = setup.client()
  const login = await client.post('/api/v1/sessions', { email: owner.email, password: DEFAULT_PASSWORD })
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
  const created = async <T>(
    response: Promise<{ status: number; body: unknown; text: string }>,
    key: string,
  ) => {
    const result = await response
    if (result.status >= 300) throw new Error(`setup call failed (${result.status}): ${result.text}`)
    return (result.body as Record<string, T>)[key] as T
  }
  type WithId = { id: string; CanvasRevisionId?: string }
  const canvas = await created<WithId>(
    client.post('/api/v1/canvases', { type: 'design', title: 'Fuzz' }),
    'canvas',
  )
  const folder = await created<WithId>(client.post('/api/v1/folders', { name: 'Fuzz folder' }), 'folder')
  const parentFolder = await created<WithId>(
    client.post('/api/v1/folders', { name: 'Fuzz parent' }),
    'folder',
  )
  const label = await created<WithId>(
    client.post('/api/v1/labels', { name: 'Fuzz label', color: '#ff0000' }),
    'label',
  )
  const annotation = await created<WithId>(
    client.post('/api/v1/annotations', { CanvasId: canvas.id, comment: 'Fuzz comment' }),
    'annotation',
  )
  const reply = await created<WithId>(
    client.post(`/api/v1/annotations/${annotation.id}/replies`, { comment: 'Fuzz reply' }),
    'reply',
  )
  const assetForm = new FormData()
  assetForm.append('id', canvas.id)
  assetForm.append('canvasAssetFile', new File([PNG_1PX], 'pixel.png', { type: 'image/png' }))
  const asset = await created<WithId>(
    client.request('POST', '/api/v1/canvas-assets', { body: assetForm }),
    'canvasAsset',
  )
  const form = new FormData()
  form.append('file', new File(['notes'], 'notes.txt'))
  form.append('annotationId', annotation.id)
  const attachment = await created<WithId>(
    client.request('POST', '/api/v1/file-attachments', { body: form }),
    'fileAttachment',
  )
  const invites = await created<WithId[]>(
    client.post(`/api/v1/teams/${team.id}/invites`, { emails: ['invitee@example.com'] }),
    'invites',
  )
  const ids: Record<string, string | undefined> = {
    canvas: canvas.id,
    asset: asset.id,
    revision: canvas.CanvasRevisionId,
    folder: folder.id,
    parentFolder: parentFolder.id,
    label: label.id,
    annotation: annotation.id,
    reply: reply.id,
    attachment: attachment.id,
    invite: invites[0]?.id,
    team: team.id,
    user: member.id,
  }
  return { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), ids, owner }
}

const ROUTE_ENTITY: Array<[RegExp, string]> = [
  [/^\/api\/v1\/(canvases|users\/me\/canvases)\//, 'canvas'],
  [/^\/api\/v1\/annotations\//, 'annotation'],
  [/^\/api\/v1\/folders\//, 'folder'],
  [/^\/api\/v1\/labels\//, 'label'],
  [/^\/api\/v1\/teams\//, 'team'],
  [/^\/api\/v1\/replies\//, 'reply'],
  [/^\/api\/v1\/invites\//, 'invite'],
  [/^\/api\/v1\/canvas-revisions\//, 'revision'],
  [/^\/api\/v1\/file-attachments\//, 'attachment'],
]
const PARAMETER_ENTITY: Record<string, string> = {
  labelid: 'label',
  userid: 'user',
  canvasid: 'canvas',
  inviteid: 'invite',
  attachmentid: 'attachment',
  annotationid: 'annotation',
  annotationreplyid: 'reply',
  replyid: 'reply',
  folderid: 'folder',
  parentfolderid: 'parentFolder',
  revisionid: 'revision',
  canvasrevisionid: 'revision',
  teamid: 'team',
  assetid: 'asset',
  canvasassetid: 'asset',
  fileattachmentid: 'attachment',
}

function idResolver(ids: Record<string, string | undefined>) {
  return (template: string, parameter: string) => {
    const name = parameter.toLowerCase()
    if (name === 'id') {
      const entity = ROUTE_ENTITY.find(([pattern]) => pattern.test(template))?.[1] ?? 'canvas'
      return ids[entity]
    }
    const entity = PARAMETER_ENTITY[name]
    return entity ? ids[entity] : undefined
  }
}

/** Deletes and logging out last, so the logged-in pass keeps its session and its world as long as it can. */
function ordered(operations: FuzzOperation[]): FuzzOperation[] {
  const rank = (operation: FuzzOperation) =>
    operation.template === '/api/v1/sessions' && operation.method === 'DELETE'
      ? 2
      : operation.method === 'DELETE'
        ? 1
        : 0
  return [...operations].sort((a, b) => rank(a) - rank(b))
}

interface Failure {
  actor: string
  method: string
  url: string
  label: string
  status: number
  body: string
}

async function send(
  request: FuzzRequest,
  cookie: string | undefined,
): Promise<number | { status: number; body: string }> {
  const headers = new Headers({ origin: 'http://localhost' })
  if (cookie) headers.set('cookie', cookie)
  if (request.contentType) headers.set('content-type', request.contentType)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const response = await app.handle(
    new Request(`http://localhost${request.url}`, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
    }),
  )
  const text = await response.text()
  // FUZZ_DEBUG: how far each plausible request gets (a 4xx here means its mutations stop early too).
  if (process.env.FUZZ_DEBUG && request.label === 'body: plausible' && cookie)
    console.log('plausible', request.method, request.url.slice(0, 70), response.status, text.slice(0, 160))
  return response.status >= 500 ? { status: response.status, body: text.slice(0, 300) } : response.status
}

describe('OpenAPI fuzz', () => {
  test('every route answers malformed input without a 5xx, logged out and logged in', async () => {
    const documentResponse = await setup.client().get<OpenApiDocument>('/api/v1/openapi/json')
    expect(documentResponse.status).toBe(200)
    const world = await buildWorld()
    const failures: Failure[] = []
    const routes = new Set<string>()
    let requests = 0
    const started = performance.now()
    let sessionsRenewed = 0
    // The two actors run side by side (their database waits overlap); each keeps its own order.
    const fuzzAs = async (actor: 'logged-out' | 'owner') => {
      let cookie = actor === 'owner' ? world.cookie : undefined
      for (const operation of ordered(fuzzOperations(documentResponse.body, idResolver(world.ids)))) {
        const operationStarted = performance.now()
        // Plausible logins, guest entries and password changes end the owner's session on purpose:
        // start a new one so every route is also fuzzed logged in.
        if (
          cookie &&
          (await send({ method: 'GET', url: '/api/v1/sessions/me', label: 'session check' }, cookie)) !== 200
        ) {
          const { token } = await createSession(db, { userId: world.owner.id, now: new Date() })
          cookie = `${SESSION_COOKIE}=${token}`
          sessionsRenewed++
        }
        routes.add(`${operation.method} ${operation.template}`)
        for (const request of operation.requests) {
          requests++
          const result = await send(request, cookie)
          if (typeof result !== 'number')
            failures.push({
              actor,
              method: request.method,
              url: request.url.slice(0, 120),
              label: request.label,
              ...result,
            })
        }
        if (process.env.FUZZ_DEBUG)
          console.log(
            'TIME',
            actor,
            operation.method,
            operation.template,
            Math.round(performance.now() - operationStarted),
          )
      }
    }
    await Promise.all([fuzzAs('logged-out'), fuzzAs('owner')])
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `OpenAPI fuzz: ${requests} requests, ${routes.size} routes, ${failures.length} responses >= 500 (${seconds} s, owner session renewed ${sessionsRenewed} times)`,
    )
    for (const failure of failures.slice(0, 40)) console.log(JSON.stringify(failure))
    expect(routes.size).toBeGreaterThan(100)
    expect(failures).toEqual([])
  }, 120_000)
})
