import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { canvases, folders, teams } from '../schema/index.ts'
import {
  buildAnnotation,
  buildCanvas,
  buildCustomer,
  buildFolder,
  buildInvite,
  buildLabel,
  buildReply,
  buildTeam,
  buildUser,
  DEFAULT_PASSWORD,
} from './factories.ts'
import { testDatabase } from './index.ts'

const { db } = await testDatabase()

describe('factories', () => {
  test('buildUser gives unique lowercase e-mails and the default password', async () => {
    const a = await buildUser(db)
    const b = await buildUser(db, { email: `  Someone.${crypto.randomUUID()}@Example.TEST ` })
    expect(a.email).not.toBe(b.email)
    expect(b.email).toBe(b.email.toLowerCase())
    expect(b.email.startsWith('someone.')).toBe(true)
    expect(a.passwordHash).toBeString()
    expect(await Bun.password.verify(DEFAULT_PASSWORD, a.passwordHash ?? '')).toBe(true)
    expect(a.role).toBe('member')
    expect(a.isGuest).toBe(false)
    expect(a.teamId).toBeNull()
  })

  test('buildUser hashes a given password and gives guests none', async () => {
    const user = await buildUser(db, { password: 'another secret' })
    expect(await Bun.password.verify('another secret', user.passwordHash ?? '')).toBe(true)
    const guest = await buildUser(db, { isGuest: true, name: 'Guest Reviewer' })
    expect(guest.passwordHash).toBeNull()
    expect(guest.name).toBe('Guest Reviewer')
  })

  test('buildTeam creates owner, team and customer', async () => {
    const { team, owner, customer } = await buildTeam(db, { plan: 'enterprise35peruser', name: 'Acme' })
    expect(team.name).toBe('Acme')
    expect(team.ownerUserId).toBe(owner.id)
    expect(owner.teamId).toBe(team.id)
    expect(customer.userId).toBe(owner.id)
    expect(customer.planId).toBe('enterprise35peruser')
    expect(customer.status).toBe('active')

    const existing = await buildUser(db)
    const second = await buildTeam(db, { owner: existing })
    expect(second.owner.id).toBe(existing.id)
    expect(second.customer.planId).toBe('team49')
  })

  test('buildCustomer defaults to free0', async () => {
    const customer = await buildCustomer(db)
    expect(customer.planId).toBe('free0')
    expect(customer.betaFeatures).toEqual({})
    const beta = await buildCustomer(db, { betaFeatures: { emailReview: true }, status: 'trialing' })
    expect(beta.betaFeatures.emailReview).toBe(true)
    expect(beta.status).toBe('trialing')
  })

  test('buildCanvas creates revision 1 and counts the canvas in its folder', async () => {
    const user = await buildUser(db)
    const folder = await buildFolder(db, { user })
    const { canvas, revision } = await buildCanvas(db, { user, folder, type: 'design', title: 'Homepage' })
    expect(canvas.userId).toBe(user.id)
    expect(canvas.folderId).toBe(folder.id)
    expect(canvas.type).toBe('design')
    expect(canvas.localUrl).toBeNull()
    expect(canvas.subdomain).toMatch(/^[a-z0-9]{16}$/)
    expect(revision.number).toBe(1)
    expect(canvas.currentRevisionId).toBe(revision.id)
    const [reloaded] = await db.select().from(folders).where(eq(folders.id, folder.id))
    expect(reloaded?.canvasesCount).toBe(1)

    const website = await buildCanvas(db)
    expect(website.canvas.type).toBe('website')
    expect(website.canvas.localUrl).toBe('https://example.com/')
  })

  test('buildFolder nests folders', async () => {
    const parent = await buildFolder(db)
    const child = await buildFolder(db, { parent, name: 'Child' })
    expect(child.parentFolderId).toBe(parent.id)
    expect(child.shareableId).not.toBe(parent.shareableId)
    expect(child.visibility).toBe('only-team')
  })

  test('buildAnnotation and buildReply', async () => {
    const { canvas, revision } = await buildCanvas(db)
    const assignee = await buildUser(db)
    const annotation = await buildAnnotation(db, { canvas, assignedUser: assignee, isPrivate: true })
    expect(annotation.canvasId).toBe(canvas.id)
    expect(annotation.canvasRevisionId).toBe(revision.id)
    expect(annotation.userId).toBe(canvas.userId)
    expect(annotation.assignedUserId).toBe(assignee.id)
    expect(annotation.isPrivate).toBe(true)
    expect(annotation.status).toBe('active')
    expect(annotation.metadata.window).toEqual({ width: 1440, height: 900 })

    const reply = await buildReply(db, { annotation })
    expect(reply.annotationId).toBe(annotation.id)
    expect(reply.userId).toBe(annotation.userId)

    const guestComment = await buildAnnotation(db, { canvas, user: null, userName: 'Visitor' })
    expect(guestComment.userId).toBeNull()
    const guestReply = await buildReply(db, { annotation: guestComment, user: null })
    expect(guestReply.userId).toBeNull()
    expect(guestReply.userName).toBe('Guest')

    const standalone = await buildReply(db)
    expect(standalone.annotationId).toBeString()
  })

  test('buildLabel and buildInvite belong to a team', async () => {
    const { team, owner } = await buildTeam(db)
    const label = await buildLabel(db, { team, color: '#ff0000' })
    expect(label.teamId).toBe(team.id)
    expect(label.color).toBe('#ff0000')
    const invite = await buildInvite(db, { team, email: 'New.Person@Example.test' })
    expect(invite.teamId).toBe(team.id)
    expect(invite.invitedByUserId).toBe(owner.id)
    expect(invite.email).toBe('new.person@example.test')
    expect(invite.code).toMatch(/^[a-z0-9]{24}$/)
    const other = await buildInvite(db)
    expect(other.code).not.toBe(invite.code)
  })

  test('relational queries resolve the relations', async () => {
    const { team, owner } = await buildTeam(db)
    const { canvas } = await buildCanvas(db, { user: owner })
    await buildAnnotation(db, { canvas })
    const found = await db.query.canvases.findFirst({
      where: eq(canvases.id, canvas.id),
      with: { user: { with: { team: true, customer: true } }, revisions: true, annotations: true },
    })
    expect(found?.user.team?.id).toBe(team.id)
    expect(found?.user.customer?.planId).toBe('team49')
    expect(found?.revisions).toHaveLength(1)
    expect(found?.annotations).toHaveLength(1)
    const member = await buildUser(db, { teamId: team.id })
    const withPeople = await db.query.teams.findFirst({
      where: eq(teams.id, team.id),
      with: { owner: true, members: true },
    })
    expect(withPeople?.owner.id).toBe(owner.id)
    expect(withPeople?.members.map((m) => m.id).sort()).toEqual([owner.id, member.id].sort())
  })
})
