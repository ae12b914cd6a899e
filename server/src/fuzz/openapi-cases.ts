/**
 * Turns the app's own OpenAPI document into a bounded list of hostile requests: for every operation,
 * a plausible request (real ids where the world has them), then that request with each path parameter,
 * query field and body field replaced by something malformed (NUL, very long, unicode oddities,
 * undecodable percent-escapes, wrong types, missing fields) and the body sent in the wrong shape or
 * content type. Pure: the caller supplies the ids and runs the requests.
 */

type Schema = {
  $ref?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minLength?: number
  minimum?: number
  minItems?: number
  pattern?: string
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  schema?: Schema
}

interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

export interface FuzzRequest {
  method: string
  /** Path and query, already percent-encoded. */
  url: string
  contentType?: string
  body?: string | FormData
  /** What was malformed, for the failure report. */
  label: string
}

export interface FuzzOperation {
  method: string
  template: string
  requests: FuzzRequest[]
}

/** Picks a real id for a path parameter (by the route and parameter name), or undefined. */
export type IdFor = (template: string, parameter: string) => string | undefined

const LONG = 'x'.repeat(10_000)
/** Path segments: already encoded, several of them not valid UTF-8 or not valid escapes at all. */
const PATH_VALUES: Array<[string, string]> = [
  ['nul', '%00'],
  ['nul-inside', 'ab%00cd'],
  ['long', LONG],
  ['emoji', '%F0%9F%92%A9'],
  ['rtl-override', '%E2%80%AEabc'],
  ['encoded-lone-surrogate', '%ED%A0%80'],
  ['invalid-utf8', '%FF%FE'],
  ['broken-escape', '%E0%A4%A'],
  ['bare-percent', '%'],
  ['negative', '-1'],
  ['huge-number', '1e999'],
  ['dot-segments', '..%2F..%2Fetc%2Fpasswd'],
  ['space', '%20'],
]
const QUERY_VALUES: Array<[string, string]> = [
  ['nul', '%00'],
  ['long', LONG],
  ['encoded-lone-surrogate', '%ED%A0%80'],
  ['broken-escape', '%E0%A4%A'],
  ['json-fragment', '%7B%22a%22%3A'],
  ['empty', ''],
  ['huge-number', '1e999'],
]
/** Values for a string field of a JSON body (JSON.stringify keeps a lone surrogate as `\ud800`). */
const STRING_VALUES: Array<[string, unknown]> = [
  ['nul', 'a\u0000b'],
  ['lone-surrogate', 'a\ud800b'],
  ['long', 'y'.repeat(100_000)],
  ['unicode-oddities', 'e\u0301 \u202e \ufeff 💩 \u2028'],
  ['number', 12345],
  ['object', { nested: true }],
  ['null', null],
]
const OPTIONAL_PASSWORD_VALUES: Array<[string, unknown]> = [
  ['plausible', 'fuzz-password'],
  ['nul', 'a\u0000b'],
  ['long', 'y'.repeat(100_000)],
  ['number', 12345],
]
const NUMBER_VALUES: Array<[string, unknown]> = [
  ['string', 'abc'],
  ['huge', 1e308],
  ['negative-huge', -1e308],
  ['fraction', 0.5],
  ['beyond-safe-integer', 2 ** 53 + 2],
  ['array', [1]],
]
const OTHER_VALUES: Array<[string, unknown]> = [
  ['string', 'abc'],
  ['nul', '\u0000'],
  ['array', []],
  ['number', -1],
]
const MAX_LEAVES = 8

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {}
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '')
    current = document.components?.schemas?.[name] ?? {}
  }
  return current
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type] : []
}

const isFile = (schema: Schema) => schema.format === 'binary'

const FORMAT_SAMPLES: Record<string, () => string> = {
  email: () => 'fuzz@example.com',
  numeric: () => '1',
  integer: () => '1',
  boolean: () => 'true',
  'date-time': () => new Date(Date.now() + 7 * 86_400_000).toISOString(),
  date: () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  uri: () => 'https://example.com/page',
}
/** Tried in order against a `pattern`: colours, addresses, plain words, numbers. */
const PATTERN_CANDIDATES = ['#ff0000', 'https://example.com/page', 'fuzz', 'fuzz-value', '1', 'a']

