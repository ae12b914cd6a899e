import { Button, Section, Text } from '@react-email/components'
import { EmailLayout, styles } from './layout'

export interface InviteEmailProps {
  inviterName: string
  teamName: string
  acceptUrl: string
  expiresInDays: number
}

export function inviteSubject({ inviterName, teamName }: Pick<InviteEmailProps, 'inviterName' | 'teamName'>) {
  return `${inviterName} invited you to join ${teamName} on Pinpoint`
}

export function InviteEmail({ inviterName, teamName, acceptUrl, expiresInDays }: InviteEmailProps) {
  return (
    <EmailLayout
      preview={`Join ${teamName} on Pinpoint and review designs together.`}
      heading={`Join ${teamName} on Pinpoint`}
      reason={`You received this e-mail because ${inviterName} invited this address to their team. If you were not expecting it, you can ignore it.`}
    >
      <Text style={styles.paragraph}>
        {inviterName} invited you to join the <b>{teamName}</b> team. Pinpoint lets your team pin comments
        directly on websites, designs, e-mails and videos, and keep every round of feedback in one place.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={acceptUrl} style={styles.button}>
          Accept the invite
        </Button>
      </Section>
      <Text style={styles.muted}>
        The invite is valid for {expiresInDays} days. If the button does not work, paste this link into your
        browser:
      </Text>
      <Text style={{ ...styles.muted, ...styles.link }}>{acceptUrl}</Text>
    </EmailLayout>
  )
}
