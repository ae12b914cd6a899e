/**
 * The e-mails this module sends (canvas and folder shares, deadline reminders). Plain, inline-styled HTML
 * with a text part; every interpolated value is escaped.
 */
import type { MailMessage } from '../../platform/mailer'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#1f2937">${p}</p>`)
    .join('')
  return `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><h1 style="margin:0 0 24px;font-size:20px;color:#111827">${escapeHtml(title)}</h1>${body}
<a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a>
<p style="margin:24px 0 0;font-size:12px;color:#6b7280">Pinpoint · visual feedback for designs, websites, e-mails, documents and videos</p>
</td></tr></table></td></tr></table></body></html>`
}

export function shareEmail(options: {
  to: string
  senderName: string
  title: string
  url: string
  message?: string | null
  what: 'canvas' | 'project'
}): MailMessage {
  const { to, senderName, title, url, message, what } = options
  const subject = `${senderName} shared "${title}" with you`
  const paragraphs = [
    `${escapeHtml(senderName)} invited you to review the ${what} <strong>${escapeHtml(title)}</strong>.`,
  ]
  if (message) paragraphs.push(`“${escapeHtml(message)}”`)
  return {
    to,
    subject,
    kind: what === 'canvas' ? 'canvas-share' : 'folder-share',
    html: layout(subject, paragraphs, {
      label: what === 'canvas' ? 'Open the canvas' : 'Open the project',
      url,
    }),
    text: `${senderName} invited you to review the ${what} "${title}".\n${message ? `\n"${message}"\n` : ''}\nOpen it: ${url}\n`,
  }
}

export function reminderEmail(options: {
  to: string
  title: string
  url: string
  deadline: Date | null
}): MailMessage {
  const { to, title, url, deadline } = options
  const when = deadline ? deadline.toUTCString() : null
  const subject = when
    ? `Reminder: feedback on "${title}" is due ${when}`
    : `Reminder: your feedback on "${title}"`
  const paragraphs = [
    when
      ? `This is a reminder that feedback on <strong>${escapeHtml(title)}</strong> is due by ${escapeHtml(when)}.`
      : `This is a reminder to leave your feedback on <strong>${escapeHtml(title)}</strong>.`,
  ]
  return {
    to,
    subject,
    kind: 'deadline-reminder',
    html: layout(subject, paragraphs, { label: 'Give feedback', url }),
    text: `${paragraphs[0]?.replace(/<[^>]+>/g, '')}\n\nOpen it: ${url}\n`,
  }
}

/** The public feedback link of a canvas (SPEC 2: /link/{subdomain}/). */
export function feedbackLink(publicUrl: string, subdomain: string): string {
  return `${publicUrl}/link/${subdomain}/`
}
