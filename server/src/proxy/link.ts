/**
 * `GET /api/v1/canvases/{id or subdomain}/proxy-url?path=`: where the review screen loads a website canvas
 * from. Only someone who may open the canvas gets the signed proxy address of its site (urls.ts), so the
 * proxy serves the sites of canvases and nothing else a stranger names. The subdomain form lets a feedback
 * link ask for it at the same time as for the canvas, saving a round trip before the page can load.
 * `revision` (a number) names the revision whose address to load: each website revision keeps its own
 * (decision 047); without it, the canvas's current address.
 */
import { canvases, canvasRevisions } from '@pinpoint/db'
import { NotFound, ValidationFailed } from '@pinpoint/domain'
import { and, eq } from 'drizzle-orm'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { authPlugin } from '../modules/auth/plugin'
import { loadCanvasForView } from '../modules/canvases/access'
import { hasLinkGrant } from '../modules/canvases/link-grant'
import { withoutCredentials } from '../modules/canvases/serialize'
import { createProxyUrls } from './urls'

export function proxyLinkModule(context: AppContext) {
  const urls = createProxyUrls(context.config.sessionSecret)
  const proxyOrigin = new URL(context.config.proxyOrigin).origin
  return new Elysia({ name: 'proxy-link' }).use(authPlugin(context)).get(
    '/canvases/:id/proxy-url',
    async ({ actor, params, query, request }) => {
      const db = context.database.db
      const [bySubdomain] = await db
        .select({ id: canvases.id })
        .from(canvases)
        .where(eq(canvases.subdomain, params.id.toLowerCase()))
        .limit(1)
      const view = await loadCanvasForView(db, actor, bySubdomain?.id ?? params.id, {
        passwordGranted: (canvas) =>
          hasLinkGrant(request, context.config.sessionSecret, canvas, context.now()),
      })
      let localUrl = view.canvas.localUrl
      if (query.revision !== undefined) {
        const [revision] = await db
          .select({ localUrl: canvasRevisions.localUrl })
          .from(canvasRevisions)
          .where(
            and(eq(canvasRevisions.canvasId, view.canvas.id), eq(canvasRevisions.number, query.revision)),
          )
        if (!revision) throw new NotFound('Revision not found.')
        localUrl = revision.localUrl ?? localUrl
      }
      if (view.canvas.type !== 'website' || !localUrl)
        throw new NotFound('This canvas has no website address.')
      // Credentials saved before they were refused are never used or shown (issue 21).
      const site = new URL(withoutCredentials(localUrl) ?? localUrl)
      const path = query.path ?? ''
      if (path && (!path.startsWith('/') || path.startsWith('//'))) {
        throw new ValidationFailed('path must be a path on the site, starting with /.', { field: 'path' })
      }
      const target = path ? new URL(path, site.origin) : site
      const base = urls.toProxy(new URL(site.origin)).replace(/\/$/, '')
      return {
        url: `${proxyOrigin}${urls.toProxy(target)}`,
        base: `${proxyOrigin}${base}`,
        siteUrl: site.toString(),
      }
    },
    {
      params: t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) }),
      query: t.Object({
        path: t.Optional(t.String({ maxLength: 2000 })),
        revision: t.Optional(t.Numeric({ minimum: 1, maximum: 1_000_000 })),
      }),
      detail: { tags: ['Canvases'], summary: 'The proxy address of a website canvas' },
    },
  )
}