function sampleString(schema: Schema, name: string, idFor: IdFor): string {
  const byFormat = schema.format ? FORMAT_SAMPLES[schema.format] : undefined
  if (byFormat) return byFormat()
  if (/email/i.test(name)) return 'fuzz@example.com'
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern)
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate))
    if (match) return match
  }
  if (/url$/i.test(name)) return 'https://example.com/page'
  if (/dates?$/i.test(name)) return FORMAT_SAMPLES['date-time']?.() ?? ''
  const id = /ids?$/i.test(name) ? idFor('', name.replace(/s$/, '')) : undefined
  return id ?? 'fuzz-value'.padEnd(schema.minLength ?? 0, 'z')
}

/** A value the schema accepts, as far as one can be guessed (ids from the world for *Id fields). */
function sample(
  document: OpenApiDocument,
  raw: Schema | undefined,
  name: string,
  idFor: IdFor,
  depth = 0,
): unknown {
  const schema = resolve(document, raw)
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const options = schema.anyOf ?? schema.oneOf
  if (options?.length) {
    const chosen =
      options.find((option) => !typesOf(resolve(document, option)).includes('null')) ?? options[0]
    return sample(
      document,
      { ...schema, anyOf: undefined, oneOf: undefined, ...resolve(document, chosen) },
      name,
      idFor,
      depth,
    )
  }
  if (isFile(schema)) return new File([PNG_1PX], 'pixel.png', { type: 'image/png' })
  const type = typesOf(schema).find((candidate) => candidate !== 'null') ?? 'object'
  switch (type) {
    case 'string':
      return sampleString(schema, name, idFor)
    case 'integer':
    case 'number':
      return schema.minimum ?? 1
    case 'boolean':
      return true
    case 'array':
      return depth > 4
        ? []
        : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
            sample(document, schema.items, name, idFor, depth + 1),
          )
    default: {
      if (depth > 4) return {}
      const result: Record<string, unknown> = {}
      const required = new Set(schema.required ?? [])
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        // Optional id lists (files to attach, ...) are consumed by the first request that uses them.
        const optionalIds = !required.has(key) && /Ids$/.test(key)
        // An optional password is hashed on every request that carries it (the slowest thing a request
        // can do); it is left out of the plausible body and fuzzed on its own (OPTIONAL_PASSWORD_VALUES).
        if (!required.has(key) && /password/i.test(key)) continue
        result[key] = optionalIds ? [] : sample(document, child, key, idFor, depth + 1)
      }
      return result
    }
  }
}

/** Every leaf of a sampled body with the schema type that produced it. */
function leaves(value: unknown, path: string[] = []): Array<{ path: string[]; value: unknown }> {
  if (value !== null && typeof value === 'object' && !(value instanceof File)) {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value)
    return entries.flatMap(([key, child]) => leaves(child, [...path, key]))
  }
  return [{ path, value }]
}

function replaced(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path as [string, ...string[]]
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as object) }
  ;(copy as Record<string, unknown>)[head] = replaced(
    (value as Record<string, unknown>)[head],
    rest,
    replacement,
  )
  return copy
}

function toForm(value: unknown): FormData {
  const form = new FormData()
  for (const [key, child] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (child instanceof File) form.append(key, child)
    else form.append(key, typeof child === 'string' ? child : JSON.stringify(child))
  }
  return form
}

function hasFile(value: unknown): boolean {
  return leaves(value).some((leaf) => leaf.value instanceof File)
}

function encodeBody(value: unknown, label: string, method: string, url: string): FuzzRequest {
  if (hasFile(value)) return { method, url, body: toForm(value), label }
  return { method, url, contentType: 'application/json', body: JSON.stringify(value), label }
}

