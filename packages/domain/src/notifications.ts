/**
 * Texts of real-time notifications and of the invite confirmation (SPEC 8).
 */

/** What happened: a new top-level comment or a reply. */
export type NotificationKind = 'comment' | 'reply'

/** Inputs of `notificationText`. */
export interface NotificationTextInput {
  kind: NotificationKind
  /** Display name of whoever acted; 'Someone' when missing. */
  actorName?: string | null
  /** The acting user is the viewer. */
  isSelf: boolean
  isPrivate?: boolean | null
}

/**
 * The notification sentence:
 * - self reply: 'You replied to a comment'
 * - self comment: 'You left a comment', or 'You left a private comment' when private
 * - someone's reply: '{user} replied to a comment'
 * - someone's comment: '{user} left a new comment'
 * Decision: only the viewer's own new comment is marked private, as SPEC 8 lists; other sentences are
 * unchanged for private comments (only team members receive those anyway).
 */
export function notificationText({ kind, actorName, isSelf, isPrivate }: NotificationTextInput): string {
  if (isSelf) {
    if (kind === 'reply') return 'You replied to a comment'
    return isPrivate ? 'You left a private comment' : 'You left a comment'
  }
  const name = actorName?.trim() || 'Someone'
  return kind === 'reply' ? `${name} replied to a comment` : `${name} left a new comment`
}

/** 'Invite(s) sent to a@x.com, b@y.com'. With no e-mails: 'Invite(s) sent'. */
export function inviteSuccessText(emails: readonly string[]): string {
  const list = emails.map((email) => email.trim()).filter(Boolean)
  return list.length ? `Invite(s) sent to ${list.join(', ')}` : 'Invite(s) sent'
}
