/**
 * Test data factories (outline-style `buildX(overrides)`). Each call inserts fresh rows with unique e-mails,
 * names and slugs, so tests sharing one database do not see each other's data.
 *
 * Passwords: users get DEFAULT_PASSWORD ('pinpoint-test-password') through a precomputed low-cost argon2id
 * hash (Bun.password.verify accepts it in ~1 ms). Pass `password` to hash another one.
 */
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import {
  type Annotation,
  type AnnotationReply,
  annotationReplies,
  annotations,
  type Canvas,
  type CanvasRevision,
  type Customer,
  canvases,
  canvasRevisions,
  customers,
  type Folder,
  folders,
  type Invite,
  invites,
  type Label,
  labels,
  type NewAnnotation,
  type NewAnnotationReply,
  type NewCanvas,
  type NewCustomer,
  type NewFolder,
  type NewInvite,
  type NewLabel,
  type NewTeam,
  type NewUser,
  type Team,
  teams,
  type User,
  users,
} from '../schema/index.ts'

/** The password of every factory user unless `password` is given. */
export const DEFAULT_PASSWORD = 'pinpoint-test-password'

/** argon2id (m=1024, t=1) of DEFAULT_PASSWORD: cheap to verify, same format as Bun.password.hash output. */
export const DEFAULT_PASSWORD_HASH =
  '$argon2id$v=19$m=1024,t=1,p=1$YmDRu2F5BEvIwv9Ww9oMfK7C+2JVXlSIO1zOd7Dehs0$R6xbbUM99h95vQfkyS2Y9wOuT+SZQvmVpp0L9/Nv06s'

let sequence = 0

/** A value unique within this process and across processes: "<counter>-<random>". */
export function uniqueSuffix(): string {
  sequence += 1
  return `${sequence}-${Math.random().toString(36).slice(2, 8)}`
}

/** A unique lowercase e-mail on the reserved example.test domain. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${uniqueSuffix()}@example.test`
}

async function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 })
}

function first<T>(rows: T[], what: string): T {
  const row = rows[0]
  if (!row) throw new Error(`factory: inserting ${what} returned no row`)
  return row
}

export type BuildUserOverrides = Partial<NewUser> & {
  /** Plain password to hash (slow-ish); default DEFAULT_PASSWORD via a precomputed hash. */
  password?: string
}

/** Inserts a user (member, not a guest, no team unless teamId is given; guests get no password). */
export async function buildUser(db: DbOrTx, overrides: BuildUserOverrides = {}): Promise<User> {
  const { password, ...values } = overrides
  const suffix = uniqueSuffix()
  const passwordHash =
    values.passwordHash !== undefined
      ? values.passwordHash
      : password !== undefined
        ? await hashPassword(password)
        : values.isGuest
          ? null
          : DEFAULT_PASSWORD_HASH
  const rows = await db
    .insert(users)
    .values({
      name: `Test User ${suffix}`,
      ...values,
      email: (values.email ?? `user-${suffix}@example.test`).trim().toLowerCase(),
      passwordHash,
    })
    .returning()
  return first(rows, 'user')
}

export type BuildCustomerOverrides = Partial<Omit<NewCustomer, 'userId'>> & {
  /** The billed user; created when omitted. */
  user?: User
}

/** Inserts a customer (billing record) for a user; plan free0 and status active unless overridden. */
export async function buildCustomer(db: DbOrTx, overrides: BuildCustomerOverrides = {}): Promise<Customer> {
  const { user: givenUser, ...values } = overrides
  const user = givenUser ?? (await buildUser(db))
  const rows = await db
    .insert(customers)
    .values({ customerId: `cus_test_${uniqueSuffix()}`, ...values, userId: user.id })
    .returning()
  return first(rows, 'customer')
}

export interface BuildTeamOptions extends Partial<Omit<NewTeam, 'ownerUserId'>> {
  /** The owner; created when omitted. Its teamId is set to the new team. */
  owner?: User
  /** The owner's customer plan (default 'team49'). */
  plan?: string
  /** Extra columns for the owner's customer row. */
  customer?: Partial<Omit<NewCustomer, 'userId' | 'planId'>>
}

