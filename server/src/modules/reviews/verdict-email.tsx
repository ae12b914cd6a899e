/**
 * "{user} approved revision 2 of {canvas}" e-mail to the canvas owner, sent after the verdict committed.
 * A failure is logged, never thrown: the verdict is saved either way.
 */
import { verdictSentence } from '@pinpoint/domain'
import { Button, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { createElement } from 'react'
import type { AppContext } from '../../context'
import { EmailLayout, styles } from '../../emails/layout'
import type { VerdictMail } from './service'

function VerdictEmail({ mail, sentence, url }: { mail: VerdictMail; sentence: string; url: string }) {
  return (
    <EmailLayout
      preview={sentence}
      heading={sentence}
      reason="You received this e-mail because a reviewer gave a verdict on your canvas. You can turn e-mails off in your profile settings."
    >
      {mail.comment ? (
        <Text style={{ ...styles.paragraph, borderLeft: '3px solid #e2e8f0', paddingLeft: '12px' }}>
          {mail.comment}
        </Text>
      ) : null}
      <Section style={{ margin: '24px 0' }}>
        <Button href={url} style={styles.button}>
          Open revision {mail.revisionNumber}
        </Button>
      </Section>
    </EmailLayout>
  )
}

export async function sendVerdictEmail(
  context: Pick<AppContext, 'mailer' | 'logger' | 'config'>,
  mail: VerdictMail | null,
) {
  if (!mail) return
  try {
    const sentence = verdictSentence({
      actorName: mail.actorName,
      status: mail.status,
      revisionNumber: mail.revisionNumber,
      canvasTitle: mail.canvasTitle,
    })
    const url = `${context.config.publicUrl}/link/${mail.subdomain}/v/${mail.revisionNumber}/`
    const element = createElement(VerdictEmail, { mail, sentence, url })
    const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
    await context.mailer.send({ to: mail.recipient.email, subject: sentence, html, text, kind: 'verdict' })
  } catch (error) {
    context.logger.error('verdict e-mail failed', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
