/**
 * Single sign-on words shared by the server and the login page: why an SSO login ended without a session
 * (the callback redirects to `/login?ssoError=<reason>`, and the page shows the sentence; a reason, not a
 * sentence, travels in the URL so nobody can put their own text on our login page), and the answer to a
 * password login where the team signs in through its identity provider.
 */

export const SSO_FAILURE_MESSAGES = {
  state:
    'This sign-in could not be matched to this browser: it may have been started in another tab or taken too long. Please start again.',
  denied: 'Your identity provider did not sign you in. Please start again.',
  expired: 'This sign-in took too long or was already used. Please start again.',
  token:
    "Your identity provider's answer could not be verified. Ask your team owner to check the single sign-on settings.",
  provider: 'Your identity provider could not be reached. Please try again later.',
  busy: 'Too many single sign-on attempts from your network. Please wait a few minutes and try again.',
  unavailable: 'Single sign-on is no longer set up for this domain. Log in with your password.',
  email:
    "Your identity provider did not give a verified e-mail address of your team's domains, so you could not be signed in.",
  identity:
    'Your identity provider now gives this e-mail address to another person than the one who first signed in with it here. Ask your team owner.',
  account:
    'An account with this e-mail address already exists outside this team. Log in with your password, and ask the team owner for an invite.',
} as const

export type SsoFailure = keyof typeof SSO_FAILURE_MESSAGES

export function isSsoFailure(value: unknown): value is SsoFailure {
  return typeof value === 'string' && Object.hasOwn(SSO_FAILURE_MESSAGES, value)
}

/** What a password login gets when the account's team signs in only through single sign-on. */
export const SSO_REQUIRED_MESSAGE =
  'Your team signs in with single sign-on. Continue with single sign-on to log in.'