export interface BuiltTeam {
  team: Team
  /** The owner, reloaded with teamId set. */
  owner: User
  customer: Customer
}

/**
 * Inserts a team with its owner (member of the team, role 'member': ownership alone makes a team admin) and
 * the owner's customer on `plan` (default 'team49', status active).
 */
export async function buildTeam(db: DbOrTx, options: BuildTeamOptions = {}): Promise<BuiltTeam> {
  const { owner: givenOwner, plan = 'team49', customer: customerValues, ...teamValues } = options
  const owner = givenOwner ?? (await buildUser(db))
  const team = first(
    await db
      .insert(teams)
      .values({ name: `Test Team ${uniqueSuffix()}`, ...teamValues, ownerUserId: owner.id })
      .returning(),
    'team',
  )
  const updatedOwner = first(
    await db.update(users).set({ teamId: team.id }).where(eq(users.id, owner.id)).returning(),
    'team owner',
  )
  const customer = await buildCustomer(db, { ...customerValues, user: updatedOwner, planId: plan })
  return { team, owner: updatedOwner, customer }
}

export type BuildFolderOverrides = Partial<Omit<NewFolder, 'userId' | 'parentFolderId'>> & {
  user?: User
  parent?: Folder
}

/** Inserts a folder owned by `user` (created when omitted), optionally inside `parent`. */
export async function buildFolder(db: DbOrTx, overrides: BuildFolderOverrides = {}): Promise<Folder> {
  const { user: givenUser, parent, ...values } = overrides
  const user = givenUser ?? (await buildUser(db))
  const rows = await db
    .insert(folders)
    .values({
      name: `Folder ${uniqueSuffix()}`,
      ...values,
      userId: user.id,
      parentFolderId: parent?.id ?? null,
    })
    .returning()
  return first(rows, 'folder')
}

export type BuildCanvasOverrides = Partial<Omit<NewCanvas, 'userId' | 'folderId'>> & {
  user?: User
  /** Puts the canvas in this folder and raises the folder's canvasesCount (as the canvas service does). */
  folder?: Folder
}

export interface BuiltCanvas {
  /** The canvas, with currentRevisionId pointing at `revision`. */
  canvas: Canvas
  /** Revision number 1. */
  revision: CanvasRevision
}

/** Inserts a website canvas (unless `type` says otherwise) with its first revision. */
export async function buildCanvas(db: DbOrTx, overrides: BuildCanvasOverrides = {}): Promise<BuiltCanvas> {
  const { user: givenUser, folder, ...values } = overrides
  const user = givenUser ?? (await buildUser(db))
  const inserted = first(
    await db
      .insert(canvases)
      .values({
        type: 'website',
        title: `Canvas ${uniqueSuffix()}`,
        localUrl: values.type && values.type !== 'website' ? null : 'https://example.com/',
        ...values,
        userId: user.id,
        folderId: folder?.id ?? null,
      })
      .returning(),
    'canvas',
  )
  const revision = first(
    await db.insert(canvasRevisions).values({ canvasId: inserted.id, number: 1 }).returning(),
    'canvas revision',
  )
  const canvas = first(
    await db
      .update(canvases)
      .set({ currentRevisionId: revision.id })
      .where(eq(canvases.id, inserted.id))
      .returning(),
    'canvas',
  )
  if (folder && !canvas.archiveDate) {
    await db
      .update(folders)
      .set({ canvasesCount: sql`${folders.canvasesCount} + 1` })
      .where(eq(folders.id, folder.id))
  }
  return { canvas, revision }
}

export type BuildAnnotationOverrides = Partial<
  Omit<NewAnnotation, 'canvasId' | 'canvasRevisionId' | 'userId' | 'assignedUserId'>
