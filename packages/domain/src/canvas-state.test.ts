import { describe, expect, test } from 'bun:test'
import {
  getCanvasState,
  hasFeedbackDeadline,
  isCanvasExpired,
  isCanvasPaused,
  isCanvasReadOnly,
  isPausingEnabled,
  READ_ONLY_REASON_TEXT,
  type ReadOnlyInput,
} from './canvas-state'
import { buildCanvas, buildCustomer, NOW } from './test-factories'

const DAY = 24 * 60 * 60 * 1000

describe('isPausingEnabled', () => {
  test('team owner and plan not a team49 variant', () => {
    expect(isPausingEnabled(true, 'enterprise35peruser')).toBe(true)
    expect(isPausingEnabled(true, 'team49')).toBe(false)
    expect(isPausingEnabled(true, 'team49yearly')).toBe(false)
    expect(isPausingEnabled(false, 'enterprise35peruser')).toBe(false)
  })

  test('a team with no known plan passes (literal rule)', () => {
    expect(isPausingEnabled(true, null)).toBe(true)
  })
})

describe('paused vs feedback deadline', () => {
  test('readOnlyDate one ms in the past: paused, no pending deadline', () => {
    const input = { pausingEnabled: true, readOnlyDate: NOW - 1, now: NOW }
    expect(isCanvasPaused(input)).toBe(true)
    expect(hasFeedbackDeadline(input)).toBe(false)
  })

  test('readOnlyDate exactly now: paused', () => {
    const input = { pausingEnabled: true, readOnlyDate: NOW, now: NOW }
    expect(isCanvasPaused(input)).toBe(true)
    expect(hasFeedbackDeadline(input)).toBe(false)
  })

  test('readOnlyDate one ms in the future: deadline, not paused', () => {
    const input = { pausingEnabled: true, readOnlyDate: new Date(NOW + 1), now: new Date(NOW) }
    expect(isCanvasPaused(input)).toBe(false)
    expect(hasFeedbackDeadline(input)).toBe(true)
  })

  test('nothing without pausing enabled or without a date', () => {
    expect(isCanvasPaused({ pausingEnabled: false, readOnlyDate: NOW - DAY, now: NOW })).toBe(false)
    expect(hasFeedbackDeadline({ pausingEnabled: false, readOnlyDate: NOW + DAY, now: NOW })).toBe(false)
    expect(isCanvasPaused({ pausingEnabled: true, readOnlyDate: null, now: NOW })).toBe(false)
    expect(hasFeedbackDeadline({ pausingEnabled: true, readOnlyDate: undefined, now: NOW })).toBe(false)
  })
})

describe('isCanvasExpired', () => {
  test('expired at and after expireDate, not before', () => {
    expect(isCanvasExpired({ expireDate: NOW - 1, now: NOW })).toBe(true)
    expect(isCanvasExpired({ expireDate: NOW, now: NOW })).toBe(true)
    expect(isCanvasExpired({ expireDate: NOW + 1, now: NOW })).toBe(false)
    expect(isCanvasExpired({ expireDate: null, now: NOW })).toBe(false)
    expect(isCanvasExpired({ expireDate: new Date(NOW - DAY).toISOString(), now: NOW })).toBe(true)
  })
})

describe('isCanvasReadOnly', () => {
  const base: ReadOnlyInput = {
    customerActive: true,
    paused: false,
    isGuestViewer: false,
    expired: false,
    individualPlan: false,
    isPremium: false,
  }

  test('writable by default', () => {
    expect(isCanvasReadOnly(base)).toBe(false)
  })

  test('customer inactive', () => {
    expect(isCanvasReadOnly({ ...base, customerActive: false })).toBe(true)
  })

  test('paused is read-only for guests only', () => {
    expect(isCanvasReadOnly({ ...base, paused: true, isGuestViewer: true })).toBe(true)
    expect(isCanvasReadOnly({ ...base, paused: true, isGuestViewer: false })).toBe(false)
  })

  test('expired', () => {
    expect(isCanvasReadOnly({ ...base, expired: true })).toBe(true)
  })

  test('individual exception: a not-yet-expired canvas is writable even with an inactive customer', () => {
    expect(isCanvasReadOnly({ ...base, individualPlan: true, customerActive: false })).toBe(false)
    expect(isCanvasReadOnly({ ...base, individualPlan: false, customerActive: false })).toBe(true)
  })

  test('individual exception: a premium canvas is writable even when expired', () => {
    expect(isCanvasReadOnly({ ...base, individualPlan: true, expired: true, isPremium: true })).toBe(false)
    expect(isCanvasReadOnly({ ...base, individualPlan: true, expired: true, isPremium: false })).toBe(true)
    expect(isCanvasReadOnly({ ...base, individualPlan: false, expired: true, isPremium: true })).toBe(true)
  })
})

