import { describe, expect, test } from 'bun:test'
import {
  canAccessCanvas,
  canAddLabelToAnnotation,
  canCreateLabels,
  canDeleteOthersComments,
  canEditCanvas,
  canEditFolder,
  canEditLabels,
  canPauseCanvas,
  canSeeComment,
  canSeePrivateComments,
  canViewLabels,
  isInTeam,
} from './permissions'
import {
  buildCanvas,
  buildGuest,
  buildMember,
  buildOwner,
  buildSolo,
  buildTeam,
  buildUser,
} from './test-factories'

const admin = buildUser({ id: 'admin', role: 'admin' })
const member = buildUser({ id: 'member', role: 'member' })
const otherTeamAdmin = buildUser({
  id: 'other',
  role: 'admin',
  team: buildTeam({ id: 'team-b', ownerUserId: 'x' }),
})
const teamCanvas = buildCanvas({ userId: 'creator', ownerTeamId: 'team-a' })

describe('isInTeam', () => {
  test('two missing teams are never the same team', () => {
    expect(isInTeam(buildSolo('free0'), null)).toBe(false)
    expect(isInTeam(member, 'team-a')).toBe(true)
    expect(isInTeam(member, 'team-b')).toBe(false)
  })
})

describe('canEditCanvas', () => {
  test('creator may edit', () => {
    expect(canEditCanvas(buildUser({ id: 'creator' }), teamCanvas)).toBe(true)
    expect(canEditCanvas(buildSolo('individual19'), buildCanvas({ userId: 'solo', ownerTeamId: null }))).toBe(
      true,
    )
  })

  test("a team admin of the owner's team may; a plain member may not", () => {
    expect(canEditCanvas(admin, teamCanvas)).toBe(true)
    expect(canEditCanvas(buildUser({ id: 'owner' }), teamCanvas)).toBe(true)
    expect(canEditCanvas(member, teamCanvas)).toBe(false)
  })

  test('an admin of another team, or an admin role without a team, may not', () => {
    expect(canEditCanvas(otherTeamAdmin, teamCanvas)).toBe(false)
    const soloCanvas = buildCanvas({ userId: 'someone', ownerTeamId: null })
    expect(canEditCanvas(buildSolo('free0', { role: 'admin' }), soloCanvas)).toBe(false)
  })

  test('guests and logged-out users may not, even if ids match', () => {
    expect(canEditCanvas(buildGuest({ id: 'creator' }), teamCanvas)).toBe(false)
    expect(canEditCanvas(null, teamCanvas)).toBe(false)
  })
})

describe('canAccessCanvas', () => {
  test('creator or any member of the same team', () => {
    expect(canAccessCanvas(buildUser({ id: 'creator', team: null, teamId: null }), teamCanvas)).toBe(true)
    expect(canAccessCanvas(member, teamCanvas)).toBe(true)
    expect(canAccessCanvas(otherTeamAdmin, teamCanvas)).toBe(false)
    expect(canAccessCanvas(buildSolo('free0'), buildCanvas({ userId: 'x', ownerTeamId: null }))).toBe(false)
  })

  test('guests have no member access', () => {
    expect(canAccessCanvas(buildGuest(), teamCanvas)).toBe(false)
    expect(canAccessCanvas(buildGuest({ id: 'creator' }), teamCanvas)).toBe(false)
    expect(canAccessCanvas(buildGuest({ teamId: 'team-a' }), teamCanvas)).toBe(false)
    expect(canAccessCanvas(undefined, teamCanvas)).toBe(false)
  })
})

describe('canPauseCanvas', () => {
  test('canvas owner or team admin on an enterprise team', () => {
    expect(canPauseCanvas(buildUser({ id: 'creator' }), teamCanvas)).toBe(true)
    expect(canPauseCanvas(admin, teamCanvas)).toBe(true)
    expect(canPauseCanvas(member, teamCanvas)).toBe(false)
    expect(canPauseCanvas(otherTeamAdmin, teamCanvas)).toBe(false)
  })

  test('not on team49 or team49yearly', () => {
    expect(canPauseCanvas(admin, buildCanvas({ planId: 'team49' }))).toBe(false)
    expect(canPauseCanvas(admin, buildCanvas({ planId: 'team49yearly' }))).toBe(false)
    expect(canPauseCanvas(admin, buildCanvas({ planId: 'enterprise45peruser' }))).toBe(true)
  })

  test('not when the canvas owner has no team', () => {
    const soloCanvas = buildCanvas({ userId: 'solo', ownerTeamId: null, planId: 'individual35' })
    expect(canPauseCanvas(buildSolo('individual35'), soloCanvas)).toBe(false)
  })

  test('guests may not', () => {
    expect(canPauseCanvas(buildGuest({ id: 'creator' }), teamCanvas)).toBe(false)
  })
})

