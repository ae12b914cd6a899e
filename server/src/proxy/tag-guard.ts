/**
 * Bounds the memory the streaming HTML rewrite can take. lol-html (Bun's HTMLRewriter) streams text,
 * comments, scripts and style sheets, but holds each tag whole until its `>` (selectors need all its
 * attributes), and the attribute handlers copy the values again: a page with one 100 MB attribute took
 * 2.2 GB. So the bytes of each tag are held here, in front of the rewriter, and given to it only once the
 * tag is complete. A tag still open after MAX_TAG_BYTES ends the rewrite: the rewriter finishes what it
 * has (the bridge is in by then: it is added at the end of the input when no `<head>` or `<body>` came
 * first), and the rest of the page, from that tag on, is passed through unrewritten. Its links then leave
 * the proxy or reach it root-relative (sent back into the site by the Referer redirect), which is the
 * price of a page no real site serves.
 *
 * The scan follows the HTML tokenizer only as far as it must to know where tags are: quoted attribute
 * values, comments, `<!...>` and `<?...>` declarations, and the raw text of script, style and the like,
 * in which `<` starts no tag. It reads bytes as latin1, so it works for any ASCII-compatible charset.
 */

/** The longest tag (from `<` to `>`) the rewriter is given; past it the rest of the page is not rewritten. */
export const MAX_TAG_BYTES = 4 * 1024 * 1024

/** Elements whose content is text up to their end tag, as the HTML tokenizer reads it. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes'])

type Mode =
  | { kind: 'data' }
  /** A tag, or a `<!...>`/`<?...>` declaration (held the same way), from `start`. */
  | { kind: 'tag'; start: number; quote: string; afterEquals: boolean }
  | { kind: 'comment' }
  | { kind: 'raw'; end: string }

const isLetter = (char: string) => /[a-z]/i.test(char)

export class TagScanner {
  private mode: Mode = { kind: 'data' }
  /** Bytes not yet handed on (an open tag, or the last few bytes of a possible end marker). */
  /** Bytes not yet handed on (an open tag, or the last few bytes of a possible end marker). */
  private held: Uint8Array[] = []
  private heldLength = 0
  /** Where the scan resumes, counted from the first held byte. */
  private position = 0
  overflowed = false

  constructor(private readonly maxTagBytes = MAX_TAG_BYTES) {}

  /**
   * Takes the next chunk; returns the bytes that may go to the rewriter now and, once a tag is too long,
   * `rest`: the bytes from that tag on, which must bypass the rewriter (as must every later chunk).
   */
  push(chunk: Uint8Array): { ready: Uint8Array; rest?: Uint8Array } {
    const latin1 = (bytes: Uint8Array) =>
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
    // Inside a long tag, only the new chunk is scanned and kept aside: joining everything held at each
    // chunk would cost the square of the tag's length.
    const mode = this.mode
    if (mode.kind === 'tag' && this.position === this.heldLength) {
      // Probed on a copy: when the tag ends here, the scan below reads the chunk again from the same state.
      const probe = { ...mode }
      const end = this.tagEnd(latin1(chunk), 0, probe)
      if (end < 0) {
        mode.quote = probe.quote
        mode.afterEquals = probe.afterEquals
        this.held.push(chunk)
        this.heldLength += chunk.length
        this.position = this.heldLength
        if (this.heldLength - mode.start <= this.maxTagBytes) return { ready: new Uint8Array(0) }
        this.overflowed = true
        return { ready: this.joined().subarray(0, mode.start), rest: this.joined().subarray(mode.start) }
      }
      // The tag ends in this chunk: the scan below picks it up (it has the quote state) from here.
    }
    this.held.push(chunk)
    this.heldLength += chunk.length
    const bytes = this.joined()
    const keep = this.scan(latin1(bytes))
    if (this.overflowed) return { ready: bytes.subarray(0, keep), rest: bytes.subarray(keep) }
    this.held = keep < bytes.length ? [bytes.slice(keep)] : []
    this.heldLength = bytes.length - keep
    this.position -= keep
    if (this.mode.kind === 'tag') this.mode.start -= keep
    return { ready: bytes.subarray(0, keep) }
  }

  /** What is still held when the page ends (an unfinished tag goes to the rewriter as it is). */
  end(): Uint8Array {
    const rest = this.joined()
    this.held = []
    this.heldLength = 0
    return rest
  }

  /** The held chunks as one array (joined in place, so joining twice costs nothing). */
  private joined(): Uint8Array {
    if (this.held.length === 1) return this.held[0] as Uint8Array
    const bytes = new Uint8Array(this.heldLength)
    let at = 0
    for (const part of this.held) {
      bytes.set(part, at)
      at += part.length
    }
    this.held = [bytes]
    return bytes
  }