describe('getCanvasState', () => {
  const activeEnterprise = buildCustomer({
    planId: 'enterprise35peruser',
    status: 'active',
    periodEnd: NOW + DAY,
  })

  test('a writable team canvas with a pending deadline', () => {
    const state = getCanvasState({
      canvas: buildCanvas({ readOnlyDate: NOW + DAY }),
      customer: activeEnterprise,
      isGuestViewer: true,
      now: NOW,
    })
    expect(state).toEqual({
      paused: false,
      feedbackDeadline: true,
      expired: false,
      readOnly: false,
      reasonCode: null,
      reason: null,
    })
  })

  test('paused: read-only for a guest, writable for a member', () => {
    const canvas = buildCanvas({ readOnlyDate: NOW - 1 })
    const guest = getCanvasState({ canvas, customer: activeEnterprise, isGuestViewer: true, now: NOW })
    expect(guest.paused).toBe(true)
    expect(guest.readOnly).toBe(true)
    expect(guest.reasonCode).toBe('paused')
    expect(guest.reason).toBe(READ_ONLY_REASON_TEXT.paused)
    const member = getCanvasState({ canvas, customer: activeEnterprise, isGuestViewer: false, now: NOW })
    expect(member.readOnly).toBe(false)
    expect(member.reason).toBeNull()
  })

  test('team49 canvases are never paused', () => {
    const customer = buildCustomer({ planId: 'team49yearly', periodEnd: NOW + DAY })
    const state = getCanvasState({
      canvas: buildCanvas({ readOnlyDate: NOW - 1 }),
      customer,
      isGuestViewer: true,
      now: NOW,
    })
    expect(state.paused).toBe(false)
    expect(state.readOnly).toBe(false)
  })

  test('inactive customer on a team plan', () => {
    const customer = buildCustomer({ status: 'canceled', periodEnd: NOW })
    const state = getCanvasState({ canvas: buildCanvas(), customer, isGuestViewer: false, now: NOW })
    expect(state.readOnly).toBe(true)
    expect(state.reasonCode).toBe('customer-inactive')
    expect(state.reason).toBe(
      "The canvas owner's subscription is no longer active, so this canvas is read-only.",
    )
  })

  test('expired wins as the reported reason', () => {
    const customer = buildCustomer({ status: 'canceled', periodEnd: NOW - DAY })
    const state = getCanvasState({
      canvas: buildCanvas({ expireDate: NOW }),
      customer,
      isGuestViewer: false,
      now: NOW,
    })
    expect(state.expired).toBe(true)
    expect(state.reasonCode).toBe('expired')
  })

  test('individual plan: inactive customer but not expired stays writable', () => {
    const customer = buildCustomer({ planId: 'individual19', status: 'canceled', periodEnd: NOW - DAY })
    const canvas = buildCanvas({ ownerTeamId: null, expireDate: NOW + 1 })
    const state = getCanvasState({ canvas, customer, isGuestViewer: true, now: NOW })
    expect(state.readOnly).toBe(false)
    expect(state.reason).toBeNull()
  })

  test('individual plan: expired premium canvas stays writable, expired regular one does not', () => {
    const customer = buildCustomer({ planId: 'individual29yearly', periodEnd: NOW + DAY })
    const premium = buildCanvas({ ownerTeamId: null, expireDate: NOW - 1, isPremium: true })
    expect(getCanvasState({ canvas: premium, customer, isGuestViewer: false, now: NOW }).readOnly).toBe(false)
    const regular = buildCanvas({ ownerTeamId: null, expireDate: NOW - 1, isPremium: false })
    expect(getCanvasState({ canvas: regular, customer, isGuestViewer: false, now: NOW }).reasonCode).toBe(
      'expired',
    )
  })

  test('no customer record: active, plan taken from the canvas', () => {
    const state = getCanvasState({
      canvas: buildCanvas({ planId: 'team49', readOnlyDate: NOW - 1 }),
      customer: null,
      isGuestViewer: true,
      now: NOW,
    })
    expect(state.paused).toBe(false)
    expect(state.readOnly).toBe(false)
  })
})