describe('canDeleteOthersComments', () => {
  test("team admin of the canvas owner's team only", () => {
    expect(canDeleteOthersComments(admin, teamCanvas)).toBe(true)
    expect(canDeleteOthersComments(buildUser({ id: 'owner' }), teamCanvas)).toBe(true)
    expect(canDeleteOthersComments(member, teamCanvas)).toBe(false)
    expect(canDeleteOthersComments(otherTeamAdmin, teamCanvas)).toBe(false)
    expect(canDeleteOthersComments(null, teamCanvas)).toBe(false)
  })
})

describe('canSeePrivateComments', () => {
  test('members of the owner team on a team plan (team49 and enterprise)', () => {
    expect(canSeePrivateComments(member, buildCanvas({ planId: 'team49' }))).toBe(true)
    expect(canSeePrivateComments(member, buildCanvas({ planId: 'team49yearly' }))).toBe(true)
    expect(canSeePrivateComments(member, buildCanvas({ planId: 'enterprise35peruseryearly' }))).toBe(true)
  })

  test('not on individual or free plans', () => {
    expect(canSeePrivateComments(member, buildCanvas({ planId: 'individual19' }))).toBe(false)
    expect(canSeePrivateComments(member, buildCanvas({ planId: 'free0' }))).toBe(false)
  })

  test('falls back to the member plan when the canvas plan is not loaded', () => {
    expect(canSeePrivateComments(buildMember('team49'), buildCanvas({ planId: undefined }))).toBe(true)
    expect(canSeePrivateComments(buildMember('free0'), buildCanvas({ planId: null }))).toBe(false)
  })

  test('guests and other teams never', () => {
    expect(canSeePrivateComments(buildGuest({ teamId: 'team-a' }), teamCanvas)).toBe(false)
    expect(canSeePrivateComments(otherTeamAdmin, teamCanvas)).toBe(false)
    expect(canSeePrivateComments(null, teamCanvas)).toBe(false)
  })

  test('canSeeComment hides only private comments', () => {
    expect(canSeeComment(buildGuest(), teamCanvas, { isPrivate: false })).toBe(true)
    expect(canSeeComment(buildGuest(), teamCanvas, { isPrivate: true })).toBe(false)
    expect(canSeeComment(member, teamCanvas, { isPrivate: true })).toBe(true)
  })
})

describe('canEditFolder', () => {
  const folder = { id: 'f1', userId: 'creator', ownerTeamId: 'team-a' }

  test("any member of the folder owner's team", () => {
    expect(canEditFolder(member, folder)).toBe(true)
    expect(canEditFolder(otherTeamAdmin, folder)).toBe(false)
  })

  test('the owner of a folder without a team (decision)', () => {
    const soloFolder = { id: 'f2', userId: 'solo', ownerTeamId: null }
    expect(canEditFolder(buildSolo('individual19'), soloFolder)).toBe(true)
    expect(canEditFolder(buildSolo('individual19', { id: 'other-solo' }), soloFolder)).toBe(false)
  })

  test('guests may not', () => {
    expect(canEditFolder(buildGuest({ id: 'creator' }), folder)).toBe(false)
  })
})

describe('labels', () => {
  test('viewable only on a team with an enterprise plan', () => {
    expect(canViewLabels(buildMember('enterprise35peruser'))).toBe(true)
    expect(canViewLabels(buildMember('team49'))).toBe(false)
    expect(canViewLabels(buildMember('team49yearly'))).toBe(false)
    expect(canViewLabels(buildSolo('enterprise35peruser'))).toBe(false)
    expect(canViewLabels(buildGuest())).toBe(false)
  })

  test('create and edit in the own team only, with the feature', () => {
    expect(canCreateLabels(buildMember('enterprise45peruser'), 'team-a')).toBe(true)
    expect(canEditLabels(buildMember('enterprise45peruser'), 'team-b')).toBe(false)
    expect(canEditLabels(buildMember('team49'), 'team-a')).toBe(false)
    expect(canEditLabels(buildSolo('individual19'), null)).toBe(false)
  })

  test('add to an annotation: same team or the annotation creator', () => {
    const annotation = { id: 'a1', userId: 'guest' }
    expect(canAddLabelToAnnotation(member, annotation, teamCanvas)).toBe(true)
    expect(canAddLabelToAnnotation(buildGuest(), annotation, teamCanvas)).toBe(true)
    expect(canAddLabelToAnnotation(buildGuest({ id: 'other-guest' }), annotation, teamCanvas)).toBe(false)
    expect(canAddLabelToAnnotation(otherTeamAdmin, annotation, teamCanvas)).toBe(false)
    expect(canAddLabelToAnnotation(otherTeamAdmin, { id: 'a2', userId: null }, teamCanvas)).toBe(false)
    expect(canAddLabelToAnnotation(null, annotation, teamCanvas)).toBe(false)
  })
})

describe('owner of a team49 team', () => {
  test('still edits and accesses canvases (plan-independent rules)', () => {
    const owner = buildOwner('team49')
    const canvas = buildCanvas({ userId: 'someone', planId: 'team49' })
    expect(canEditCanvas(owner, canvas)).toBe(true)
    expect(canAccessCanvas(owner, canvas)).toBe(true)
    expect(canPauseCanvas(owner, canvas)).toBe(false)
  })
})