function bodyRequests(
  document: OpenApiDocument,
  operation: Operation,
  method: string,
  url: string,
  idFor: IdFor,
) {
  const content = operation.requestBody?.content
  if (!content) return []
  const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema
  const valid = sample(document, schema, 'body', idFor)
  const requests: FuzzRequest[] = [encodeBody(valid, 'body: plausible', method, url)]
  for (const leaf of leaves(valid).slice(0, MAX_LEAVES)) {
    const field = leaf.path.join('.') || 'body'
    const values =
      leaf.value instanceof File
        ? [
            ['file-name-nul', new File([PNG_1PX], 'a\u0000.png', { type: 'image/png' })],
            ['file-empty', new File([], 'empty.png')],
            ['string-not-file', 'not a file'],
          ]
        : typeof leaf.value === 'string'
          ? STRING_VALUES
          : typeof leaf.value === 'number'
            ? NUMBER_VALUES
            : OTHER_VALUES
    for (const [name, replacement] of values as Array<[string, unknown]>)
      requests.push(
        encodeBody(replaced(valid, leaf.path, replacement), `body.${field}: ${name}`, method, url),
      )
  }
  const passwordFields = Object.keys(resolve(document, schema).properties ?? {}).filter(
    (key) => /password/i.test(key) && !(key in (valid as object)),
  )
  for (const key of passwordFields)
    for (const [name, value] of OPTIONAL_PASSWORD_VALUES)
      requests.push(encodeBody({ ...(valid as object), [key]: value }, `body.${key}: ${name}`, method, url))
  const shapes: Array<[string, unknown]> = [
    ['empty-object', {}],
    ['null', null],
    ['array', [valid]],
    ['string', 'text'],
    ['key-with-nul', { ...(valid as object), 'k\u0000': 1 }],
    ['deeply-nested', JSON.parse(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`)],
  ]
  for (const [name, shape] of shapes) requests.push(encodeBody(shape, `body shape: ${name}`, method, url))
  const json = hasFile(valid) ? '{}' : JSON.stringify(valid)
  requests.push(
    {
      method,
      url,
      contentType: 'application/json',
      body: '{"comment": "unterminated',
      label: 'content: broken JSON',
    },
    { method, url, contentType: 'application/json', body: '', label: 'content: empty JSON body' },
    { method, url, contentType: 'application/json', body: '\uFEFF{}\u0000', label: 'content: BOM and NUL' },
    { method, url, contentType: 'text/plain', body: json, label: 'content: JSON as text/plain' },
    { method, url, body: json, label: 'content: no content type' },
    {
      method,
      url,
      contentType: 'application/x-www-form-urlencoded',
      body: 'a=%00&b=%E0%A4%A&c',
      label: 'content: form',
    },
    {
      method,
      url,
      contentType: 'multipart/form-data; boundary=x',
      body: '--x\r\nbroken',
      label: 'content: broken multipart',
    },
    { method, url, body: toForm(valid), label: 'content: multipart' },
  )
  return requests
}

/** Every operation of the document with its hostile requests (TRACE and WebSocket upgrades excluded). */
export function fuzzOperations(document: OpenApiDocument, idFor: IdFor): FuzzOperation[] {
  const operations: FuzzOperation[] = []
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [rawMethod, operation] of Object.entries(methods)) {
      // TRACE cannot be built by fetch's Request; the realtime route is fuzzed as a plain GET.
      if (rawMethod === 'trace') continue
      const method = rawMethod === 'ws' ? 'GET' : rawMethod.toUpperCase()
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
      const fill = (override?: [string, string]) =>
        template
          .replace(/\{([^}]+)\}/g, (_, name: string) =>
            override?.[0] === name ? override[1] : encodeURIComponent(idFor(template, name) ?? 'fuzz'),
          )
          .replace(/\*$/, override?.[0] === '*' ? override[1] : 'fuzz')
      const plain = fill()
      const requests: FuzzRequest[] = [{ method, url: plain, label: 'plausible' }]
      for (const name of template.endsWith('*') ? [...names, '*'] : names)
        for (const [label, value] of PATH_VALUES)
          requests.push({ method, url: fill([name, value]), label: `params.${name}: ${label}` })
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query') continue
        for (const [label, value] of QUERY_VALUES)
          requests.push({
            method,
            url: `${plain}?${parameter.name}=${value}`,
            label: `query.${parameter.name}: ${label}`,
          })
        requests.push({
          method,
          url: `${plain}?${parameter.name}=1&${parameter.name}=2`,
          label: `query.${parameter.name}: repeated`,
        })
      }
      requests.push({ method, url: `${plain}?unknown=%00`, label: 'query.unknown: nul' })
      requests.push(...bodyRequests(document, operation, method, plain, idFor))
      operations.push({ method, template, requests })
    }
  }
  return operations
}

/** The smallest valid PNG (1×1, transparent): uploads get past content sniffing to the code behind it. */
export const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
)
