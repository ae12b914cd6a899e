/**
 * Labels over HTTP: the team's labels (SPEC 6: viewable on a team plan other than team49, edited by the
 * same team) and labels on annotations (same team or the annotation's creator), with their events.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { events, type Team, teams } from '@pinpoint/db'
import { buildLabel } from '@pinpoint/db/testing'
import { and, eq, isNull } from 'drizzle-orm'
import type { AnnotationJson } from '../annotations/json-sql'
import { buildWorld, type World } from '../annotations/test-world'
import type { LabelJson } from './service'

let w: World
let teamId: string

beforeAll(async () => {
  w = await buildWorld()
  teamId = w.member.teamId ?? ''
})

async function teamOf(teamId: string | null): Promise<Team> {
  const [team] = await w.db
    .select()
    .from(teams)
    .where(eq(teams.id, teamId ?? ''))
  if (!team) throw new Error('no team')
  return team
}

let made = 0
/** A label of the member's team; names are unique per team, so the default one is numbered. */
async function newLabel(name = `Bug ${++made}`, color = '#ef4444') {
  const res = await (await w.as(w.member)).post<{ label: LabelJson }>('/api/v1/labels', { name, color })
  expect(res.status).toBe(200)
  return res.body.label
}

describe('team labels', () => {
  test('a member of an enterprise team creates, lists, renames and deletes labels', async () => {
    const label = await newLabel('Copy', '#22C55E')
    expect(label).toMatchObject({ name: 'Copy', color: '#22c55e', TeamId: teamId })
    const list = await (await w.as(w.admin)).get<{ labels: LabelJson[] }>(`/api/v1/teams/${teamId}/labels`)
    expect(list.body.labels.map((l) => l.id)).toContain(label.id)
    const renamed = await (await w.as(w.owner)).put<{ label: LabelJson }>(`/api/v1/labels/${label.id}`, {
      name: 'Wording',
    })
    expect(renamed.body.label.name).toBe('Wording')
    expect((await (await w.as(w.member)).delete(`/api/v1/labels/${label.id}`)).status).toBe(200)
    expect((await (await w.as(w.member)).delete(`/api/v1/labels/${label.id}`)).status).toBe(404)
  })

  test('plan and team gates: team49, guests, anonymous and other teams are refused', async () => {
    const t49 = await (await w.as(w.team49Member)).post('/api/v1/labels', { name: 'x', color: '#000' })
    expect(t49.status).toBe(403)
    expect(
      (await (await w.as(w.team49Member)).get(`/api/v1/teams/${w.team49Member.teamId}/labels`)).status,
    ).toBe(403)
    expect((await (await w.as(w.guest)).post('/api/v1/labels', { name: 'x', color: '#000' })).status).toBe(
      403,
    )
    expect((await (await w.as(null)).post('/api/v1/labels', { name: 'x', color: '#000' })).status).toBe(401)
    expect((await (await w.as(w.solo)).post('/api/v1/labels', { name: 'x', color: '#000' })).status).toBe(403)
    expect((await (await w.as(w.outsider)).get(`/api/v1/teams/${teamId}/labels`)).status).toBe(403)
    const label = await newLabel()
    expect(
      (await (await w.as(w.outsider)).put(`/api/v1/labels/${label.id}`, { name: 'mine now' })).status,
    ).toBe(404)
    const foreignTeam = await (await w.as(w.member)).post('/api/v1/labels', {
      name: 'x',
      color: '#000',
      TeamId: w.outsider.teamId,
    })
    expect(foreignTeam.status).toBe(403)
  })

  test('names are unique per team ignoring case; colours are stored as #rrggbb', async () => {
    const first = await newLabel('Needs copy', '#ABC')
    expect(first.color).toBe('#aabbcc')
    const client = await w.as(w.admin)
    const twin = await client.post<{ error: string; meta: { labelId: string } }>('/api/v1/labels', {
      name: '  needs COPY ',
      color: '#2563eb',
    })
    expect(twin.status).toBe(409)
    expect(twin.body.error).toBe('Conflict')
    expect(twin.body.meta.labelId).toBe(first.id)
    const other = await newLabel('Needs image', '#15803d')
    expect((await client.put(`/api/v1/labels/${other.id}`, { name: 'NEEDS copy' })).status).toBe(409)
    // Changing only the case of its own name, or only the colour, is not a clash.
    const recased = await client.put<{ label: LabelJson }>(`/api/v1/labels/${first.id}`, {
      name: 'Needs Copy',
      color: '#FDE047',
    })
    expect(recased.status).toBe(200)
    expect(recased.body.label).toMatchObject({ name: 'Needs Copy', color: '#fde047' })
    // Two creations of one new name at the same moment: exactly one wins.
    const [a, b] = await Promise.all([
      (await w.as(w.member)).post('/api/v1/labels', { name: 'Race', color: '#000' }),
      (await w.as(w.owner)).post('/api/v1/labels', { name: 'race', color: '#fff' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    // Another team may use the same name.
    const theirs = await (await w.as(w.outsider)).post<{ label: LabelJson }>('/api/v1/labels', {
      name: 'Needs Copy',
      color: '#2563eb',
    })
    expect(theirs.status).toBe(200)
    expect(theirs.body.label.TeamId).toBe(w.outsider.teamId ?? '')
  })

  test('a guest of the team and a member of another team cannot rename, recolour or delete', async () => {
    const label = await newLabel('Keep me', '#0369a1')
    for (const who of [w.guest, w.outsider, w.team49Member, w.solo]) {
      const client = await w.as(who)
      expect([403, 404]).toContain((await client.put(`/api/v1/labels/${label.id}`, { color: '#000' })).status)
      expect([403, 404]).toContain((await client.delete(`/api/v1/labels/${label.id}`)).status)
    }
    expect((await (await w.as(null)).delete(`/api/v1/labels/${label.id}`)).status).toBe(401)
    const list = await (await w.as(w.member)).get<{ labels: LabelJson[] }>(`/api/v1/teams/${teamId}/labels`)
    expect(list.body.labels.find((l) => l.id === label.id)).toMatchObject({
      name: 'Keep me',
      color: '#0369a1',
    })
  })

  test('validation: name and hex colour', async () => {
    const client = await w.as(w.member)
    expect((await client.post('/api/v1/labels', { name: '', color: '#fff' })).status).toBe(422)
    expect((await client.post('/api/v1/labels', { name: 'x', color: 'red' })).status).toBe(422)
    expect((await client.put('/api/v1/labels/whatever', {})).status).toBe(422)
  })
})

describe('labels on annotations', () => {
  test('a team member adds and removes a label; the annotation carries it; events record both', async () => {
    const label = await newLabel('UX', '#6366f1')
    const a = (
      await (
        await w.as(w.guest)
      ).post<{ annotation: AnnotationJson }>('/api/v1/annotations', { CanvasId: w.canvas.id, comment: 'hm' })
    ).body.annotation
    const added = await (await w.as(w.member)).post<{ annotation: AnnotationJson }>(
      `/api/v1/annotations/${a.id}/labels/${label.id}`,
    )
    expect(added.status).toBe(200)
    expect(added.body.annotation.Labels).toEqual([{ id: label.id, name: 'UX', color: '#6366f1' }])
    // Twice is fine and records nothing new.
    await (await w.as(w.member)).post(`/api/v1/annotations/${a.id}/labels/${label.id}`)
    // Renaming the label tells the canvas.
    await (await w.as(w.member)).put(`/api/v1/labels/${label.id}`, { name: 'Usability' })
    const list = await (await w.as(w.guest)).get<{ annotations: AnnotationJson[] }>(
      `/api/v1/canvases/${w.canvas.id}/annotations`,
    )
    expect(list.body.annotations.find((x) => x.id === a.id)?.Labels[0]?.name).toBe('Usability')
    const removed = await (await w.as(w.member)).delete<{ annotation: AnnotationJson }>(
      `/api/v1/annotations/${a.id}/labels/${label.id}`,
    )
    expect(removed.body.annotation.Labels).toEqual([])
    const types = (
      await w.db
        .select({ type: events.type })
        .from(events)
        .where(and(eq(events.canvasId, w.canvas.id), isNull(events.userId)))
    ).map((e) => e.type)
    expect(types.filter((t) => t === 'annotation.label-added')).toHaveLength(1)
    expect(types).toContain('annotation.label-removed')
    expect(types).toContain('label.updated')
  })

  test("the annotation's creator may label it even as a guest; other guests may not", async () => {
    const label = await newLabel('Guest-able')
    const a = (
      await (
        await w.as(w.guest)
      ).post<{ annotation: AnnotationJson }>('/api/v1/annotations', { CanvasId: w.canvas.id, comment: 'x' })
    ).body.annotation
    expect((await (await w.as(w.guest)).post(`/api/v1/annotations/${a.id}/labels/${label.id}`)).status).toBe(
      200,
    )
    const m = (
      await (
        await w.as(w.member)
      ).post<{ annotation: AnnotationJson }>('/api/v1/annotations', { CanvasId: w.canvas.id, comment: 'y' })
    ).body.annotation
    expect((await (await w.as(w.guest)).post(`/api/v1/annotations/${m.id}/labels/${label.id}`)).status).toBe(
      403,
    )
  })

  test("another team's label, a missing label and a hidden annotation are NotFound", async () => {
    const foreign = await buildLabel(w.db, { team: await teamOf(w.outsider.teamId) })
    const a = (
      await (
        await w.as(w.member)
      ).post<{ annotation: AnnotationJson }>('/api/v1/annotations', { CanvasId: w.canvas.id, comment: 'x' })
    ).body.annotation
    expect(
      (await (await w.as(w.member)).post(`/api/v1/annotations/${a.id}/labels/${foreign.id}`)).status,
    ).toBe(404)
    expect((await (await w.as(w.member)).post(`/api/v1/annotations/${a.id}/labels/missing`)).status).toBe(404)
    const label = await newLabel()
    const secret = (
      await (
        await w.as(w.member)
      ).post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
        CanvasId: w.canvas.id,
        comment: 's',
        isPrivate: true,
      })
    ).body.annotation
    expect(
      (await (await w.as(w.guest)).post(`/api/v1/annotations/${secret.id}/labels/${label.id}`)).status,
    ).toBe(404)
  })

  test('labels on a team49 canvas are refused (the plan has no labels)', async () => {
    const label = await buildLabel(w.db, { team: await teamOf(w.team49Member.teamId) })
    const a = (
      await (
        await w.as(w.team49Member)
      ).post<{ annotation: AnnotationJson }>('/api/v1/annotations', {
        CanvasId: w.team49Canvas.id,
        comment: 'x',
      })
    ).body.annotation
    expect(
      (await (await w.as(w.team49Member)).post(`/api/v1/annotations/${a.id}/labels/${label.id}`)).status,
    ).toBe(403)
  })
})
