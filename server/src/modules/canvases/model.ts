/** Request schemas of the canvas routes (registered with `.model()` so they are named in OpenAPI). */
import { t } from 'elysia'

const canvasType = t.Union([
  t.Literal('website'),
  t.Literal('design'),
  t.Literal('email'),
  t.Literal('video'),
  t.Literal('pdf'),
  t.Literal('other'),
])
export const visibility = t.Union([
  t.Literal('anyone-with-link'),
  t.Literal('only-team'),
  t.Literal('only-me'),
])
const nullableDate = t.Union([t.String({ format: 'date-time' }), t.Null()])

export const canvasModels = {
  'canvas.create': t.Object({
    type: canvasType,
    title: t.String({ maxLength: 300 }),
    localUrl: t.Optional(t.Union([t.String({ maxLength: 2048 }), t.Null()])),
    folderId: t.Optional(t.Union([t.String(), t.Null()])),
    readOnlyDate: t.Optional(nullableDate),
    expireDate: t.Optional(nullableDate),
    visibility: t.Optional(visibility),
    password: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
  }),
  'canvas.update': t.Object({
    title: t.Optional(t.String({ maxLength: 300 })),
    localUrl: t.Optional(t.Union([t.String({ maxLength: 2048 }), t.Null()])),
    readOnlyDate: t.Optional(nullableDate),
    expireDate: t.Optional(nullableDate),
    archived: t.Optional(t.Boolean()),
    isPremium: t.Optional(t.Boolean()),
    replacedCanvasId: t.Optional(t.Union([t.String(), t.Null()])),
    UserId: t.Optional(t.String()),
    visibility: t.Optional(visibility),
    password: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
  }),
  'canvas.share': t.Object({
    emails: t.Array(t.String({ maxLength: 320 }), { maxItems: 50 }),
    message: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
  }),
  'canvas.user': t.Object({
    userId: t.Optional(t.String()),
    email: t.Optional(t.String({ maxLength: 320 })),
    role: t.Optional(t.Union([t.Literal('viewer'), t.Literal('commenter'), t.Literal('editor')])),
  }),
  'canvas.userRole': t.Object({
    role: t.Union([t.Literal('viewer'), t.Literal('commenter'), t.Literal('editor')]),
  }),
  'canvas.listQuery': t.Object({
    filters: t.Optional(t.String({ maxLength: 2000 })),
    offset: t.Optional(t.Numeric({ minimum: 0 })),
    limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200 })),
    archived: t.Optional(t.BooleanString()),
  }),
}