  /** Scans from `position`; returns how many characters of `text` are settled (may be handed on). */
  private scan(text: string): number {
    const length = text.length
    let i = this.position
    for (;;) {
      const mode = this.mode
      if (mode.kind === 'data') {
        const lt = text.indexOf('<', i)
        if (lt < 0) {
          this.position = length
          return length
        }
        // `<!--` needs four characters to be told from `<!x>`; hold a short tail until they are here.
        if (lt + 4 > length && text.startsWith('<!', lt)) return this.holdFrom(lt)
        const next = text[lt + 1]
        if (next === undefined) return this.holdFrom(lt)
        if (next === '/' && lt + 2 >= length) return this.holdFrom(lt)
        if (text.startsWith('<!--', lt)) {
          this.mode = { kind: 'comment' }
          i = lt + 4
        } else if (isLetter(next) || next === '/' || next === '!' || next === '?') {
          this.mode = { kind: 'tag', start: lt, quote: '', afterEquals: false }
          i = lt + 1
        } else {
          i = lt + 1
        }
      } else if (mode.kind === 'tag') {
        const end = this.tagEnd(text, Math.max(i, mode.start + 1), mode)
        if (end < 0 || end + 1 - mode.start > this.maxTagBytes) {
          this.position = length
          this.overflowed = length - mode.start > this.maxTagBytes
          return mode.start
        }
        const name = /^<([a-z][^\s/>]*)/i.exec(text.slice(mode.start, mode.start + 20))?.[1]?.toLowerCase()
        this.mode = name && RAW_TEXT.has(name) ? { kind: 'raw', end: `</${name}` } : { kind: 'data' }
        i = end + 1
      } else {
        const found = mode.kind === 'raw' ? this.rawEnd(text, i, mode.end) : text.indexOf('-->', i)
        if (found < 0) {
          // Settled except the last characters, which may begin the end marker (`-->`, or `</script`
          // and the character after it).
          const settled = Math.max(i, length - (mode.kind === 'raw' ? mode.end.length : 2))
          this.position = settled
          return settled
        }
        if (mode.kind === 'raw') {
          this.mode = { kind: 'tag', start: found, quote: '', afterEquals: false }
          i = found + 1
        } else {
          this.mode = { kind: 'data' }
          i = found + 3
        }
      }
    }
  }

  private holdFrom(index: number): number {
    this.position = index
    return index
  }

  /** The `>` closing the tag, outside quoted attribute values, or -1; keeps the quote state for later. */
  private tagEnd(text: string, from: number, mode: Extract<Mode, { kind: 'tag' }>): number {
    for (let j = from; j < text.length; j += 1) {
      if (mode.quote) {
        // A long quoted value (an inline image) is skipped in one search, not read character by character.
        const close = text.indexOf(mode.quote, j)
        if (close < 0) return -1
        mode.quote = ''
        j = close
        continue
      }
      const char = text[j]
      if (char === '>') {
        return j
      } else if ((char === '"' || char === "'") && mode.afterEquals) {
        mode.quote = char
        mode.afterEquals = false
      } else if (char === '=') {
        mode.afterEquals = true
      } else if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r' && char !== '\f') {
        mode.afterEquals = false
      }
    }
    return -1
  }

  /** The end tag of a raw text element (`</script` followed by a space, `/` or `>`), or -1. */
  private rawEnd(text: string, from: number, end: string): number {
    const lower = text.toLowerCase()
    for (let at = lower.indexOf(end, from); at >= 0; at = lower.indexOf(end, at + 1)) {
      const after = text[at + end.length]
      if (after === undefined) return -1
      if (/[\s/>]/.test(after)) return at
    }
    return -1
  }
}

/**
 * `body` through `rewrite` (a streaming HTML rewriter), with tags held here until complete and the rest
 * passed through unrewritten once a tag is longer than `maxTagBytes`.
 */
export function rewriteWithTagGuard(
  body: ReadableStream<Uint8Array>,
  rewrite: (input: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>,
  maxTagBytes = MAX_TAG_BYTES,
): ReadableStream<Uint8Array> {
  const upstream = body.getReader()
  const scanner = new TagScanner(maxTagBytes)
  let bypass: Uint8Array | null = null
  const input = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await upstream.read()
        if (done) {
          const rest = scanner.end()
          if (rest.length) controller.enqueue(rest)
          controller.close()
          return
        }
        const { ready, rest } = scanner.push(value)
        if (ready.length) controller.enqueue(ready)
        if (rest) {
          bypass = rest
          controller.close()
          return
        }
        if (ready.length) return
      }
    },
    cancel(reason) {
      return upstream.cancel(reason)
    },
  })
  const rewritten = rewrite(input).getReader()
  let rewriting = true
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (rewriting) {
        const { done, value } = await rewritten.read()
        if (!done) {
          controller.enqueue(value)
          return
        }
        rewriting = false
        if (!bypass) {
          controller.close()
          return
        }
        controller.enqueue(bypass)
        bypass = null
        return
      }
      const { done, value } = await upstream.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel(reason) {
      rewritten.cancel(reason).catch(() => {})
      return upstream.cancel(reason)
    },
  })
}
