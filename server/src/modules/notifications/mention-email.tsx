/**
 * "{user} mentioned you" e-mail, sent after the comment's transaction committed. Only recipients already
 * cleared by the notification rules (may see the comment, e-mails on) get here.
 */
import { Button, Section, Text } from '@react-email/components'
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
}

function MentionEmail({ actorName, canvasTitle, excerpt, url }: MentionEmailProps) {
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
      <Section style={{ margin: '24px 0' }}>
        <Button href={url} style={styles.button}>
          Open the comment
        </Button>
      </Section>
    </EmailLayout>
  )
}

/** Sends the mention e-mails; a failure is logged, never thrown (the comment is saved either way). */
export async function sendMentionEmails(
  context: Pick<AppContext, 'mailer' | 'logger' | 'config'>,
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
