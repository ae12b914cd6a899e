/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and query strings for GET) with
 * bracketed keys, `items[0][price]=p&metadata[user_id]=u&expand[0]=latest_invoice`. The SDK writes indexed
 * arrays; `[]` is accepted too because curl users write it. An empty value means "unset" to Stripe, so it is
 * kept as '' and the handlers decide.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

function splitKey(key: string): string[] {
  const first = key.indexOf('[')
  if (first === -1) return [key]
  const parts = [key.slice(0, first)]
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '')
  return parts
}

/** Objects whose keys are all indices become arrays (in index order). */
function arrayify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  for (const key of keys) value[key] = arrayify(value[key] as FormValue)
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key] as FormValue)
  }
  return value
}

export function parseForm(params: URLSearchParams): FormObject {
  const root: FormObject = {}
  let appendIndex = 0
  for (const [rawKey, value] of params) {
    const parts = splitKey(rawKey)
    let node: FormObject = root
    parts.forEach((part, index) => {
      const key = part === '' ? String(appendIndex++) : part
      if (index === parts.length - 1) {
        node[key] = value
        return
      }
      const next = node[key]
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {}
      node = node[key] as FormObject
    })
  }
  return arrayify(root) as FormObject
}

/** Reads a request's parameters the way Stripe does: the query string for GET/DELETE, the form body otherwise. */
export async function readParams(request: Request): Promise<FormObject> {
  const url = new URL(request.url)
  const query = parseForm(url.searchParams)
  if (request.method === 'GET' || request.method === 'DELETE') return query
  const body = await request.text()
  return { ...query, ...parseForm(new URLSearchParams(body)) }
}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

export function int(value: FormValue | undefined): number | undefined {
  const text = str(value)
  if (text === undefined) return undefined
  const number = Number(text)
  return Number.isFinite(number) ? Math.trunc(number) : undefined
}

export function bool(value: FormValue | undefined): boolean | undefined {
  if (value === 'true') return true
  if (value === 'false') return false
  return undefined
}

export function obj(value: FormValue | undefined): FormObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
}

export function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'object' && value !== null) return Object.values(value)
  return []
}

export function strings(value: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, item] of Object.entries(obj(value))) if (typeof item === 'string') out[key] = item
  return out
}
