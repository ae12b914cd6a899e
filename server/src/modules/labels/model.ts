/**
 * Label bodies (SPEC 3 Label: id, name, color). Colours are hex so they render the same everywhere.
 */
import { type Static, t } from 'elysia'

const Name = t.String({ minLength: 1, maxLength: 50, pattern: '\\S' })
const Color = t.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' })

export const CreateLabelBody = t.Object({
  name: Name,
  color: Color,
  /** The team; defaults to the caller's own. */
  TeamId: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
})
export type CreateLabelBody = Static<typeof CreateLabelBody>

export const UpdateLabelBody = t.Object(
  { name: t.Optional(Name), color: t.Optional(Color) },
  { minProperties: 1 },
)
export type UpdateLabelBody = Static<typeof UpdateLabelBody>
