/**
 * Request bodies of the annotation calls, in the SPEC's field names (section 3). Registered as models so
 * they appear by name in the OpenAPI document.
 */
import { ANNOTATION_STATUSES } from '@pinpoint/domain'
import { type Static, t } from 'elysia'

const Id = t.String({ minLength: 1, maxLength: 100 })
const Url = t.String({ maxLength: 4000, pattern: '^(https?:|data:image/|/)' })
const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()])

export const AnnotationStatus = t.Union(ANNOTATION_STATUSES.map((status) => t.Literal(status)))

/** metadata: window (SPEC metadata.window) and the pin's anchor; other keys are kept as given. */
export const AnnotationMetadata = t.Object(
  {
    window: t.Optional(
      t.Object({
        width: t.Number({ minimum: 0, maximum: 100_000 }),
        height: t.Number({ minimum: 0, maximum: 100_000 }),
      }),
    ),
    anchor: t.Optional(t.Record(t.String(), t.Unknown())),
  },
  { additionalProperties: true, maxProperties: 40 },
)

const editableFields = {
  comment: t.String({ maxLength: 20_000 }),
  path: Nullable(t.String({ maxLength: 2000 })),
  isPrivate: t.Boolean(),
  status: AnnotationStatus,
  inactiveReason: Nullable(t.String({ maxLength: 200 })),
  metadata: AnnotationMetadata,
  x: Nullable(t.Number()),
  y: Nullable(t.Number()),
  videoTime: Nullable(t.Number({ minimum: 0 })),
  CanvasAssetId: Nullable(Id),
  canvasAssetPageIndex: Nullable(t.Integer({ minimum: 0, maximum: 100_000 })),
  textContentBefore: Nullable(t.String({ maxLength: 20_000 })),
  textContentAfter: Nullable(t.String({ maxLength: 20_000 })),
  screenshotUrl: Nullable(Url),
  afterScreenshotUrl: Nullable(Url),
  /** Files uploaded beforehand (POST /file-attachments) to attach to this comment. */
  fileAttachmentIds: t.Array(Id, { maxItems: 20 }),
}

export const CreateAnnotationBody = t.Composite([
  t.Object({
    CanvasId: Id,
    CanvasRevisionId: t.Optional(Nullable(Id)),
    /**
     * The review screen is capturing the pinned spot and will send it (PUT /annotations/{id}/screenshot):
     * mention e-mails wait a few seconds for it (decision 055).
     */
    screenshotPending: t.Optional(t.Boolean()),
  }),
  t.Partial(t.Object(editableFields)),
])
export type CreateAnnotationBody = Static<typeof CreateAnnotationBody>

export const UpdateAnnotationBody = t.Partial(t.Object(editableFields))
export type UpdateAnnotationBody = Static<typeof UpdateAnnotationBody>

export const MarkExportedBody = t.Object({ annotationIds: t.Array(Id, { minItems: 1, maxItems: 5000 }) })

export const InactiveReasonBody = t.Object({
  path: t.String({ maxLength: 2000 }),
  /** The reason to set, or null to clear it for every annotation of the canvas at this path. */
  inactiveReason: Nullable(t.String({ minLength: 1, maxLength: 200 })),
  /** Limit a set to these annotations (pins whose element is gone); clearing always covers the whole path. */
  annotationIds: t.Optional(t.Array(Id, { maxItems: 5000 })),
})
export type InactiveReasonBody = Static<typeof InactiveReasonBody>
