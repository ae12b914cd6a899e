/** How billing values read on screen. Amounts appear only on invoices (SPEC 1). */
import type { PlanFeature } from '@pinpoint/domain'

/** "$49.00" from cents and an ISO currency code. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  )
}

/** "March 3, 2026", or a dash for no date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
}

/**
 * What each plan feature gives, in the words of the plan selection. Null: not shown, because the product
 * does not offer it yet (single sign-on, decision 037), so no screen promises it.
 */
export const FEATURE_LABELS: Record<PlanFeature, string | null> = {
  team: 'A team with members and invites',
  labels: 'Labels on comments',
  mentions: '@-mentions',
  exports: 'Every export option',
  folders: 'Projects (folders) layout',
  assign: 'Assign comments',
  pause: 'Pause canvases and feedback deadlines',
  apiToken: 'API token',
  attachments: 'File attachments on comments',
  sso: null,
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american express': 'American Express',
}

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? brand
}

/** "Ends 04/2030" style expiry. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`
}

/** The state of a subscription in words the owner understands. */
export function statusText(status: string, cancelAtPeriodEnd: boolean): string {
  if (cancelAtPeriodEnd) return 'Cancelled, ends at the end of the period'
  switch (status) {
    case 'trialing':
      return 'Free trial'
    case 'active':
      return 'Active'
    case 'past_due':
      return 'Payment overdue'
    case 'canceled':
    case 'cancelled':
      return 'Cancelled'
    case 'unpaid':
      return 'Unpaid'
    default:
      return status
  }
}

/** The labels of the features a plan shows, in catalogue order. */
export function featureLabels(features: readonly PlanFeature[]): string[] {
  return features.map((feature) => FEATURE_LABELS[feature]).filter((label): label is string => label !== null)
}
