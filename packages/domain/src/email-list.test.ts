import { expect, test } from 'bun:test'
import { parseEmailList } from './email-list'

test.each([
  ['a@x.com', ['a@x.com']],
  ['a@x.com, b@y.com', ['a@x.com', 'b@y.com']],
  ['a@x.com;b@y.com\nc@z.com', ['a@x.com', 'b@y.com', 'c@z.com']],
  ['  a@x.com ,, ; b@y.com  ', ['a@x.com', 'b@y.com']],
  ['a@x.com a@x.com b@y.com', ['a@x.com', 'b@y.com']],
  ['', []],
  [' ,; \n', []],
])('parseEmailList(%p)', (text, expected) => {
  expect(parseEmailList(text)).toEqual(expected)
})

test('keeps the case typed (callers that compare addresses lower-case the text first)', () => {
  expect(parseEmailList('Ann@X.com')).toEqual(['Ann@X.com'])
  expect(parseEmailList('Ann@X.com ann@x.com'.toLowerCase())).toEqual(['ann@x.com'])
})
