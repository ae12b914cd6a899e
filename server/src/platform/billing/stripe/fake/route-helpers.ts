/** Small pieces shared by the fake's route tables: the handler type, Stripe's list envelope, lookups. */
import { type FormObject, list } from './form'
import type { Ledger } from './invoicing'
import { missing } from './state'

export type Handler = (ledger: Ledger, params: FormObject, ids: string[]) => unknown

export function listOf<T>(data: T[], url: string, limit = 10) {
  return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url }
}

export function get<T>(map: Map<string, T>, kind: string, id: string | undefined): T {
  const found = id ? map.get(id) : undefined
  if (!found) throw missing(kind, id ?? '')
  return found
}

export function expanded(params: FormObject, field: string): boolean {
  return list(params.expand).some((entry) => entry === field || entry === `data.${field}`)
}
