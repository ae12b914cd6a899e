/**
 * Carrying pins from one revision of a page to the next (issue 17 item 2). Revision 2 of a page is the
 * page after the edits of the anchoring suite; every carried pin must land on its own element with an
 * anchor captured on revision 2 (resolving it there again finds the same element), or "need a new spot",
 * never land on another element. Identity is judged by `data-k`, as in resolve.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { Window } from 'happy-dom'
import { captureAnchor } from './capture'
import { carryAnchor, carryAnchors } from './carry'
import { createResolveContext } from './context'
import { resolveAnchor } from './resolve'
import type { Anchor } from './types'

function page(body: string): Document {
  const window = new Window({ url: 'http://site.test/' })
  window.document.body.innerHTML = body
  return window.document as unknown as Document
}

function pin(doc: Document, key: string, offset = { x: 0.25, y: 0.75 }): Anchor {
  const element = doc.querySelector(`[data-k="${key}"]`)
  if (!element) throw new Error(`no element ${key}`)
  const anchor = captureAnchor(element, 0, 0)
  return { ...anchor, offset }
}

/** The data-k of the element a carried anchor resolves to on `doc` (again, from scratch). */
function landsOn(doc: Document, anchor: Anchor): string | null {
  const again = resolveAnchor(anchor, createResolveContext(doc))
  return again.status === 'found' ? (again.element.getAttribute('data-k') ?? 'other') : null
}

const V1 = `<header><h1 data-k="title">Autumn collection</h1><p data-k="lede">Warm coats, soft scarves and boots that last a winter or ten.</p></header>
<section class="grid"><article><h2 data-k="coat">Wool coat</h2><p data-k="coat-text">Double-breasted, lined, in three colours.</p><a data-k="coat-buy" href="/coat">Buy the coat</a></article>
<article><h2 data-k="scarf">Cashmere scarf</h2><p data-k="scarf-text">Two metres of the softest yarn we found.</p><a data-k="scarf-buy" href="/scarf">Buy the scarf</a></article></section>
<footer><p data-k="note">Free returns within 30 days.</p></footer>`

/** Three paragraphs of the same filler, each starting with the same 40+ characters, under a heading. */
const para = (k: string, end: string) =>
  `<p data-k="${k}">Lorem ipsum dolor sit amet, consectetur adipisicing elit. Saepe nostrum ullam eveniet pariatur voluptates odit, ${end}</p>`
const FILLER = `<div class="container"><h1 data-k="h">About me</h1>${para('one', 'fuga atque ea nobis sit soluta.')}${para('two', 'tempore ipsam quae amet.')}${para('three', 'nobis sit soluta odit veniam.')}</div>`
/** Revision 2 of FILLER: a class renamed and a word added to every paragraph. */
const redesign = (body: string) =>
  body
    .replace('class="container"', 'class="edit-container"')
    .replaceAll('Saepe nostrum', 'Saepe vivid nostrum')

