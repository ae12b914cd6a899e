/**
 * Response shapes of the product API (SPEC section 3 names). The server modules own the real
 * schemas; these are the fields the front ends read. Optional where the server may leave them out.
 */
import type {
  CanvasSort,
  CanvasStatusFilter,
  CanvasType,
  FolderVisibility,
  TeamRole,
  VerdictFilter,
} from '@pinpoint/domain'

export type Customer = {
  customerId?: string | null
  planId?: string | null
  status?: string | null
  periodEnd?: string | null
  shouldEmailReceipts?: boolean
  billingEmail?: string | null
  betaFeaturesEnabled?: { emailReview?: boolean | null } | null
}

export type Team = {
  id: string
  name: string
  ownerUserId: string
  Customer?: Customer | null
  SSOConfig?: { enabled: boolean } | null
}

/** E-mail settings: which notification e-mails a user receives (keys are server-defined). */
export type EmailSettings = Record<string, boolean>

/** The signed-in user (GET /sessions/me). Never carries a password hash or token. */
export type User = {
  id: string
  name: string
  email: string
  avatarUrl?: string | null
  createdAt?: string
  isGuest?: boolean
  role?: TeamRole | string | null
  TeamId?: string | null
  Team?: Team | null
  Customer?: Customer | null
  isStaff?: boolean
  /** Whether a personal API token exists (the token itself is shown once). */
  hasApiToken?: boolean
  emailOn?: boolean
  myEmailSettings?: EmailSettings | null
  clientEmailSettings?: EmailSettings | null
  emailSettings?: EmailSettings | null
  signupSurvey?: unknown
  offboardingSurvey?: unknown
}

/** @deprecated name kept for the skeleton's imports: the signed-in user. */
export type AuthUser = User

/** A member of a team (GET /teams/{id}/users). */
export type TeamUser = Pick<User, 'id' | 'name' | 'email' | 'avatarUrl' | 'role' | 'TeamId' | 'createdAt'> & {
  isOwner?: boolean
}

/** A team's single sign-on settings, as its owner sees them (the client secret is never sent back). */
export type SsoSettings = {
  enabled: boolean
  /** Members sign in only through the identity provider (password login refused). */
  ssoOnly: boolean
  emailDomains: string[]
  issuer: string | null
  clientId: string | null
  hasClientSecret: boolean
  /** The redirect URI to register at the identity provider. */
  redirectUri: string
}

/** What the settings form sends; an empty or missing client secret keeps the stored one. */
export type SsoSettingsInput = Partial<Omit<SsoSettings, 'hasClientSecret' | 'redirectUri'>> & {
  clientSecret?: string | null
}

export type SsoConnectionResult = { ok: boolean; message: string; issuer: string | null }

export type Invite = {
  id: string
  code?: string
  email: string
  TeamId?: string
  Team?: Pick<Team, 'id' | 'name'> | null
  createdAt?: string
  expiresAt?: string | null
  lastSentAt?: string
  expired?: boolean
  invitedBy?: { id: string; name: string } | null
}

/** A team label (SPEC 3 Label: id, name, color). */
export type Label = { id: string; name: string; color: string; TeamId?: string }

export type CanvasAsset = {
  id: string
  CanvasId: string
  name: string
  type: string
  position: number
  CanvasRevisionId?: string | null
  pageThumbnailUrls?: string[] | null
  mimeType?: string | null
  uploadStatus?: string
  url?: string | null
  thumbnailUrl?: string | null
  folderId?: string | null
}

export type CanvasRevision = {
  id: string
  CanvasId: string
  number: number
  /** Optional label shown in the revision menu. */
  name?: string | null
  /** Website canvases: the address this revision reviews. */
  localUrl?: string | null
  /** The revision's picture (a short-lived signed URL), taken in a reviewer's browser; null until then. */
  thumbnailUrl?: string | null
  thumbnailAt?: string | null
  createdAt?: string
}

/** A reviewer's verdict on a revision (SPEC 3 CanvasReview; statuses ours: decision in the reviews module). */
export type CanvasReview = {
  id: string
  CanvasId: string
  CanvasRevisionId: string | null
  UserId: string | null
  status: 'approved' | 'changes-requested' | 'rejected'
  comment: string | null
  createdAt: string
}

