/**
 * A list of e-mail addresses as people type it into one box (share invites, reminders, team invites):
 * commas, semicolons, spaces or new lines between them. One rule, so every box accepts the same lists.
 */

/** The distinct addresses of `text`, in the order typed; empty parts are dropped. */
export function parseEmailList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ]
}
