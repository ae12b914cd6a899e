import { describe, expect, test } from 'bun:test'
import { deferDelete, waitingDeletions } from './deferred'

describe('deletions with Undo', () => {
  test('waits for its toast, sent once when the toast has gone; Undo is then too late', async () => {
    const sent: boolean[] = []
    let undone = 0
    const deletion = deferDelete({
      send: async (leaving) => {
        sent.push(leaving)
      },
      onUndo: () => undone++,
    })
    expect(deletion.state()).toBe('waiting')
    expect(waitingDeletions()).toBe(1)
    // However long the toast is held on screen, nothing is sent before it leaves.
    await Bun.sleep(30)
    expect(sent).toEqual([])
    await deletion.flush(false)
    await deletion.flush(false)
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
      send: async (leaving) => {
        sent.push(leaving)
      },
      onUndo: () => undone++,
    })
    expect(deletion.undo()).toBe(true)
    expect(deletion.undo()).toBe(false)
    await deletion.flush(false)
    expect(sent).toEqual([])
    expect(undone).toBe(1)
    expect(deletion.state()).toBe('undone')
  })

  test('leaving the page sends at once, marked as leaving, and only once', async () => {
    const sent: boolean[] = []
    const deletion = deferDelete({
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