export type Canvas = {
  id: string
  subdomain: string
  UserId: string
  /** The owner; `email` is null for link holders (they see names and avatars only). */
  User?: (Pick<User, 'id' | 'name' | 'avatarUrl' | 'TeamId'> & { email: string | null }) | null
  FolderId?: string | null
  type: CanvasType | string
  /** 'pdf' for a design whose first asset is a PDF. */
  effectiveType?: CanvasType | string
  title: string
  archived?: boolean
  visibility?: 'anyone-with-link' | 'only-team' | 'only-me' | string
  hasPassword?: boolean
  editable?: boolean
  /** The caller's invited role on the canvas (null for the owner's team and link holders). */
  viewerRole?: 'viewer' | 'commenter' | 'editor' | null
  state?: {
    paused: boolean
    feedbackDeadline: boolean
    expired: boolean
    readOnly: boolean
    readOnlyReason: string | null
  }
  localUrl?: string | null
  url?: string | null
  readOnlyDate?: string | null
  expireDate?: string | null
  archiveDate?: string | null
  isPremium?: boolean
  createdAt?: string
  updatedAt?: string
  lastActivityAt?: string | null
  thumbnailUrl?: string | null
  Customer?: Pick<Customer, 'planId'> | null
  CanvasAssets?: CanvasAsset[]
  CanvasRevisions?: CanvasRevision[]
  CanvasReviews?: CanvasReview[]
  /** The latest verdict on the current revision (approved, changes-requested, rejected), or null. */
  verdict?: string | null
  CanvasRevisionId?: string | null
  annotationsCount?: number
  unreadCount?: number
  hasNewActivity?: boolean
}

export type Folder = {
  id: string
  name: string
  description?: string | null
  UserId: string
  User?: Pick<User, 'id' | 'name' | 'TeamId'> | null
  parentFolderId?: string | null
  visibility?: FolderVisibility | string
  canvasesCount: number
  shareableId?: string | null
  /** Whether the shared link asks for a password (the password itself is never sent back). */
  hasPassword?: boolean
  createdAt?: string
  updatedAt?: string
  children?: Folder[]
}

export type DeadlineReminder = {
  id: string
  reminderDate: string
  recipientUserId?: string | null
  email?: string | null
  UserId?: string
  status?: string
}

/** A notification event (GET /users/me/events). */
export type AppEvent = {
  id: string | number
  type?: string
  UserId?: string | null
  actorUserId?: string | null
  isPrivate?: boolean
  createdAt?: string
  read?: boolean
  readAt?: string | null
  CanvasId?: string | null
  data?: {
    annotationId?: string
    replyId?: string
    canvasId?: string
    subdomain?: string
    canvasTitle?: string
    actorName?: string
    actorId?: string
    isPrivate?: boolean
    comment?: string
    text?: string
    [key: string]: unknown
  } | null
  Actor?: Pick<User, 'id' | 'name' | 'avatarUrl'> | null
}

/** Filters of GET /users/me/canvases (sent as JSON in `filters`). */
export type CanvasListFilters = {
  status?: CanvasStatusFilter
  /** Latest verdict on the current revision; 'unreviewed' for none yet. */
  verdict?: VerdictFilter
  folderId?: string | null
  search?: string
  archived?: boolean
}

export type CanvasListQuery = {
  filters?: CanvasListFilters
  sort?: CanvasSort
  offset?: number
  limit?: number
}

export type UploadableVideoDetails = {
  signature: string
  expiration: number | string
  guid: string
  videoLibraryId: string
  /** Where the tus upload goes (the server is the provider by default). */
  endpoint?: string
  uploadUrl?: string
}

/** GET /sessions/me; `impersonatorId` is the staff member behind an impersonation (decision 007). */
export type SessionResponse = { user: User; impersonatorId?: string | null }

/** GET /health */
export type HealthResponse = {
  status?: string
  database?: { kind?: string; version?: string }
}
