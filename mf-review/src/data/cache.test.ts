/**
 * The cached comment list under late server state: real-time frames and answers arriving in the orders a
 * loaded server produces. The first case is the CI race of "labels, assignee, and changing revision": the
 * label is ticked, then the `annotation.created` frame of the comment arrives, then the answer.
 */
import { describe, expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import {
  annotationsOf,
  beginChange,
  rebaseList,
  removeAnnotation,
  removeReply,
  restoreAnnotation,
  reviewKeys,
  upsertAnnotation,
  upsertReply,
} from './cache'
import { assignChange, type FeedEvent, fieldsChange, labelChange } from './pending'
import type { Annotation, AnnotationReply, Label } from './types'

const CANVAS = 'canvas1'
const urgent: Label = { id: 'label1', name: 'Urgent', color: '#d00' }
const later: Label = { id: 'label2', name: 'Later', color: '#0a0' }

function comment(overrides: Partial<Annotation> = {}): Annotation {
  return {
    id: 'a1',
    CanvasId: CANVAS,
    CanvasRevisionId: null,
    CanvasAssetId: null,
    canvasAssetPageIndex: null,
    UserId: 'u1',
    userName: 'Ada',
    comment: 'Move the logo',
    path: '/',
    isPrivate: false,
    status: 'active',
    inactiveReason: null,
    metadata: {},
    x: 0.5,
    y: 0.5,
    videoTime: null,
    assignedUserId: null,
    assignedUser: null,
    Labels: [],
    textContentBefore: null,
    textContentAfter: null,
    FileAttachments: [],
    numFileAttachments: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

function reply(id: string): AnnotationReply {
  return {
    id,
    AnnotationId: 'a1',
    UserId: 'u2',
    userName: 'Bo',
    comment: 'Done',
    isPrivate: false,
    FileAttachments: [],
    createdAt: '2025-01-01T00:01:00.000Z',
  }
}

function setup(initial: Annotation[] = [comment()]) {
  const client = new QueryClient()
  client.setQueryData(reviewKeys.annotations(CANVAS), { annotations: initial })
  const shown = () => annotationsOf(client, CANVAS).find((a) => a.id === 'a1')
  /** A real-time frame of the annotation: the snapshot as the server committed it. */
  const frame = (type: string, snapshot: Annotation, data: Record<string, unknown> = {}) => {
    const event: FeedEvent = { type, annotationId: snapshot.id, data: { ...data, annotation: snapshot } }
    upsertAnnotation(client, CANVAS, snapshot, event)
  }
  return { client, shown, frame }
}

const labelNames = (annotation: Annotation | undefined) => annotation?.Labels.map((l) => l.name)

describe('a label ticked while older server state arrives', () => {
  test('the created frame arriving after the tick, before the answer, keeps the label ticked', () => {
    const { client, shown, frame } = setup()
    const change = beginChange(client, CANVAS, 'a1', labelChange(urgent, true))
    expect(labelNames(shown())).toEqual(['Urgent'])

    frame('annotation.created', comment())
    expect(labelNames(shown())).toEqual(['Urgent'])

    change.answered(comment({ Labels: [urgent] }))
    frame('annotation.label-added', comment({ Labels: [urgent] }), { label: urgent })
    expect(labelNames(shown())).toEqual(['Urgent'])
  })

  test('the created frame arriving after the answer, before the echo, keeps the label ticked', () => {
    const { client, shown, frame } = setup()
    beginChange(client, CANVAS, 'a1', labelChange(urgent, true)).answered(comment({ Labels: [urgent] }))
    frame('annotation.created', comment())
    expect(labelNames(shown())).toEqual(['Urgent'])
  })

  test('after its echo the change is settled: a newer frame (someone unticks it) applies as it is', () => {
    const { client, shown, frame } = setup()
    beginChange(client, CANVAS, 'a1', labelChange(urgent, true)).answered(comment({ Labels: [urgent] }))
    frame('annotation.label-added', comment({ Labels: [urgent] }), { label: urgent })
    frame('annotation.label-removed', comment(), { label: urgent })
    expect(labelNames(shown())).toEqual([])
  })

  test('an answer older than frames already shown does not roll them back', () => {
    const { client, shown, frame } = setup()
    const change = beginChange(client, CANVAS, 'a1', labelChange(urgent, true))
    frame('annotation.label-added', comment({ Labels: [urgent] }), { label: urgent })
    frame('annotation.status-changed', comment({ Labels: [urgent], status: 'in-review' }), {
      changes: ['status'],
    })
    change.answered(comment({ Labels: [urgent], status: 'active' }))
    expect(shown()?.status).toBe('in-review')
    expect(labelNames(shown())).toEqual(['Urgent'])
  })

  test('two labels ticked quickly: the first answer does not untick the second', () => {
    const { client, shown } = setup()
    const first = beginChange(client, CANVAS, 'a1', labelChange(urgent, true))
    beginChange(client, CANVAS, 'a1', labelChange(later, true))
    first.answered(comment({ Labels: [urgent] }))
    expect(labelNames(shown())).toEqual(['Urgent', 'Later'])
  })

  test('a refused tick is taken out, keeping what others changed meanwhile', () => {
    const { client, shown, frame } = setup()
    const change = beginChange(client, CANVAS, 'a1', labelChange(urgent, true))
    frame('annotation.assigned', comment({ assignedUserId: 'u2' }), { assignedUserId: 'u2' })
    change.failed()
    expect(labelNames(shown())).toEqual([])
    expect(shown()?.assignedUserId).toBe('u2')
  })
})

describe('status and assignee changes in flight', () => {
  test('a late frame with the old status does not undo a status change', () => {
    const { client, shown, frame } = setup()
    const change = beginChange(client, CANVAS, 'a1', fieldsChange({ status: 'in-progress' }))
    frame('annotation.updated', comment({ comment: 'Move the logo left' }), { changes: ['comment'] })
    expect(shown()?.status).toBe('in-progress')
    expect(shown()?.comment).toBe('Move the logo left')
    change.answered(comment({ comment: 'Move the logo left', status: 'in-progress' }))
    frame('annotation.created', comment())
    expect(shown()?.status).toBe('in-progress')
    frame('annotation.status-changed', comment({ status: 'in-progress' }), { changes: ['status'] })
    frame('annotation.status-changed', comment({ status: 'in-review' }), { changes: ['status'] })
    expect(shown()?.status).toBe('in-review')
  })

  test('a late frame does not undo an assignment', () => {
    const { client, shown, frame } = setup()
    const bo = { id: 'u2', name: 'Bo', avatarUrl: null }
    beginChange(client, CANVAS, 'a1', assignChange('u2', bo)).answered(
      comment({ assignedUserId: 'u2', assignedUser: bo }),
    )
    frame('annotation.created', comment())
    expect(shown()?.assignedUser).toEqual(bo)
  })

  test('a list loaded while a change is in flight keeps the change', () => {
    const { client } = setup()
    beginChange(client, CANVAS, 'a1', labelChange(urgent, true))
    const loaded = rebaseList(client, CANVAS, { annotations: [comment(), comment({ id: 'a2' })] })
    expect(loaded.annotations.map(labelNames)).toEqual([['Urgent'], []])
  })
})

describe('deletions and late frames', () => {
  test('a deleted comment is not brought back by a late frame or a stale list', () => {
    const { client, shown, frame } = setup()
    removeAnnotation(client, CANVAS, 'a1')
    frame('annotation.updated', comment({ status: 'in-review' }), { changes: ['status'] })
    expect(shown()).toBeUndefined()
    expect(rebaseList(client, CANVAS, { annotations: [comment()] }).annotations).toEqual([])
  })

  test('a comment hidden because it was made private may come back', () => {
    const { client, shown, frame } = setup()
    removeAnnotation(client, CANVAS, 'a1', false)
    frame('annotation.updated', comment(), { changes: ['isPrivate'] })
    expect(shown()?.id).toBe('a1')
  })

  test('a comment whose deletion was refused is shown again and follows frames', () => {
    const { client, shown, frame } = setup()
    removeAnnotation(client, CANVAS, 'a1')
    restoreAnnotation(client, CANVAS, comment())
    frame('annotation.status-changed', comment({ status: 'in-review' }), { changes: ['status'] })
    expect(shown()?.status).toBe('in-review')
  })

  test('a deleted reply is not brought back by a late reply frame or annotation snapshot', () => {
    const { client, shown } = setup([comment({ AnnotationReplies: [reply('r1'), reply('r2')] })])
    removeReply(client, CANVAS, 'a1', 'r1')
    upsertReply(client, CANVAS, reply('r1'))
    upsertAnnotation(client, CANVAS, comment({ AnnotationReplies: [reply('r1'), reply('r2')] }))
    expect(shown()?.AnnotationReplies?.map((r) => r.id)).toEqual(['r2'])
  })
})
