import { t } from 'elysia'

export const teamModels = {
  'teams.adminBody': t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) }),
  'teams.adminQuery': t.Object({ userId: t.Optional(t.String({ minLength: 1, maxLength: 100 })) }),
  'teams.removeBody': t.Optional(
    t.Nullable(
      t.Object({ transferCanvasesAndFolders: t.Optional(t.Boolean()) }, { additionalProperties: true }),
    ),
  ),
  'teams.removeQuery': t.Object({ transferCanvasesAndFolders: t.Optional(t.BooleanString()) }),
}
