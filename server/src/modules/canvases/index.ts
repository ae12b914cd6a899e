/**
 * Canvas routes: create, read, update, delete, the dashboard list, the feedback-link entry, sharing and
 * canvas users. Side effects that must not run for a rolled-back change (e-mails, jobs, file deletion)
 * happen after the transaction commits.
 */
import { ValidationFailed, VERDICT_FILTERS } from '@pinpoint/domain'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { deleteStoredFiles } from '../assets/files'
import { authPlugin, requireMember } from '../auth/plugin'
import { scheduleCanvasDeadline } from '../reminders/service'
import { loadCanvasForEdit, loadCanvasForView } from './access'
import { loadCanvasDetail } from './detail'
import { createGrant, grantCookieName, hasLinkGrant } from './link-grant'
import { type CanvasListQuery, countArchivedCanvases, listCanvases } from './list'
import { canvasModels } from './model'
import { peopleFor } from './people'
import { createCanvas, deleteCanvas, updateCanvas } from './service'
import {
  addCanvasUser,
  getCanvasUser,
  listCanvasUsers,
  openCanvasLink,
  removeCanvasUser,
  shareCanvas,
  updateCanvasUser,
} from './sharing'
import { inTransaction } from './transaction'

const STATUSES = new Set(['all', 'new-activity', 'archived', 'none'])
const SORTS = new Set(['recency', 'name', 'oldest'])

/** Parses the list's `filters` JSON ({status, verdict, folderId, search, sort}). */
export function parseFilters(
  raw: string | undefined,
): Pick<CanvasListQuery, 'status' | 'verdict' | 'folderId' | 'search' | 'sort'> {
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ValidationFailed('filters must be a JSON object.', { field: 'filters' })
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new ValidationFailed('filters must be a JSON object.', { field: 'filters' })
  const { status, verdict, folderId, search, sort } = parsed as Record<string, unknown>
  if (status !== undefined && !STATUSES.has(String(status)))
    throw new ValidationFailed('Unknown status filter.', { field: 'filters.status' })
  if (verdict !== undefined && !(VERDICT_FILTERS as readonly unknown[]).includes(verdict))
    throw new ValidationFailed('Unknown verdict filter.', { field: 'filters.verdict' })
  if (sort !== undefined && !SORTS.has(String(sort)))
    throw new ValidationFailed('Unknown sort.', { field: 'filters.sort' })
  return {
    status: status as CanvasListQuery['status'],
    verdict: verdict as CanvasListQuery['verdict'],
    sort: sort as CanvasListQuery['sort'],
    folderId: folderId === undefined ? undefined : typeof folderId === 'string' ? folderId : null,
    search: typeof search === 'string' ? search.slice(0, 200) : undefined,
  }
}

