import { Button, Section, Text } from '@react-email/components'
import { EmailLayout, styles } from './layout'

export interface LoginLinkEmailProps {
  name: string
  loginUrl: string
  expiresInMinutes: number
}

export const loginLinkSubject = 'Your Pinpoint login link'

export function LoginLinkEmail({ name, loginUrl, expiresInMinutes }: LoginLinkEmailProps) {
  return (
    <EmailLayout
      preview="Someone entered your password after many failed attempts: use this link to log in."
      heading="Log in to Pinpoint"
      reason="You received this e-mail because your correct password was entered while your account was protected after many failed login attempts. If it was not you, change your password: someone knows it."
    >
      <Text style={styles.paragraph}>Hi {name},</Text>
      <Text style={styles.paragraph}>
        There were many failed attempts to log in to your account, so for now a password alone is not enough.
        Your password was just entered correctly: to finish logging in, use the button below. The link works
        once and expires in {expiresInMinutes} minutes.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={loginUrl} style={styles.button}>
          Log in
        </Button>
      </Section>
      <Text style={styles.muted}>If the button does not work, paste this link into your browser:</Text>
      <Text style={{ ...styles.muted, ...styles.link }}>{loginUrl}</Text>
    </EmailLayout>
  )
}
