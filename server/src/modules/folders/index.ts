/** Folder (project) routes, including moving canvases in and out and the shared-folder link. */
import { canvasAssets, canvases, customers, folders, teams, users } from '@pinpoint/db'
import { NotFound } from '@pinpoint/domain'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin, requireMember } from '../auth/plugin'
import { canvasStateFor, toCanvasRecord } from '../canvases/access'
import { shareEmail } from '../canvases/emails'
import { listCanvases } from '../canvases/list'
import { serializeCanvas } from '../canvases/serialize'
import { normaliseEmails } from '../canvases/sharing'
import { inTransaction } from '../canvases/transaction'
import {
  createFolder,
  deleteFolder,
  listFolders,
  loadEditableFolder,
  loadFolderRecord,
  loadSharedFolder,
  moveCanvasToFolder,
  removeCanvasFromFolder,
  serializeFolder,
  updateFolder,
} from './service'

const visibility = t.Union([t.Literal('only-team'), t.Literal('anyone-with-link'), t.Literal('only-me')])
const folderFields = {
  description: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
  parentFolderId: t.Optional(t.Union([t.String(), t.Null()])),
  visibility: t.Optional(visibility),
  password: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
}

export function foldersModule(context: AppContext) {
  const { db } = context.database
  const urls = { storage: context.storage, proxyOrigin: context.config.proxyOrigin }

  /** Canvases of a folder shared by link: those whose own link is open (anyone-with-link, no password). */
  async function sharedFolderCanvases(folderId: string) {
    const rows = await db
      .select({ canvas: canvases, ownerTeamId: users.teamId, customer: customers })
      .from(canvases)
      .innerJoin(users, eq(users.id, canvases.userId))
      .leftJoin(teams, eq(teams.id, users.teamId))
      .leftJoin(customers, eq(customers.userId, sql`coalesce(${teams.ownerUserId}, ${users.id})`))
      .where(
        and(
          eq(canvases.folderId, folderId),
          isNull(canvases.archiveDate),
          eq(canvases.visibility, 'anyone-with-link'),
          isNull(canvases.passwordHash),
        ),
      )
      .orderBy(desc(canvases.updatedAt))
      .limit(500)
    const revisionIds = rows.map((row) => row.canvas.currentRevisionId).filter((id): id is string => !!id)
    const assets = revisionIds.length
      ? await db
          .select()
          .from(canvasAssets)
          .where(inArray(canvasAssets.canvasRevisionId, revisionIds))
          .orderBy(asc(canvasAssets.position))
      : []
    return rows.map((row) =>
      serializeCanvas(
        {
          canvas: row.canvas,
          owner: null,
          planId: row.customer?.planId ?? null,
          state: canvasStateFor(toCanvasRecord(row), null, context.now()),
          assets: assets.filter((a) => a.canvasRevisionId === row.canvas.currentRevisionId),
        },
        urls,
      ),
    )
  }

  return new Elysia({ name: 'folders' })
    .use(authPlugin(context))
    .get('/users/me/folders', async ({ actor }) => ({ folders: await listFolders(db, actor) }))
    .post(
      '/folders',
      async ({ actor, body }) => ({
        folder: serializeFolder(await inTransaction(db, (tx) => createFolder(tx, actor, body))),
      }),
      { body: t.Object({ name: t.String({ maxLength: 200 }), ...folderFields }) },
    )
    .get(
      '/folders',
      async ({ actor, query, request, server }) => {
        const folder = await loadSharedFolder(db, actor, query.shareableId, query.password, {
          ip: context.clientIp(request, server),
          now: context.now(),
        })
        return { folder: serializeFolder(folder), canvases: await sharedFolderCanvases(folder.id) }
      },
      {
        query: t.Object({
          shareableId: t.String({ maxLength: 100 }),
          password: t.Optional(t.String({ maxLength: 200 })),
        }),
      },
    )
    .put(
      '/folders/:id',
      async ({ actor, params, body }) => ({
        folder: serializeFolder(await inTransaction(db, (tx) => updateFolder(tx, actor, params.id, body))),
      }),
      { body: t.Object({ name: t.Optional(t.String({ maxLength: 200 })), ...folderFields }) },
    )
    .delete('/folders/:id', async ({ actor, params }) => ({
      folder: serializeFolder(await inTransaction(db, (tx) => deleteFolder(tx, actor, params.id))),
    }))
    .get(
      '/folders/:id/canvases',
      async ({ actor, params, query }) => {
        requireMember(actor)
        const record = await loadFolderRecord(db, params.id)
        if (!record) throw new NotFound('Folder not found.')
        await loadEditableFolder(db, actor, params.id)
        return listCanvases(
          db,
          actor,
          {
            folderId: params.id,
            offset: query.offset ?? 0,
            limit: query.limit ?? 50,
            archived: query.archived,
          },
          urls,
          context.now(),
        )
      },
      {
        query: t.Object({
          offset: t.Optional(t.Numeric({ minimum: 0 })),
          limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200 })),
          archived: t.Optional(t.BooleanString()),
        }),
      },
    )
    .put('/folders/:id/canvases/:canvasId', async ({ actor, params }) => {
      const moved = await inTransaction(db, (tx) => moveCanvasToFolder(tx, actor, params.id, params.canvasId))
      const [folder] = await db.select().from(folders).where(eq(folders.id, params.id))
      return {
        canvasId: moved.canvasId,
        FolderId: params.id,
        previousFolderId: moved.previousFolderId,
        folder: folder ? serializeFolder(folder) : null,
        message: moved.message,
      }
    })
    .delete('/folders/:id/canvases/:canvasId', async ({ actor, params }) => {
      const removed = await inTransaction(db, (tx) =>
        removeCanvasFromFolder(tx, actor, params.id, params.canvasId),
      )
      return {
        canvasId: removed.canvasId,
        FolderId: null,
        previousFolderId: removed.previousFolderId,
        message: removed.message,
      }
    })
    .post(
      '/folders/:id/share',
      async ({ actor, params, body }) => {
        const sender = requireMember(actor)
        const { folder } = await loadEditableFolder(db, actor, params.id)
        const emails = normaliseEmails(body.emails)
        const url = `${context.config.publicUrl}/projects/${folder.shareableId}`
        await Promise.all(
          emails.map((to) =>
            context.mailer.send(
              shareEmail({
                to,
                senderName: sender.name,
                title: folder.name,
                url,
                message: body.message,
                what: 'project',
              }),
            ),
          ),
        )
        return { emails, message: `Invite(s) sent to ${emails.join(', ')}` }
      },
      {
        body: t.Object({
          emails: t.Array(t.String({ maxLength: 320 }), { maxItems: 50 }),
          message: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
        }),
      },
    )
}
