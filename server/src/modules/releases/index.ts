/**
 * Front-end releases (decision 051), staff only: GET /releases (per slice: live, versions, switches),
 * POST /releases/{slice} (publish a build as a version), PUT /releases/{slice}/live (switch),
 * POST /releases/{slice}/rollback. scripts/release.ts drives them; the pages module serves the files.
 */
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { releasesModels } from './model'
import { listReleases, publishRelease, type ReleaseContext, rollbackRelease, switchRelease } from './service'
import { releaseStoreOf } from './store'

export function releasesModule(context: AppContext) {
  const releaseContext: ReleaseContext = { ...context, releaseStore: releaseStoreOf(context) }
  return new Elysia({ name: 'releases' })
    .use(authPlugin(context))
    .model(releasesModels)
    .get('/releases', async ({ actor }) => ({ slices: await listReleases(releaseContext, actor) }), {
      detail: { tags: ['Releases'] },
    })
    .post(
      '/releases/:slice',
      async ({ actor, params, body }) => ({
        release: await publishRelease(releaseContext, actor, params.slice, body),
      }),
      { body: 'releases.publish', detail: { tags: ['Releases'] } },
    )
    .put(
      '/releases/:slice/live',
      async ({ actor, params, body }) => ({
        switch: await switchRelease(releaseContext, actor, params.slice, body),
      }),
      { body: 'releases.switch', detail: { tags: ['Releases'] } },
    )
    .post(
      '/releases/:slice/rollback',
      async ({ actor, params }) => ({ switch: await rollbackRelease(releaseContext, actor, params.slice) }),
      { detail: { tags: ['Releases'] } },
    )
}
