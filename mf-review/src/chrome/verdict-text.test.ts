import { describe, expect, test } from 'bun:test'
import type { CanvasReview } from '@pinpoint/api'
import { latestVerdict, verdictName } from './verdict-text'

const review = (
  id: string,
  revision: string,
  status: CanvasReview['status'],
  createdAt: string,
): CanvasReview => ({
  id,
  CanvasId: 'c',
  CanvasRevisionId: revision,
  UserId: 'u',
  status,
  comment: null,
  createdAt,
})

describe('verdicts', () => {
  test('the newest verdict of the revision on screen, none for a revision without', () => {
    const reviews = [
      review('1', 'r1', 'changes-requested', '2026-11-24T10:00:00.000Z'),
      review('2', 'r1', 'approved', '2026-11-24T11:00:00.000Z'),
      review('3', 'r2', 'changes-requested', '2026-11-24T12:00:00.000Z'),
    ]
    expect(latestVerdict(reviews, 'r1')?.id).toBe('2')
    expect(latestVerdict(reviews, 'r2')?.id).toBe('3')
    expect(latestVerdict(reviews, 'r3')).toBeNull()
    expect(latestVerdict(undefined, 'r1')).toBeNull()
  })

  test('names', () => {
    expect(verdictName('approved')).toBe('Approved')
    expect(verdictName('changes-requested')).toBe('Changes requested')
    expect(verdictName('rejected')).toBe('Rejected')
  })
})
