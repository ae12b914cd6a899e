/**
 * The edge rule for text: every string a request carries (path parameters, query, JSON or form body,
 * object keys, uploaded file names) must be text PostgreSQL can store. Two things are not:
 * - U+0000 (NUL): `text` columns refuse it (22021) and `jsonb` refuses the `\u0000` escape (22P05);
 * - unpaired UTF-16 surrogates (e.g. `"\ud800"` in JSON): not Unicode at all, the UTF-8 encoder would
 *   silently store U+FFFD instead of what was sent.
 * A path segment that is not valid percent-encoded UTF-8 is refused the same way (Elysia hands it to
 * the route as null, which no handler expects).
 * Checked once for every route, after parsing and before schema validation (a global `onTransform`
 * hook), so no route, present or future, can forget it. The answer is the SPEC's error body with the
 * field named, in the same `meta.issues` form as schema validation failures: 422 ValidationFailed.
 * Body fields are named as schema failures name them (`comment`, `metadata.anchor.x`); path
 * parameters and query fields carry their place (`params.id`, `query.code`); `meta.in` says which.
 */
import { ValidationFailed } from '@pinpoint/domain'
import { Elysia } from 'elysia'

export interface TextIssue {
  path: string
  message: string
}

const NUL_MESSAGE = 'must not contain a NUL character (U+0000)'
const SURROGATE_MESSAGE = 'must be valid Unicode text (it contains an unpaired surrogate)'

/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return NUL_MESSAGE
  if (UNPAIRED_SURROGATE.test(value)) return SURROGATE_MESSAGE
  return undefined
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))

/**
 * The first string in `value` (walked iteratively, keys included) that cannot be stored, with its
 * dotted path below `root` (`metadata.anchor.x`, `params.id`, `annotationIds.3`; `''` for the root).
 */
export function findTextIssue(root: string, value: unknown): TextIssue | undefined {
  const stack: Array<[string, unknown]> = [[root, value]]
  let visited = 0
  while (stack.length > 0) {
    const [path, current] = stack.pop() as [string, unknown]
    // A bound on work, not on correctness: bodies are capped in size, this only keeps the walk cheap.
    if (++visited > 200_000) break
    if (typeof current === 'string') {
      const problem = textProblem(current)
      if (problem) return { path: path || 'body', message: problem }
    } else if (current instanceof File) {
      const problem = textProblem(current.name)
      if (problem) return { path: join(path, 'name'), message: `file name ${problem}` }
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push([join(path, index), current[index]])
    } else if (current !== null && typeof current === 'object' && !(current instanceof Blob)) {
      for (const [key, child] of Object.entries(current)) {
        const keyProblem = textProblem(key)
        if (keyProblem) return { path: path || 'body', message: `has a key that ${keyProblem}` }
        stack.push([join(path, key), child])
      }
    }
  }
  return undefined
}

export function textInputError(place: string, issue: TextIssue): ValidationFailed {
  return new ValidationFailed(`Invalid ${issue.path}: ${issue.message}.`, { issues: [issue], in: place })
}

/**
 * The body is read by a computed key on purpose: Elysia parses a route's body only when something
 * reads it (its schema, its handler or a hook, found by reading their source). Naming `body` here
 * would make every route parse every body (an unknown route would answer a JSON parse error instead
 * of 404, a raw tus PATCH would be read into memory); a route that does not read its body cannot be
 * harmed by one, so only bodies the route parsed anyway are checked.
 */
const PARSED_BODY = 'body'

/** Registers the check for every route composed after it (global scope, like the error handler). */
export function textInputGuard() {
  return new Elysia({ name: 'text-input-guard' }).onTransform({ as: 'global' }, (context) => {
    const { params, query } = context
    for (const [name, value] of Object.entries(params ?? {})) {
      // Elysia leaves a path segment it cannot percent-decode (`%FF`, `%E0%A4%A`, a bare `%`) as null.
      if (value === null || value === undefined)
        throw textInputError('params', {
          path: `params.${name}`,
          message: 'must be valid percent-encoded UTF-8',
        })
    }
    const parts: Array<[place: string, root: string, value: unknown]> = [
      ['params', 'params', params],
      ['query', 'query', query],
      ['body', '', (context as unknown as Record<string, unknown>)[PARSED_BODY]],
    ]
    for (const [place, root, value] of parts) {
      const issue = findTextIssue(root, value)
      if (issue) throw textInputError(place, issue)
    }
  })
}
