/**
 * Product e-mails, written as React components (react-email) and rendered to HTML plus a plain-text part.
 * `buildXEmail(props)` returns everything the mailer needs except the recipient.
 */
import { render } from '@react-email/render'
import { createElement, type ReactElement } from 'react'
import { BillingEmail, type BillingEmailProps, billingSubject } from './billing'
import { InviteEmail, type InviteEmailProps, inviteSubject } from './invite'
import { LoginLinkEmail, type LoginLinkEmailProps, loginLinkSubject } from './login-link'
import { PasswordResetEmail, type PasswordResetEmailProps, passwordResetSubject } from './password-reset'
import { WelcomeEmail, type WelcomeEmailProps, welcomeSubject } from './welcome'

export interface RenderedEmail {
  subject: string
  html: string
  text: string
  kind: string
}

async function renderEmail(kind: string, subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { kind, subject, html, text }
}

export const buildInviteEmail = (props: InviteEmailProps) =>
  renderEmail('invite', inviteSubject(props), createElement(InviteEmail, props))

export const buildPasswordResetEmail = (props: PasswordResetEmailProps) =>
  renderEmail('password-reset', passwordResetSubject, createElement(PasswordResetEmail, props))

export const buildLoginLinkEmail = (props: LoginLinkEmailProps) =>
  renderEmail('login-link', loginLinkSubject, createElement(LoginLinkEmail, props))

export const buildWelcomeEmail = (props: WelcomeEmailProps) =>
  renderEmail('welcome', welcomeSubject, createElement(WelcomeEmail, props))

export const buildBillingEmail = (props: BillingEmailProps) =>
  renderEmail(`billing-${props.kind}`, billingSubject(props), createElement(BillingEmail, props))
