/**
 * `GET|HEAD /api/v1/files/<key>`: the signed-URL file route on the app origin. The signature is the access
 * check (it was issued by a service that checked the reader's rights), so the route needs no session.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { type FileOrigin, serveFile } from './http'
import { createUrlSigner } from './signing'

type FilesContext = Pick<AppContext, 'config' | 'storage' | 'now'>

export function fileRoutes(context: FilesContext, origin: FileOrigin = 'app', prefix = '/files') {
  const signer = createUrlSigner(context.config.sessionSecret)
  const options = {
    storage: context.storage,
    signer,
    origin,
    appOrigin: new URL(context.config.publicUrl).origin,
    now: context.now,
  }
  return new Elysia({ name: `files-${origin}`, prefix })
    .get('/*', ({ request, params }) => serveFile(request, params['*'], options), { parse: 'none' })
    .head('/*', ({ request, params }) => serveFile(request, params['*'], options), { parse: 'none' })
}
