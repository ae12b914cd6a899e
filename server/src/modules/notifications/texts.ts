/**
 * Notification sentences. New comments and replies use the SPEC section 8 texts (`notificationText` in the
 * domain); the SPEC does not word the other kinds, so these are ours, in the same voice.
 */
import { notificationText } from '@pinpoint/domain'

export type NotificationType =
  | 'notification.comment'
  | 'notification.reply'
  | 'notification.mention'
  | 'notification.assigned'
  | 'notification.status'

export function notificationSentence(
  type: NotificationType,
  { actorName, status }: { actorName: string | null; status?: string },
): string {
  const name = actorName?.trim() || 'Someone'
  switch (type) {
    case 'notification.comment':
      return notificationText({ kind: 'comment', actorName, isSelf: false })
    case 'notification.reply':
      return notificationText({ kind: 'reply', actorName, isSelf: false })
    case 'notification.mention':
      return `${name} mentioned you in a comment`
    case 'notification.assigned':
      return `${name} assigned a comment to you`
    case 'notification.status':
      return `${name} marked your comment as ${status ?? 'changed'}`
  }
}

/**
 * The texts a real-time feed event carries for the toast it raises (SPEC 8): `text` for everyone else,
 * `selfText` for the author's own other tabs ('You left a comment', 'You left a private comment', 'You
 * replied to a comment').
 */
export function feedTexts(kind: 'comment' | 'reply', actorName: string | null, isPrivate: boolean) {
  return {
    text: notificationText({ kind, actorName, isSelf: false, isPrivate }),
    selfText: notificationText({ kind, actorName, isSelf: true, isPrivate }),
  }
}

/** Mention markup `@[Name](user:id)` shown as `@Name`, trimmed to a preview length. */
export function plainExcerpt(comment: string, max = 280): string {
  const plain = comment
    .replace(/@\[([^\]]+)\]\([A-Za-z][\w-]*:[A-Za-z0-9]+\)/g, '@$1')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain
}
