import { describe, expect, test } from 'bun:test'
import { parseJunit, parsePlaywrightJson } from './test-reports'

describe('parseJunit', () => {
  test('counts passed, failed and skipped testcases', () => {
    const xml = `<testsuites><testsuite name="a">
      <testcase name="ok" />
      <testcase name="ok2"></testcase>
      <testcase name="bad"><failure message="x" /></testcase>
      <testcase name="err"><error message="y" /></testcase>
      <testcase name="skip"><skipped /></testcase>
    </testsuite></testsuites>`
    expect(parseJunit(xml)).toEqual({ passed: 2, failed: 2, skipped: 1 })
  })

  test('an empty report counts nothing', () => {
    expect(parseJunit('<testsuites></testsuites>')).toEqual({ passed: 0, failed: 0, skipped: 0 })
  })
})

describe('parsePlaywrightJson', () => {
  test('unexpected results and global errors fail; a flaky test passes but is counted', () => {
    const json = JSON.stringify({ stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 2 }, errors: [{}] })
    expect(parsePlaywrightJson(json)).toEqual({ passed: 4, failed: 2, skipped: 2, flaky: 1 })
  })
})