describe('carrying comments to a new revision', () => {
  test('revision 2 edits copy, swaps cards and renames classes: each pin re-anchors on its own element', () => {
    const v1 = page(V1)
    const keys = ['title', 'lede', 'coat', 'scarf-text', 'coat-buy', 'note']
    const anchors = keys.map((key) => ({ id: key, anchor: pin(v1, key) }))
    const v2Body = V1.replace('Autumn collection', 'Autumn collection 2026')
      .replace('class="grid"', 'class="cards-v2"')
      .replace(
        /<article>(<h2 data-k="coat">[\s\S]*?)<\/article>\n<article>([\s\S]*?)<\/article>/,
        '<article>$2</article>\n<article>$1</article>',
      )
      .replace('Warm coats, soft scarves', 'Warm coats, soft woollen scarves')
    const v2 = page(v2Body)
    const carried = carryAnchors(anchors, createResolveContext(v2))
    for (const key of keys) {
      const result = carried.get(key)
      expect(result?.status, key).toBe('reanchored')
      if (result?.status !== 'reanchored') continue
      // The new anchor is revision 2's own: its path and text are those of v2, and it finds the element.
      expect(landsOn(v2, result.anchor), key).toBe(key)
      expect(result.anchor.offset).toEqual({ x: 0.25, y: 0.75 })
    }
    const title = carried.get('title')
    expect(title?.status === 'reanchored' && title.anchor.fingerprint.text).toBe('Autumn collection 2026')
  })

  test('an element removed in revision 2 needs a new spot; its neighbours still carry', () => {
    const v1 = page(V1)
    const anchors = ['scarf', 'scarf-text', 'coat-text'].map((key) => ({ id: key, anchor: pin(v1, key) }))
    const v2 = page(V1)
    v2.querySelector('[data-k="scarf"]')?.closest('article')?.remove()
    const carried = carryAnchors(anchors, createResolveContext(v2))
    expect(carried.get('scarf')).toEqual({ status: 'needs-new-spot', reason: 'element-removed' })
    expect(carried.get('scarf-text')?.status).toBe('needs-new-spot')
    const coat = carried.get('coat-text')
    expect(coat?.status).toBe('reanchored')
    expect(coat?.status === 'reanchored' && landsOn(v2, coat.anchor)).toBe('coat-text')
  })

  test('a pin never carries onto a look-alike when its own element is gone', () => {
    const body = `<ul><li data-k="a">Starter plan, 9 euros a month</li><li data-k="b">Team plan, 29 euros a month</li><li data-k="c">Enterprise plan, ask us</li></ul>`
    const anchors = ['a', 'b'].map((key) => ({ id: key, anchor: pin(page(body), key) }))
    const v2 = page(body)
    v2.querySelector('[data-k="a"]')?.remove()
    const carried = carryAnchors(anchors, createResolveContext(v2))
    expect(carried.get('a')?.status).toBe('needs-new-spot')
    const b = carried.get('b')
    expect(b?.status === 'reanchored' && landsOn(v2, b.anchor)).toBe('b')
  })

  test('a pin on the page itself carries as it is; a broken anchor needs a new spot', () => {
    const v1 = page(V1)
    const onPage = { ...captureAnchor(v1.body, 10, 10), kind: 'page' as const }
    const context = createResolveContext(page(V1))
    expect(carryAnchor(onPage, context)).toMatchObject({
      status: 'reanchored',
      anchor: onPage,
      method: 'page',
    })
    expect(carryAnchor({ v: 1, kind: 'element' }, context)).toEqual({
      status: 'needs-new-spot',
      reason: 'invalid-anchor',
    })
  })

  test('a deleted paragraph among look-alikes, in a redesigned revision, needs a new spot', () => {
    const body = FILLER
    const redesigned = () => page(redesign(body))
    const anchors = ['three', 'two', 'one'].map((key) => ({ id: key, anchor: pin(page(body), key) }))
    const lastGone = redesigned()
    lastGone.querySelector('[data-k="three"]')?.remove()
    const carried = carryAnchors(anchors, createResolveContext(lastGone))
    expect(carried.get('three')?.status).toBe('needs-new-spot')
    const one = carried.get('one')
    expect(one?.status === 'reanchored' && landsOn(lastGone, one.anchor)).toBe('one')

    // The middle one deleted: the last one moves up to its path and reads much like it. The resolver used
    // to place the pin there, on another paragraph than the one commented on; its words read more like the
    // text stored after the pinned one than like the pinned one's (isItsNeighbour), so the resolver too
    // places it nowhere now (a wrong spot is worse than asking), and tells the element was removed.
    const middleGone = redesigned()
    middleGone.querySelector('[data-k="two"]')?.remove()
    const two = anchors.find((a) => a.id === 'two')?.anchor as Anchor
    expect(landsOn(middleGone, two)).toBeNull()
    const afterMiddle = carryAnchors(anchors, createResolveContext(middleGone))
    expect(afterMiddle.get('two')).toEqual({ status: 'needs-new-spot', reason: 'element-removed' })
    for (const key of ['one', 'three']) {
      const kept = afterMiddle.get(key)
      expect(kept?.status === 'reanchored' && landsOn(middleGone, kept.anchor), key).toBe(key)
    }
  })
  // The first paragraph deleted: the second moves up to its path, between the very texts that surrounded
  // the first (the heading before; after it, the third, which starts with the same 40 characters as the
  // second). Only its own words tell it is the neighbour that used to follow, not the pinned paragraph.
  for (const [label, revise] of [
    ['as it was', (body: string) => body],
    ['redesigned', redesign],
  ] as const) {
    test(`the first of look-alike paragraphs deleted (${label}): its pin needs a new spot, not the second's`, () => {
      const anchors = ['one', 'two', 'three'].map((key) => ({ id: key, anchor: pin(page(FILLER), key) }))
      const v2 = page(revise(FILLER))
      v2.querySelector('[data-k="one"]')?.remove()
      const carried = carryAnchors(anchors, createResolveContext(v2))
      expect(carried.get('one')).toEqual({ status: 'needs-new-spot', reason: 'element-removed' })
      const three = carried.get('three')
      expect(three?.status === 'reanchored' && landsOn(v2, three.anchor)).toBe('three')
      // Two is carried after the redesign; as it was, three (now at two's path, its words read as two's
      // edited) stands in its way and it needs a new spot, as it did before this rule: never elsewhere.
      const two = carried.get('two')
      const where = two?.status === 'reanchored' ? landsOn(v2, two.anchor) : 'new spot'
      expect(where).toBe(label === 'redesigned' ? 'two' : 'new spot')
    })

    test(`the first of look-alike paragraphs kept, a word edited (${label}): every pin stays on its own`, () => {
      const anchors = ['one', 'two', 'three'].map((key) => ({ id: key, anchor: pin(page(FILLER), key) }))
      const v2 = page(revise(FILLER).replace('fuga atque ea nobis', 'fuga atque ea omnis'))
      const carried = carryAnchors(anchors, createResolveContext(v2))
      for (const key of ['one', 'two', 'three']) {
        const kept = carried.get(key)
        expect(kept?.status === 'reanchored' && landsOn(v2, kept.anchor), key).toBe(key)
      }
    })

    // Moving a paragraph among look-alikes of the same filler is beyond telling for most pins (the text
    // around each one is the same filler), and those need a new spot; none may land on another paragraph.
    test(`the first of look-alike paragraphs moved (${label}): no pin lands on another paragraph`, () => {
      const anchors = ['one', 'two', 'three'].map((key) => ({ id: key, anchor: pin(page(FILLER), key) }))
      for (const [after, edit] of [
        ['two', false],
        ['three', false],
        ['three', true],
      ] as const) {
        const v2 = page(revise(FILLER).replace('fuga atque ea nobis', edit ? 'fuga atque ea omnis' : '$&'))
        const one = v2.querySelector('[data-k="one"]')
        if (one) v2.querySelector(`[data-k="${after}"]`)?.after(one)
        const carried = carryAnchors(anchors, createResolveContext(v2))
        for (const key of ['one', 'two', 'three']) {
          const result = carried.get(key)
          const where = result?.status === 'reanchored' ? landsOn(v2, result.anchor) : 'new spot'
          expect(where, `after ${after}${edit ? ', edited' : ''}: ${key}`).toBeOneOf([key, 'new spot'])
        }
        // Moved with nothing else changed, the pinned paragraph is still found as it was.
        const first = carried.get('one')
        if (label === 'as it was' && !edit)
          expect(first?.status === 'reanchored' && landsOn(v2, first.anchor), `after ${after}`).toBe('one')
      }
    })
  }

  test('an unchanged page: every pin carries onto its own element', () => {
    for (const body of [FILLER, V1]) {
      const v1 = page(body)
      const keys = Array.from(
        v1.querySelectorAll('[data-k]'),
        (element) => element.getAttribute('data-k') ?? '',
      )
      const anchors = keys.map((key) => ({ id: key, anchor: pin(v1, key) }))
      const v2 = page(body)
      const carried = carryAnchors(anchors, createResolveContext(v2))
      for (const key of keys) {
        const kept = carried.get(key)
        expect(kept?.status === 'reanchored' && landsOn(v2, kept.anchor), key).toBe(key)
      }
    }
  })
})
