/**
 * The body of a task, written once as lines so each tool gets the same facts: the comment, where it was
 * made, on what device, its labels, status and assignee, the link back and the files.
 */
import type { TaskContent } from './types'

export interface BodyLine {
  label: string
  value: string
  /** A URL the tool should make clickable. */
  href?: string
}

/** The facts under the comment, in the order every tool shows them. */
export function taskFacts(content: TaskContent): BodyLine[] {
  const lines: BodyLine[] = [{ label: 'Comment in Pinpoint', value: content.link, href: content.link }]
  lines.push({ label: 'Canvas', value: content.canvasTitle })
  if (content.location) lines.push({ label: 'Where', value: content.location })
  if (content.device) lines.push({ label: 'Device', value: content.device })
  lines.push({ label: 'Author', value: content.author })
  lines.push({ label: 'Status', value: content.status })
  if (content.labels.length > 0) lines.push({ label: 'Labels', value: content.labels.join(', ') })
  if (content.assignee) lines.push({ label: 'Assignee', value: content.assignee })
  for (const file of content.files) lines.push({ label: file.name, value: file.url, href: file.url })
  return lines
}

/** Markdown (Trello, ClickUp): the comment, then one bullet per fact. */
export function markdownBody(content: TaskContent): string {
  const facts = taskFacts(content).map((line) =>
    line.href ? `- **${line.label}:** [${line.value}](${line.href})` : `- **${line.label}:** ${line.value}`,
  )
  return `${content.comment}\n\n${facts.join('\n')}`
}

/** Plain text (Asana notes, Jira Server): the comment, then one "Label: value" line per fact. */
export function plainBody(content: TaskContent): string {
  return `${content.comment}\n\n${taskFacts(content)
    .map((line) => `${line.label}: ${line.value}`)
    .join('\n')}`
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)

/** HTML (monday.com updates): the comment as a paragraph, then one line per fact. */
export function htmlBody(content: TaskContent): string {
  const facts = taskFacts(content).map((line) =>
    line.href
      ? `<b>${escapeHtml(line.label)}:</b> <a href="${escapeHtml(line.href)}">${escapeHtml(line.value)}</a>`
      : `<b>${escapeHtml(line.label)}:</b> ${escapeHtml(line.value)}`,
  )
  return `<p>${escapeHtml(content.comment).replace(/\n/g, '<br>')}</p><p>${facts.join('<br>')}</p>`
}
