/**
 * The permission matrix (SPEC 6): every route, every actor kind, the exact status. One row per route and
 * method; later issues append their rows to MATRIX (exports and connected accounts are in
 * matrix-exports.test.ts, to keep each file readable).
 *
 * Actor kinds (see matrix-world.ts): owner, admin (role admin), member, otherTeam (owner of another team),
 * individual (individual plan, no team), guest, anonymous, apiToken (a member's token, no cookies).
 */
import { DEFAULT_PASSWORD, uniqueEmail } from '@pinpoint/db/testing'
import {
  adminsOnly,
  avatarForm,
  billingOwner,
  inviteForActor,
  loggedIn,
  type MatrixRow,
  runMatrix,
  teamOnly,
} from './matrix-rows'
import { all, staffReleaseRows } from './matrix-world'

const MATRIX: MatrixRow[] = [
  // Account and session
  { method: 'GET', route: '/sessions/me', path: () => '/sessions/me', expect: all(200, { anonymous: 401 }) },
  {
    method: 'POST',
    route: '/users (sign-up)',
    path: () => '/users',
    body: () => ({ email: uniqueEmail('new'), name: 'New', password: 'a good password' }),
    expect: all(201),
  },
  {
    method: 'POST',
    route: '/sessions (wrong password)',
    path: () => '/sessions',
    body: (w) => ({ email: w.owner.email, password: 'wrong-password' }),
    expect: all(401),
  },
  { method: 'DELETE', route: '/sessions', path: () => '/sessions', expect: all(200) },
  {
    method: 'POST',
    route: '/password-resets',
    path: () => '/password-resets',
    body: () => ({ email: uniqueEmail() }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/guests',
    path: () => '/guests',
    body: () => ({ email: uniqueEmail('g'), name: 'G' }),
    expect: all(200),
  },
  {
    method: 'PUT',
    route: '/users/me',
    path: () => '/users/me',
    body: () => ({ name: 'Renamed' }),
    expect: loggedIn(200),
  },
  {
    method: 'PUT',
    route: '/users/me/password',
    path: () => '/users/me/password',
    body: () => ({ currentPassword: DEFAULT_PASSWORD, newPassword: 'a new password' }),
    expect: loggedIn(200),
  },
  {
    method: 'PUT',
    route: '/users/me/avatar',
    path: () => '/users/me/avatar',
    body: avatarForm,
    expect: loggedIn(200),
  },
  {
    method: 'PUT',
    route: '/users/me/customer',
    path: () => '/users/me/customer',
    body: () => ({ shouldEmailReceipts: false }),
    // Billing belongs to the account owner: the team owner, or a user without a team.
    expect: all(403, { owner: 200, otherTeam: 200, individual: 200, anonymous: 401 }),
  },
  // API token: a team whose plan is not team49 (both teams here are enterprise); not for individuals.
  {
    method: 'GET',
    route: '/users/me/token',
    path: () => '/users/me/token',
    expect: all(200, { individual: 403, guest: 403, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/users/me/token',
    path: () => '/users/me/token',
    expect: all(200, { individual: 403, guest: 403, anonymous: 401 }),
  },
  // Guided tours seen: members' own, on the server (guests keep theirs in the browser).
  { method: 'GET', route: '/users/me/tours', path: () => '/users/me/tours', expect: loggedIn(200) },
  {
    method: 'PUT',
    route: '/users/me/tours/{tour}',
    path: () => '/users/me/tours/dashboard',
    expect: loggedIn(200),
  },
  // Browser-side analytics events: anyone signed in (accepted and dropped while analytics is off).
  {
    method: 'POST',
    route: '/analytics/events',
    path: () => '/analytics/events',
    body: () => ({ event: 'canvas_creation_failed', properties: { message: 'x' } }),
    expect: all(202, { anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/sessions/impersonation',
    path: () => '/sessions/impersonation',
    body: (w) => ({ userId: w.member2.id }),
    // Nobody in the world is staff.
    expect: all(403, { anonymous: 401 }),
  },
  {
    method: 'GET',
    route: '/sso-login-url',
    path: () => '/sso-login-url?emailDomain=nobody.example',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/sso/start (a domain without SSO: back to the login page)',
    path: () => '/sso/start?domain=nobody.example',
    expect: all(303),
  },
  {
    method: 'GET',
    route: '/sso/callback (no login in progress: back to the login page)',
    path: () => '/sso/callback?code=x&state=y',
    expect: all(303),
  },

  // Teams
  {
    method: 'GET',
    route: '/teams/{id}/users',
    path: (w) => `/teams/${w.team.id}/users`,
    expect: teamOnly(200),
  },
  {
    method: 'POST',
    route: '/teams/{id}/admins',
    path: (w) => `/teams/${w.team.id}/admins`,
    body: (w) => ({ userId: w.member2.id }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/teams/{id}/admins',
    path: (w) => `/teams/${w.team.id}/admins`,
    body: (w) => ({ userId: w.admin2.id }),
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/teams/{id}/users/{userId} (a member)',
    path: (w) => `/teams/${w.team.id}/users/${w.member2.id}`,
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/teams/{id}/users/{userId} (the owner)',
    path: (w) => `/teams/${w.team.id}/users/${w.owner.id}`,
    expect: all(403, { anonymous: 401 }),
  },
  {
    method: 'GET',
    route: '/teams/{id}/sso-settings',
    path: (w) => `/teams/${w.team.id}/sso-settings`,
    expect: all(403, { owner: 200, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/teams/{id}/sso-settings',
    path: (w) => `/teams/${w.team.id}/sso-settings`,
    body: () => ({ enabled: false }),
    expect: all(403, { owner: 200, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/teams/{id}/sso-settings/test',
    path: (w) => `/teams/${w.team.id}/sso-settings/test`,
    // A loopback issuer: the outbound guard answers at once, without a network call.
    body: () => ({ issuer: 'https://127.0.0.1' }),
    expect: all(403, { owner: 200, anonymous: 401 }),
  },

  // Invites, team side
  {
    method: 'GET',
    route: '/teams/{id}/invites',
    path: (w) => `/teams/${w.team.id}/invites`,
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/teams/{id}/invites',
    path: (w) => `/teams/${w.team.id}/invites`,
    body: () => ({ emails: [uniqueEmail()] }),
    expect: adminsOnly(201),
  },
  {
    method: 'POST',
    route: '/teams/{id}/invites/{inviteId}/resend',
    path: (w) => `/teams/${w.team.id}/invites/${w.invite.id}/resend`,
    expect: adminsOnly(200),
  },
  {
    method: 'DELETE',
    route: '/teams/{id}/invites/{inviteId}',
    path: (w) => `/teams/${w.team.id}/invites/${w.invite.id}`,
    expect: adminsOnly(200),
  },

  // Invites, invitee side
  { method: 'GET', route: '/invites?code=', path: (w) => `/invites?code=${w.invite.code}`, expect: all(200) },
  {
    method: 'GET',
    route: '/invites?email= (own e-mail)',
    path: (w) => `/invites?email=${encodeURIComponent(w.actor?.email ?? uniqueEmail())}`,
    expect: all(200, { guest: 403, anonymous: 401 }),
  },
  {
    method: 'GET',
    route: "/invites?email= (someone else's)",
    path: (w) => `/invites?email=${encodeURIComponent(w.invite.email)}`,
    expect: all(403, { anonymous: 401 }),
  },
  {
    method: 'POST',
    route: "/invites/{id}/accept (someone else's)",
    path: (w) => `/invites/${w.invite.id}/accept`,
    expect: all(403, { anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/invites/{id}/accept (own)',
    setup: inviteForActor,
    path: (_w, extra) => `/invites/${extra.inviteId}/accept`,
    // Team owners must hand over their team before joining another.
    expect: all(200, { owner: 409, otherTeam: 409, guest: 403, anonymous: 401 }),
  },
  {
    method: 'POST',
    route: '/invites/{id}/decline (own)',
    setup: inviteForActor,
    path: (_w, extra) => `/invites/${extra.inviteId}/decline`,
    expect: all(200, { guest: 403, anonymous: 401 }),
  },
  // Billing (issue 10): plans are public; the rest only for the billing owner (team owner or no team).
  { method: 'GET', route: '/plans', path: () => '/plans', expect: all(200) },
  {
    method: 'POST',
    route: '/billing/coupons',
    path: () => '/billing/coupons',
    body: () => ({
      code: `M${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      percentOff: 5,
      duration: 'once',
    }),
    // Nobody in the world is staff.
    expect: all(403, { anonymous: 401 }),
  },
  // Staff tools (decision 043): nobody in the world is staff.
  {
    method: 'GET',
    route: '/staff/users',
    path: () => '/staff/users?query=example',
    expect: all(403, { anonymous: 401 }),
  },
  {
    method: 'PUT',
    route: '/staff/users/{id}/beta-features',
    path: (w) => `/staff/users/${w.member2.id}/beta-features`,
    body: () => ({ emailReview: true }),
    expect: all(403, { anonymous: 401 }),
  },
  {
    method: 'GET',
    route: '/staff/impersonations',
    path: () => '/staff/impersonations',
    expect: all(403, { anonymous: 401 }),
  },
  // Front-end releases (decision 051): staff tools too (matrix-world.ts lists them).
  ...staffReleaseRows(),
  { method: 'GET', route: '/plans/{id}', path: () => '/plans/team49', expect: all(200) },
  { method: 'GET', route: '/billing/config', path: () => '/billing/config', expect: all(200) },
  // Stripe's webhook needs no actor (its signature authenticates it); with the local provider it is absent.
  {
    method: 'POST',
    route: '/billing/stripe/webhook',
    path: () => '/billing/stripe/webhook',
    body: () => ({ id: 'evt_matrix', type: 'customer.updated' }),
    expect: all(404),
  },
  { method: 'GET', route: '/users/me/customer', path: () => '/users/me/customer', expect: billingOwner(200) },
  {
    method: 'GET',
    route: '/users/{id}/customer/billing-data',
    path: () => '/users/me/customer/billing-data',
    expect: billingOwner(200),
  },
  {
    method: 'GET',
    route: "/users/{id}/customer/billing-data (the team owner's id)",
    path: (w) => `/users/${w.owner.id}/customer/billing-data`,
    expect: all(403, { owner: 200, anonymous: 401 }),
  },
  {
    method: 'PUT',
    route: '/users/{id}/customer/plan',
    path: () => '/users/me/customer/plan',
    body: () => ({ plan: 'free0' }),
    expect: billingOwner(200),
  },
  {
    method: 'POST',
    route: '/users/{id}/customer/card',
    path: () => '/users/me/customer/card',
    body: () => ({ source: 'tok_visa' }),
    expect: billingOwner(200),
  },
  {
    method: 'POST',
    route: '/users/{id}/customer/coupon (unknown code)',
    path: () => '/users/me/customer/coupon',
    body: () => ({ coupon: 'NO-SUCH-CODE' }),
    expect: billingOwner(422),
  },
  {
    method: 'DELETE',
    route: '/users/{id}/customer/subscription (nothing to cancel)',
    path: () => '/users/me/customer/subscription',
    body: () => ({ survey: { reason: 'Testing' } }),
    expect: billingOwner(409),
  },
]

runMatrix(MATRIX)
