import { describe, expect, test } from 'bun:test'
import { createStore } from 'jotai'
import { loginAtom, logoutAtom } from './auth'
import { createFakeScheduler } from './fake-scheduler'
import { notificationsAtom, pushNotificationAtom, unreadEventsCountAtom } from './notifications'
import { schedulerAtom } from './scheduler'
import { addToastAtom, dismissToastAtom, holdToastAtom, runToastActionAtom, toastsAtom } from './toasts'

function setup() {
  const store = createStore()
  const clock = createFakeScheduler()
  store.set(schedulerAtom, clock.scheduler)
  const phases = () => store.get(toastsAtom).map((toast) => toast.phase)
  return { store, clock, phases }
}

describe('toasts', () => {
  test('type and message are required', () => {
    const { store } = setup()
    expect(() => store.set(addToastAtom, { type: 'success', message: '' })).toThrow('Missing toast message!')
    expect(() => store.set(addToastAtom, { type: null, message: 'Saved' })).toThrow('Missing toast type!')
    expect(store.get(toastsAtom)).toEqual([])
  })

  test('animating-in 300 ms, visible 5000 ms by default, animating-out 300 ms, then removed', () => {
    const { store, clock, phases } = setup()
    store.set(addToastAtom, { type: 'success', message: 'Saved' })
    expect(phases()).toEqual(['animating-in'])
    clock.advance(299)
    expect(phases()).toEqual(['animating-in'])
    clock.advance(1)
    expect(phases()).toEqual(['visible'])
    clock.advance(4999)
    expect(phases()).toEqual(['visible'])
    clock.advance(1)
    expect(phases()).toEqual(['animating-out'])
    clock.advance(300)
    expect(store.get(toastsAtom)).toEqual([])
    expect(clock.pending()).toBe(0)
  })

  test('a custom timeout is honoured; dismiss cuts it short', () => {
    const { store, clock, phases } = setup()
    const id = store.set(addToastAtom, { type: 'info', message: 'Hi', timeout: 1000 })
    clock.advance(1300)
    expect(phases()).toEqual(['animating-out'])
    clock.advance(300)
    expect(phases()).toEqual([])

    const second = store.set(addToastAtom, { type: 'info', message: 'Again' })
    clock.advance(500)
    store.set(dismissToastAtom, second)
    expect(phases()).toEqual(['animating-out'])
    clock.advance(300)
    expect(phases()).toEqual([])
    expect(clock.pending()).toBe(0)
    expect(id).not.toBe(second)
  })

  test('the action runs once and dismisses the toast (Undo)', async () => {
    const { store, clock, phases } = setup()
    let undone = 0
    const id = store.set(addToastAtom, {
      type: 'success',
      message: 'Moved to Designs',
      action: {
        label: 'Undo',
        onClick: () => {
          undone += 1
        },
      },
    })
    expect(store.get(toastsAtom)[0]?.action?.label).toBe('Undo')
    await store.set(runToastActionAtom, id)
    await store.set(runToastActionAtom, id)
    expect(undone).toBe(1)
    expect(phases()).toEqual(['animating-out'])
    clock.advance(300)
    expect(phases()).toEqual([])
  })

  test('onLeave runs when the time ends or the toast is dismissed, never after its action', async () => {
    const { store, clock } = setup()
    const left: string[] = []
    store.set(addToastAtom, { type: 'success', message: 'Expires', onLeave: () => left.push('expired') })
    const dismissed = store.set(addToastAtom, {
      type: 'success',
      message: 'Dismissed',
      onLeave: () => left.push('dismissed'),
    })
    const undone = store.set(addToastAtom, {
      type: 'success',
      message: 'Undone',
      action: { label: 'Undo' },
      onLeave: () => left.push('undone'),
    })
    store.set(dismissToastAtom, dismissed)
    store.set(dismissToastAtom, dismissed)
    await store.set(runToastActionAtom, undone)
    expect(left).toEqual(['dismissed'])
    clock.advance(5300)
    expect(left).toEqual(['dismissed', 'expired'])
    clock.advance(1000)
    expect(store.get(toastsAtom)).toEqual([])
    expect(left).toEqual(['dismissed', 'expired'])
  })

  test('held by pointer or focus, a toast stays; released, it gets its whole time again', () => {
    const { store, clock, phases } = setup()
    let left = 0
    const id = store.set(addToastAtom, { type: 'success', message: 'Comment deleted', onLeave: () => left++ })
    clock.advance(4000)
    store.set(holdToastAtom, { id, held: true })
    clock.advance(60_000)
    expect(phases()).toEqual(['visible'])
    expect(left).toBe(0)
    store.set(holdToastAtom, { id, held: false })
    clock.advance(4999)
    expect(phases()).toEqual(['visible'])
    clock.advance(1)
    expect(phases()).toEqual(['animating-out'])
    expect(left).toBe(1)
    // A hold once it is leaving changes nothing.
    store.set(holdToastAtom, { id, held: true })
    clock.advance(300)
    expect(store.get(toastsAtom)).toEqual([])
  })

  test('a hold while it animates in shows it at once and keeps it', () => {
    const { store, clock, phases } = setup()
    const id = store.set(addToastAtom, { type: 'info', message: 'Saved' })
    store.set(holdToastAtom, { id, held: true })
    expect(phases()).toEqual(['visible'])
    clock.advance(10_000)
    expect(phases()).toEqual(['visible'])
    expect(clock.pending()).toBe(0)
  })
})

describe('notifications', () => {
  test('enter 400 ms, stay 5000 ms, leave 400 ms', () => {
    const { store, clock } = setup()
    store.set(pushNotificationAtom, {
      text: 'Ada replied to a comment',
      href: '/link/abc/comment/a1/',
      eventId: 'e1',
      actor: null,
    })
    const phase = () => store.get(notificationsAtom).map((n) => n.phase)
    expect(phase()).toEqual(['animating-in'])
    clock.advance(400)
    expect(phase()).toEqual(['visible'])
    clock.advance(5000)
    expect(phase()).toEqual(['animating-out'])
    clock.advance(399)
    expect(phase()).toEqual(['animating-out'])
    clock.advance(1)
    expect(phase()).toEqual([])
  })
})

describe('sign-out', () => {
  test('clears toasts, notifications and the unread count with the user', () => {
    const { store } = setup()
    store.set(loginAtom, { id: 'u1', name: 'Ada', email: 'ada@example.com' })
    store.set(addToastAtom, { type: 'info', message: 'Welcome' })
    store.set(pushNotificationAtom, { text: 'x', href: null, eventId: null, actor: null })
    store.set(unreadEventsCountAtom, 3)
    store.set(logoutAtom)
    expect(store.get(toastsAtom)).toEqual([])
    expect(store.get(notificationsAtom)).toEqual([])
    expect(store.get(unreadEventsCountAtom)).toBe(0)
  })
})
