/** Bodies of the connected-account calls (SPEC 7), registered by name for the OpenAPI document. */
import { t } from 'elysia'

const id = t.String({ minLength: 1, maxLength: 200 })
const optionalId = t.Optional(t.Nullable(t.String({ maxLength: 200 })))

/** Card-board and board tools: token; issue tracker: username, url, token; webhook: url. */
export const ConnectAccountBody = t.Object({
  token: t.Optional(t.String({ maxLength: 2000 })),
  username: t.Optional(t.String({ maxLength: 320 })),
  url: t.Optional(t.String({ maxLength: 2000 })),
})

/** The SPEC fields of every tool's sync; each tool reads its own (listId, boardId + groupId, ...). */
export const SyncBody = t.Object({
  annotationIds: t.Array(id, { minItems: 1, maxItems: 500 }),
  listId: optionalId,
  boardId: optionalId,
  groupId: optionalId,
  projectId: optionalId,
  workspaceId: optionalId,
  spaceId: optionalId,
  sectionId: optionalId,
  taskId: optionalId,
})

export const ChoicesQuery = t.Object({
  field: t.String({ minLength: 1, maxLength: 50 }),
  boardId: t.Optional(t.String({ maxLength: 200 })),
  workspaceId: t.Optional(t.String({ maxLength: 200 })),
  teamId: t.Optional(t.String({ maxLength: 200 })),
  spaceId: t.Optional(t.String({ maxLength: 200 })),
  projectId: t.Optional(t.String({ maxLength: 200 })),
  listId: t.Optional(t.String({ maxLength: 200 })),
})
