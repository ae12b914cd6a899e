import { expect, test } from 'bun:test'
import { isReviewVerdict, verdictLabel, verdictSentence } from './verdicts'

test('verdict values, labels and the owner sentence', () => {
  expect(isReviewVerdict('approved')).toBe(true)
  expect(isReviewVerdict('maybe')).toBe(false)
  expect(verdictLabel('changes-requested')).toBe('Changes requested')
  expect(
    verdictSentence({ actorName: 'Ann', status: 'approved', revisionNumber: 2, canvasTitle: 'Home' }),
  ).toBe('Ann approved revision 2 of “Home”')
  expect(
    verdictSentence({
      actorName: ' ',
      status: 'changes-requested',
      revisionNumber: null,
      canvasTitle: 'Home',
    }),
  ).toBe('Someone requested changes to “Home”')
})
