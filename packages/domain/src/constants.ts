/**
 * Business constants and enumerations of SPEC section 9 (and the value lists of sections 2–4).
 * Every list is a readonly tuple so its element type can be used as a union (`CanvasSort`, ...).
 */

const SECOND_MS = 1000
const HOUR_MS = 60 * 60 * SECOND_MS
const DAY_MS = 24 * HOUR_MS

/** How long a toast stays on screen by default (ms). */
export const TOAST_TIMEOUT_MS = 5000
/** Length of a toast's in and out animation (ms). */
export const TOAST_ANIMATION_MS = 300
/** How long a real-time notification stays on screen (ms). */
export const NOTIFICATION_TIMEOUT_MS = 5000
/** Length of a notification's enter and leave transition (ms). */
export const NOTIFICATION_TRANSITION_MS = 400
/** How long the 'Invite(s) sent to ...' message stays on screen (ms). */
export const INVITE_SUCCESS_TIMEOUT_MS = 5000

/** A presence entry that is not refreshed within this time (ms) is dropped. */
export const PRESENCE_TIMEOUT_MS = 30_000

/** Grace after `periodEnd` during which an `active` or `past_due` customer stays active (7 days, ms). */
export const PAID_GRACE_MS = 7 * DAY_MS
/** Grace after `periodEnd` during which a `trialing` customer stays active (2 hours, ms). */
export const TRIALING_GRACE_MS = 2 * HOUR_MS

/** Windows narrower than this (px) are in the mobile bucket; this width itself is tablet. */
export const MOBILE_WIDTH_LIMIT = 500
/** Widest window (px, inclusive) still in the tablet bucket; wider is desktop. */
export const TABLET_MAX_WIDTH = 768
/** Widest window (px, inclusive) whose comments switch to the mobile view when taller than wide. */
export const NARROW_WINDOW_MAX_WIDTH = 768

/** Default width of the dashboard folder sidebar (px). */
export const DEFAULT_SIDEBAR_WIDTH = 233
/** Default zoom of the feedback link screen (percent). */
export const DEFAULT_ZOOM = 100
/** Default device width of the mobile view (px). */
export const DEFAULT_VIEW_WIDTH = 375
/** Mobile device presets (px), ascending. */
export const DEVICE_WIDTHS = [320, 360, 375, 384, 390, 412, 414, 430, 768] as const

/** View modes of website and email canvases; the default device type is desktop. */
export const VIEW_MODES = ['desktop', 'mobile'] as const
export type ViewMode = (typeof VIEW_MODES)[number]
export const DEFAULT_VIEW_MODE: ViewMode = 'desktop'

/** Wait before each attempt of a video upload (ms); its length is the number of attempts. */
export const VIDEO_UPLOAD_RETRY_DELAYS_MS = [0, 3000, 5000, 10_000, 20_000, 60_000, 60_000] as const
/** Wait before each attempt of any other resumable upload (ms). */
export const DEFAULT_UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const

/** Max-age of the cookie recording the initial visit (30 days, seconds). */
export const INITIAL_VISIT_COOKIE_MAX_AGE_S = 2_592_000
/** Max-age of the user-info tracking cookie (seconds). */
export const USER_INFO_COOKIE_MAX_AGE_S = 3600

/** Dashboard canvas status filter values. */
export const CANVAS_STATUS_FILTERS = ['all', 'new-activity', 'archived', 'none'] as const
export type CanvasStatusFilter = (typeof CANVAS_STATUS_FILTERS)[number]
export const DEFAULT_CANVAS_STATUS_FILTER: CanvasStatusFilter = 'all'

/** Dashboard canvas sorts. */
export const CANVAS_SORTS = ['recency', 'name', 'oldest'] as const
export type CanvasSort = (typeof CANVAS_SORTS)[number]
export const DEFAULT_CANVAS_SORT: CanvasSort = 'recency'