export function canvasesModule(context: AppContext) {
  const { db } = context.database
  const urls = { storage: context.storage, proxyOrigin: context.config.proxyOrigin }
  const secret = context.config.sessionSecret
  const detail = (
    view: Awaited<ReturnType<typeof loadCanvasForView>>,
    user: Parameters<typeof loadCanvasDetail>[2],
  ) => loadCanvasDetail(db, view, user, { editable: view.editable, now: context.now(), urls })

  return new Elysia({ name: 'canvases' })
    .use(authPlugin(context))
    .model(canvasModels)
    .post(
      '/canvases',
      async ({ actor, body }) => {
        const { canvas, deadlineChanged } = await inTransaction(db, (tx) => createCanvas(tx, actor, body))
        if (deadlineChanged) await scheduleCanvasDeadline(context, canvas)
        context.analytics.track(
          'canvas_created',
          {
            canvasId: canvas.id,
            canvasType: canvas.type,
            inFolder: canvas.folderId !== null,
            teamCanvas: !!actor.user?.teamId,
          },
          actor.user?.id,
        )
        const view = await loadCanvasForView(db, actor, canvas.id)
        return { canvas: await detail(view, actor.user) }
      },
      { body: 'canvas.create' },
    )
    .get(
      '/users/me/canvases',
      async ({ actor, query }) => {
        const filters = parseFilters(query.filters)
        return listCanvases(
          db,
          actor,
          { ...filters, archived: query.archived, offset: query.offset ?? 0, limit: query.limit ?? 50 },
          urls,
          context.now(),
        )
      },
      { query: 'canvas.listQuery' },
    )
    .get('/users/me/canvases/archived-count', async ({ actor }) => ({
      archivedCanvasesCount: await countArchivedCanvases(db, actor),
    }))
    .get('/canvases/:id', async ({ actor, params, request }) => {
      const view = await loadCanvasForView(db, actor, params.id, {
        passwordGranted: (canvas) => hasLinkGrant(request, secret, canvas, context.now()),
      })
      return { canvas: await detail(view, actor.user) }
    })
    .put(
      '/canvases/:id',
      async ({ actor, params, body }) => {
        const { canvas, deadlineChanged } = await inTransaction(db, (tx) =>
          updateCanvas(tx, actor, params.id, body, context.now()),
        )
        if (deadlineChanged) await scheduleCanvasDeadline(context, canvas)
        const view = await loadCanvasForView(db, actor, canvas.id)
        return { canvas: await detail(view, actor.user) }
      },
      { body: 'canvas.update' },
    )
    .delete('/canvases/:id', async ({ actor, params }) => {
      const { canvas, storageKeys } = await inTransaction(db, (tx) => deleteCanvas(tx, actor, params.id))
      await deleteStoredFiles(context, storageKeys)
      return { canvas: { id: canvas.id, FolderId: canvas.folderId, archived: canvas.archiveDate !== null } }
    })
    .get('/canvases/:id/subdomain', async ({ actor, params, query, request, cookie }) => {
      const grant = (record: { canvas: { id: string; passwordHash: string | null } }) =>
        hasLinkGrant(request, secret, record.canvas, context.now())
      const { record, passwordAccepted } = await openCanvasLink(db, actor, params.id, query.password, grant)
      if (passwordAccepted && record.canvas.passwordHash) {
        const { value, maxAge } = createGrant(
          secret,
          record.canvas.id,
          record.canvas.passwordHash,
          context.now(),
        )
        cookie[grantCookieName(record.canvas.id)]?.set({
          value,
          maxAge,
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: context.config.publicUrl.startsWith('https:'),
        })
      }
      const view = await loadCanvasForView(db, actor, record.canvas.id, { passwordGranted: true })
      return { canvas: await detail(view, actor.user) }
    })
    .post(
      '/canvases/:id/share',
      async ({ actor, params, body }) => {
        requireMember(actor)
        const shared = await inTransaction(db, async (tx) =>
          shareCanvas(
            tx,
            context.mailer,
            await loadCanvasForEdit(tx, actor, params.id),
            actor,
            body,
            context.config.publicUrl,
          ),
        )
        await shared.send()
        return { emails: shared.emails, message: `Invite(s) sent to ${shared.emails.join(', ')}` }
      },
      { body: 'canvas.share' },
    )
    .get('/canvases/:id/users', async ({ actor, params }) => {
      const view = await loadCanvasForView(db, actor, params.id)
      const people = peopleFor(actor.user, view.domain)
      return { users: (await listCanvasUsers(db, view)).map((user) => people.person(user)) }
    })
    .post(
      '/canvases/:id/users',
      async ({ actor, params, body }) => {
        const user = await inTransaction(db, async (tx) =>
          addCanvasUser(tx, await loadCanvasForEdit(tx, actor, params.id), actor, body),
        )
        return { user }
      },
      { body: 'canvas.user' },
    )
    .get('/canvases/:id/users/:userId', async ({ actor, params }) => {
      const view = await loadCanvasForView(db, actor, params.id)
      return { user: peopleFor(actor.user, view.domain).person(await getCanvasUser(db, view, params.userId)) }
    })
    .put(
      '/canvases/:id/users/:userId',
      async ({ actor, params, body }) => {
        const user = await inTransaction(db, async (tx) =>
          updateCanvasUser(tx, await loadCanvasForEdit(tx, actor, params.id), params.userId, body.role),
        )
        return { user }
      },
      { body: 'canvas.userRole' },
    )
    .delete('/canvases/:id/users/:userId', async ({ actor, params }) => {
      const removed = await inTransaction(db, async (tx) =>
        removeCanvasUser(tx, await loadCanvasForEdit(tx, actor, params.id), params.userId),
      )
      return { success: true, userId: removed.userId }
    })
}
