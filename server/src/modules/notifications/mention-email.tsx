/**
 * "{user} mentioned you" e-mail, sent after the comment's transaction committed. Only recipients already
 * cleared by the notification rules (may see the comment, e-mails on) get here.
 */
import { Button, Img, Link, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { createElement } from 'react'
import type { AppContext } from '../../context'
import { EmailLayout, styles } from '../../emails/layout'
import type { MentionMail } from './service'
import { plainExcerpt } from './texts'

interface MentionEmailProps {
  actorName: string
  canvasTitle: string
  excerpt: string
  url: string
  /** A signed, expiring URL of the pinned spot's screenshot (decision 055), when the comment has one. */
  screenshotUrl?: string | null
}

function MentionEmail({ actorName, canvasTitle, excerpt, url, screenshotUrl }: MentionEmailProps) {
  return (
    <EmailLayout
      preview={`${actorName}: ${excerpt}`}
      heading={`${actorName} mentioned you`}
      reason="You received this e-mail because someone mentioned you in a comment. You can turn e-mails off in your profile settings."
    >
      <Text style={styles.paragraph}>
        {actorName} mentioned you in a comment on <b>{canvasTitle}</b>:
      </Text>
      <Text style={{ ...styles.paragraph, borderLeft: '3px solid #e2e8f0', paddingLeft: '12px' }}>
        {excerpt}
      </Text>
      {screenshotUrl ? (
        <Section style={{ margin: '16px 0' }}>
          <Link href={url}>
            <Img
              src={screenshotUrl}
              alt={`Screenshot of the spot the comment is pinned to on ${canvasTitle}`}
              width="480"
              style={{ maxWidth: '100%', height: 'auto', border: '1px solid #e2e8f0', borderRadius: '6px' }}
            />
          </Link>
        </Section>
      ) : null}
      <Section style={{ margin: '24px 0' }}>
        <Button href={url} style={styles.button}>
          Open the comment
        </Button>
      </Section>
    </EmailLayout>
  )
}

/**
 * How long the e-mailed screenshot link works: e-mail clients fetch images without our session, so the
 * image is a signed URL (decision 055); a month covers reading the e-mail late, and then it expires.
 */
export const MAIL_IMAGE_TTL_S = 30 * 24 * 3600

/** Sends the mention e-mails; a failure is logged, never thrown (the comment is saved either way). */
export async function sendMentionEmails(
  context: Pick<AppContext, 'mailer' | 'logger' | 'config'> & { storage?: AppContext['storage'] },
  mails: MentionMail[],
) {
  for (const mail of mails) {
    try {
      const url = `${context.config.publicUrl}/link/${mail.canvas.canvas.subdomain}/comment/${mail.comment.annotationId}/`
      const element = createElement(MentionEmail, {
        actorName: mail.actorName,
        canvasTitle: mail.canvas.canvas.title,
        excerpt: plainExcerpt(mail.comment.comment, 500),
        url,
        screenshotUrl:
          mail.screenshotKey && context.storage
            ? context.storage.url(mail.screenshotKey, {
                contentType: mail.screenshotType ?? 'image/png',
                expiresIn: MAIL_IMAGE_TTL_S,
              })
            : null,
      })
      const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
      await context.mailer.send({
        to: mail.recipient.email,
        subject: `${mail.actorName} mentioned you on ${mail.canvas.canvas.title}`,
        html,
        text,
        kind: 'mention',
      })
    } catch (error) {
      context.logger.error('mention e-mail failed', {
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
}
