/**
 * PUT /annotations/{id}/screenshot and /annotations/{id}/after-screenshot (multipart `file`): the picture
 * of a pinned spot, and of the same spot once a copy change is resolved (decision 055).
 * GET /annotations/{id}/screenshots/{file}: a redirect to a short-lived signed URL of the image, for
 * whoever may read the comment (the address stored in `screenshotUrl` stays valid; the signed one expires).
 */
import { toErrorBody } from '@pinpoint/domain'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { type ErrorBody, errorResponse } from '../../errors'
import { fileTooLarge } from '../../media'
import { authPlugin } from '../auth/plugin'
import { SCREENSHOT_MAX_BYTES, screenshotUrlFor, storeScreenshot } from './service'

const UPLOAD_PATH = /\/api\/v1\/annotations\/[^/]+\/(after-)?screenshot$/
const IdParam = t.String({ minLength: 1, maxLength: 100 })
const Upload = t.Object({ file: t.File() })

export function screenshotsModule(context: AppContext) {
  return new Elysia({ name: 'screenshots' })
    .onRequest(({ request }) => {
      // Refused before the multipart body is read into memory (limitBody does the same for POSTs).
      const length = Number(request.headers.get('content-length') ?? 0)
      if (
        request.method === 'PUT' &&
        length > SCREENSHOT_MAX_BYTES + 64 * 1024 &&
        UPLOAD_PATH.test(new URL(request.url).pathname)
      )
        return errorResponse(toErrorBody(fileTooLarge(SCREENSHOT_MAX_BYTES)) as ErrorBody)
    })
    .use(authPlugin(context))
    .put(
      '/annotations/:id/screenshot',
      async ({ actor, params, body }) => ({
        annotation: await storeScreenshot(context, actor, params.id, 'before', body.file),
      }),
      {
        params: t.Object({ id: IdParam }),
        body: Upload,
        detail: { tags: ['Annotations'], summary: 'Attach the screenshot of the pinned spot' },
      },
    )
    .put(
      '/annotations/:id/after-screenshot',
      async ({ actor, params, body }) => ({
        annotation: await storeScreenshot(context, actor, params.id, 'after', body.file),
      }),
      {
        params: t.Object({ id: IdParam }),
        body: Upload,
        detail: { tags: ['Annotations'], summary: 'Attach the screenshot after a copy change' },
      },
    )
    .get(
      '/annotations/:id/screenshots/:file',
      async ({ actor, params, request }) => {
        const url = await screenshotUrlFor(context, actor, params.id, params.file, request)
        // The signed URL changes every few minutes; the answer must not outlive the reader's access.
        return new Response(null, {
          status: 302,
          headers: { location: url, 'cache-control': 'private, no-store' },
        })
      },
      {
        params: t.Object({ id: IdParam, file: t.String({ minLength: 1, maxLength: 100 }) }),
        detail: { tags: ['Annotations'], summary: 'Open a screenshot of a comment' },
      },
    )
}
