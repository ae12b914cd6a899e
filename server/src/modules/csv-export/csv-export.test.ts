/**
 * CSV export over HTTP: parsed back with a CSV parser (papaparse), every field round-trips (commas,
 * quotes, newlines, emoji); formula cells are escaped; BOM and RFC 4180 line ends; the current filter's
 * ids only; the plan gate; private comments stay with the team; written comments are marked exported.
 */
import { describe, expect, test } from 'bun:test'
import { annotationLabels, annotations } from '@pinpoint/db'
import { buildAnnotation, buildLabel, buildReply } from '@pinpoint/db/testing'
import { eq } from 'drizzle-orm'
import Papa from 'papaparse'
import { buildWorld, type World } from '../annotations/test-world'
import { CSV_COLUMNS, neutralizeFormula } from './csv'

const w: World = await buildWorld()

const url = (canvasId: string) => `/api/v1/canvases/${canvasId}/annotations/export.csv`

function parse(text: string) {
  expect(text.charCodeAt(0)).toBe(0xfeff)
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed
}

describe('CSV export', () => {
  test('every field round-trips through a CSV parser; formulas are escaped', async () => {
    const tricky = 'Move "Buy now", then:\nline two, with 🎉 and ünïcödé\r\nthird'
    const a = await buildAnnotation(w.db, { canvas: w.canvas, comment: tricky, path: '/pricing?a=1,b=2' })
    const formula = await buildAnnotation(w.db, {
      canvas: w.canvas,
      comment: '=HYPERLINK("http://evil.example","click")',
      userName: '@admin',
    })
    const label = await buildLabel(w.db, { name: 'Copy, "urgent"' })
    await w.db.insert(annotationLabels).values({ annotationId: a.id, labelId: label.id })
    await buildReply(w.db, { annotation: a })
    const member = await w.as(w.member)
    const res = await member.post(url(w.canvas.id), { annotationIds: [a.id, formula.id] })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('attachment; filename=')
    expect(res.text).toContain('\r\n')
    const { data, meta } = parse(res.text)
    expect(meta.fields).toEqual([...CSV_COLUMNS])
    expect(data).toHaveLength(2)
    const [first, second] = data
    expect(first?.id).toBe(a.id)
    expect(first?.comment).toBe(tricky)
    expect(first?.['page/path']).toBe('Page /pricing?a=1,b=2')
    expect(first?.labels).toBe('Copy, "urgent"')
    expect(first?.replies).toBe('1')
    expect(first?.link).toBe(`http://localhost:3000/link/${w.canvas.subdomain}/comment/${a.id}/`)
    expect(first?.status).toBe('active')
    expect(Date.parse(first?.created ?? '')).toBeGreaterThan(0)
    expect(Date.parse(first?.['exported date'] ?? '')).toBeGreaterThan(0)
    expect(second?.comment).toBe(`'=HYPERLINK("http://evil.example","click")`)
    expect(second?.author).toBe("'@admin")
    const [row] = await w.db.select().from(annotations).where(eq(annotations.id, a.id))
    expect(row?.lastExportDate).toBeInstanceOf(Date)
  })

  test('without ids: every comment of the canvas, private ones included for the team, oldest first', async () => {
    const teamCanvasPrivate = await buildAnnotation(w.db, {
      canvas: w.canvas,
      comment: 'team only',
      isPrivate: true,
    })
    const { data } = parse((await (await w.as(w.member)).post(url(w.canvas.id), {})).text)
    expect(data.map((r) => r.id)).toContain(teamCanvasPrivate.id)
    const times = data.map((r) => r.created ?? '')
    expect([...times].sort()).toEqual(times)
  })

  test('plan gate and access: team49 403, someone outside the team 403, anonymous 401', async () => {
    expect((await (await w.as(w.team49Member)).post(url(w.team49Canvas.id), {})).status).toBe(403)
    expect((await (await w.as(w.outsider)).post(url(w.canvas.id), {})).status).toBe(403)
    expect((await (await w.as(null)).post(url(w.canvas.id), {})).status).toBe(401)
  })

  test('neutralizeFormula leaves ordinary text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutralizeFormula(`${start}1`)).toBe(`'${start}1`)
    expect(neutralizeFormula('a=1')).toBe('a=1')
    expect(neutralizeFormula('')).toBe('')
  })
})