/** Dashboard folder sorts; `name` compares case-insensitively. */
export const FOLDER_SORTS = ['name', 'recency', 'oldest'] as const
export type FolderSort = (typeof FOLDER_SORTS)[number]
export const DEFAULT_FOLDER_SORT: FolderSort = 'name'

/** Feedback-link sidebar annotation sorts. */
export const ANNOTATION_SORTS = ['page', 'recency', 'oldest'] as const
export type AnnotationSort = (typeof ANNOTATION_SORTS)[number]
export const DEFAULT_ANNOTATION_SORT: AnnotationSort = 'page'

/** The free plan. */
export const FREE_PLAN_ID = 'free0'
/** Every plan id the product knows (SPEC 6). */
export const PLAN_IDS = [
  FREE_PLAN_ID,
  'team49',
  'team49yearly',
  'individual19',
  'individual19yearly',
  'individual29',
  'individual29yearly',
  'individual35',
  'individual35yearly',
  'enterprise35peruser',
  'enterprise35peruseryearly',
  'enterprise45peruser',
  'enterprise45peruseryearly',
] as const
export type PlanId = (typeof PLAN_IDS)[number]

/**
 * Annotation statuses. The SPEC names the default visible set (active, in-progress, in-review) and leaves
 * further values open; we decided on one more, `resolved`, the closed state. It is hidden by the default
 * sidebar filter but counted like the others.
 */
export const ANNOTATION_STATUSES = ['active', 'in-progress', 'in-review', 'resolved'] as const
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number]
/** Statuses shown by the sidebar filter before the user changes it. */
export const DEFAULT_VISIBLE_ANNOTATION_STATUSES: readonly AnnotationStatus[] = [
  'active',
  'in-progress',
  'in-review',
]
/** Status of a new annotation. */
export const DEFAULT_ANNOTATION_STATUS: AnnotationStatus = 'active'

/** Canvas types; `pdf` is also derived for a design canvas whose first asset is a pdf. */
export const CANVAS_TYPES = ['website', 'design', 'email', 'video', 'pdf', 'other'] as const
export type CanvasType = (typeof CANVAS_TYPES)[number]

/** Who may open a shared folder (project). */
export const FOLDER_VISIBILITIES = ['only-team', 'anyone-with-link', 'only-me'] as const
export type FolderVisibility = (typeof FOLDER_VISIBILITIES)[number]

/** Comment visibility: `team` is a private comment (`isPrivate: true`), `everyone` a public one. */
export const COMMENT_VISIBILITIES = ['team', 'everyone'] as const
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number]

/** Team member roles; the owner is not a role but `team.ownerUserId`. */
export const TEAM_ROLES = ['admin', 'member'] as const
export type TeamRole = (typeof TEAM_ROLES)[number]

/** Toast and notification types. */
export const TOAST_TYPES = ['info', 'success', 'error', 'warning'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

/** Narrows an unknown value to a member of one of the lists above. */
export function isOneOf<const T extends readonly string[]>(list: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}

/** True for one of ANNOTATION_STATUSES. */
export function isAnnotationStatus(value: unknown): value is AnnotationStatus {
  return isOneOf(ANNOTATION_STATUSES, value)
}

/** True for one of CANVAS_TYPES. */
export function isCanvasType(value: unknown): value is CanvasType {
  return isOneOf(CANVAS_TYPES, value)
}

/** True for one of FOLDER_VISIBILITIES. */
export function isFolderVisibility(value: unknown): value is FolderVisibility {
  return isOneOf(FOLDER_VISIBILITIES, value)
}

/** Maps an annotation's or reply's `isPrivate` flag to its visibility value. */
export function commentVisibility(isPrivate: boolean | null | undefined): CommentVisibility {
  return isPrivate ? 'team' : 'everyone'
}

/** Maps a visibility value back to the stored `isPrivate` flag. */
export function isPrivateVisibility(visibility: CommentVisibility): boolean {
  return visibility === 'team'
}
