import { describe, expect, test } from 'bun:test'
import { deferDelete, waitingDeletions } from './deferred'

describe('deletions with Undo', () => {
  test('sent once when the Undo time is over; Undo is then too late', async () => {
    const sent: boolean[] = []
    let undone = 0
    const deletion = deferDelete({
      delayMs: 20,
      send: async (leaving) => {
        sent.push(leaving)
      },
      onUndo: () => undone++,
    })
    expect(deletion.state()).toBe('waiting')
    expect(waitingDeletions()).toBe(1)
    await Bun.sleep(60)
    expect(sent).toEqual([false])
    expect(deletion.state()).toBe('sent')
    expect(deletion.undo()).toBe(false)
    expect(undone).toBe(0)
    expect(waitingDeletions()).toBe(0)
  })

  test('Undo in time: nothing is sent, the undo runs once', async () => {
    const sent: boolean[] = []
    let undone = 0
    const deletion = deferDelete({
      delayMs: 20,
      send: async (leaving) => {
        sent.push(leaving)
      },
      onUndo: () => undone++,
    })
    expect(deletion.undo()).toBe(true)
    expect(deletion.undo()).toBe(false)
    await Bun.sleep(60)
    expect(sent).toEqual([])
    expect(undone).toBe(1)
    expect(deletion.state()).toBe('undone')
  })

  test('leaving the page sends at once, marked as leaving, and only once', async () => {
    const sent: boolean[] = []
    const deletion = deferDelete({
      delayMs: 1000,
      send: async (leaving) => {
        sent.push(leaving)
      },
      onUndo: () => {},
    })
    await deletion.flush(true)
    await deletion.flush(true)
    expect(sent).toEqual([true])
    expect(waitingDeletions()).toBe(0)
  })
})
