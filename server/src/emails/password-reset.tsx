import { Button, Section, Text } from '@react-email/components'
import { EmailLayout, styles } from './layout'

export interface PasswordResetEmailProps {
  name: string
  resetUrl: string
  expiresInMinutes: number
}

export const passwordResetSubject = 'Reset your Pinpoint password'

export function PasswordResetEmail({ name, resetUrl, expiresInMinutes }: PasswordResetEmailProps) {
  return (
    <EmailLayout
      preview="Use this link to choose a new password."
      heading="Reset your password"
      reason="You received this e-mail because someone asked to reset the password of this Pinpoint account. If it was not you, ignore it: your password stays unchanged."
    >
      <Text style={styles.paragraph}>Hi {name},</Text>
      <Text style={styles.paragraph}>
        We received a request to reset your password. Choose a new one with the button below. The link works
        once and expires in {expiresInMinutes} minutes.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={resetUrl} style={styles.button}>
          Choose a new password
        </Button>
      </Section>
      <Text style={styles.muted}>If the button does not work, paste this link into your browser:</Text>
      <Text style={{ ...styles.muted, ...styles.link }}>{resetUrl}</Text>
    </EmailLayout>
  )
}
