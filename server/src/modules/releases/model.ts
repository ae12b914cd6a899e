import { type Static, t } from 'elysia'

export const PublishReleaseBody = t.Object({
  version: t.String({ minLength: 1, maxLength: 64 }),
  /** Every file of the build's dist/ folder (except app/), base64. */
  files: t.Array(t.Object({ path: t.String({ minLength: 1, maxLength: 200 }), content: t.String() }), {
    minItems: 1,
    maxItems: 2000,
  }),
  /** Publish although it does not fit the live shell (only to see the shell refuse it at run time). */
  force: t.Optional(t.Boolean()),
})
export type PublishReleaseBody = Static<typeof PublishReleaseBody>

export const SwitchReleaseBody = t.Object({
  /** null: back to the build that ships with the server. */
  version: t.Union([t.String({ minLength: 1, maxLength: 64 }), t.Null()]),
  /** Make it live although it does not fit the live shell (to see the shell refuse it). */
  force: t.Optional(t.Boolean()),
})
export type SwitchReleaseBody = Static<typeof SwitchReleaseBody>

export const releasesModels = {
  'releases.publish': PublishReleaseBody,
  'releases.switch': SwitchReleaseBody,
}
