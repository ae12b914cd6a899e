/** Human names of annotation statuses (the stored values are SPEC/domain codes). */
export const STATUS_NAMES: Record<string, string> = {
  active: 'Open',
  'in-progress': 'In progress',
  'in-review': 'In review',
  resolved: 'Resolved',
}

export const STATUS_DOTS: Record<string, string> = {
  active: 'bg-brand-600',
  'in-progress': 'bg-[#d97706]',
  'in-review': 'bg-[#0284c7]',
  resolved: 'bg-[#059669]',
}

export function statusName(status: string): string {
  return STATUS_NAMES[status] ?? status
}