> & {
  /** The canvas; a new one (with a new owner) when omitted. */
  canvas?: Canvas
  /** Defaults to the canvas's current revision. */
  revision?: CanvasRevision
  /** The author; defaults to the canvas owner. Pass null for an anonymous guest comment. */
  user?: User | null
  assignedUser?: User
}

/** Inserts an annotation on a canvas (status active, team-visible, pinned at the page centre). */
export async function buildAnnotation(
  db: DbOrTx,
  overrides: BuildAnnotationOverrides = {},
): Promise<Annotation> {
  const { canvas: givenCanvas, revision, user: givenUser, assignedUser, ...values } = overrides
  const canvas = givenCanvas ?? (await buildCanvas(db)).canvas
  const user =
    givenUser === null
      ? null
      : (givenUser ?? first(await db.select().from(users).where(eq(users.id, canvas.userId)), 'canvas owner'))
  const rows = await db
    .insert(annotations)
    .values({
      comment: `Comment ${uniqueSuffix()}`,
      userName: user?.name ?? 'Guest',
      path: canvas.type === 'website' ? '/' : null,
      x: 0.5,
      y: 0.5,
      metadata: { window: { width: 1440, height: 900 } },
      ...values,
      canvasId: canvas.id,
      canvasRevisionId: revision?.id ?? canvas.currentRevisionId,
      userId: user?.id ?? null,
      assignedUserId: assignedUser?.id ?? null,
    })
    .returning()
  return first(rows, 'annotation')
}

export type BuildReplyOverrides = Partial<Omit<NewAnnotationReply, 'annotationId' | 'userId'>> & {
  annotation?: Annotation
  /** The author; defaults to the annotation's author (or a new user). Pass null for an anonymous guest. */
  user?: User | null
}

/** Inserts a reply to an annotation (created when omitted). */
export async function buildReply(db: DbOrTx, overrides: BuildReplyOverrides = {}): Promise<AnnotationReply> {
  const { annotation: givenAnnotation, user: givenUser, ...values } = overrides
  const annotation = givenAnnotation ?? (await buildAnnotation(db))
  let user: User | null
  if (givenUser !== undefined) user = givenUser
  else if (annotation.userId) {
    user = first(await db.select().from(users).where(eq(users.id, annotation.userId)), 'annotation author')
  } else user = await buildUser(db)
  const rows = await db
    .insert(annotationReplies)
    .values({
      comment: `Reply ${uniqueSuffix()}`,
      userName: user?.name ?? 'Guest',
      ...values,
      annotationId: annotation.id,
      userId: user?.id ?? null,
    })
    .returning()
  return first(rows, 'reply')
}

export type BuildLabelOverrides = Partial<Omit<NewLabel, 'teamId'>> & {
  /** The team; a new one (buildTeam) when omitted. */
  team?: Team
}

export async function buildLabel(db: DbOrTx, overrides: BuildLabelOverrides = {}): Promise<Label> {
  const { team: givenTeam, ...values } = overrides
  const team = givenTeam ?? (await buildTeam(db)).team
  const rows = await db
    .insert(labels)
    .values({ name: `Label ${uniqueSuffix()}`, color: '#3b82f6', ...values, teamId: team.id })
    .returning()
  return first(rows, 'label')
}

export type BuildInviteOverrides = Partial<Omit<NewInvite, 'teamId' | 'invitedByUserId'>> & {
  team?: Team
  /** Defaults to the team owner. */
  invitedBy?: User
}

/** Inserts a team invite for a unique e-mail, expiring in 7 days. */
export async function buildInvite(db: DbOrTx, overrides: BuildInviteOverrides = {}): Promise<Invite> {
  const { team: givenTeam, invitedBy, ...values } = overrides
  const team = givenTeam ?? (await buildTeam(db)).team
  const rows = await db
    .insert(invites)
    .values({
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      ...values,
      email: (values.email ?? uniqueEmail('invitee')).trim().toLowerCase(),
      teamId: team.id,
      invitedByUserId: invitedBy?.id ?? team.ownerUserId,
    })
    .returning()
  return first(rows, 'invite')
}
