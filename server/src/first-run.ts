/**
 * First run on the embedded database: a brand-new user has no account to log in with, so the
 * server creates a demo account (owner of a team on a 14-day enterprise trial, so every feature
 * can be tried) and prints its credentials once. They are also kept in `DATA_DIR/first-login.txt`
 * so a user who missed the console can still find them.
 *
 * Only on PGlite with no members yet: a real PostgreSQL deployment never gets a demo account.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { users } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { AppContext } from './context'
import { signUp } from './modules/users/signup'

export const DEMO_EMAIL = 'demo@pinpoint.local'

export interface FirstLogin {
  email: string
  password: string
}

function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length])
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`
}

/** Creates the demo account when the embedded database has no member yet; returns its login, or null. */
export async function ensureFirstLogin(context: AppContext): Promise<FirstLogin | null> {
  if (context.database.kind !== 'pglite') return null
  const [member] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isGuest, false))
    .limit(1)
  if (member) return null
  const password = generatePassword()
  await signUp(
    context,
    { email: DEMO_EMAIL, name: 'Demo User', password, teamName: 'Demo team', plan: 'enterprise35peruser' },
    { ip: '127.0.0.1', userAgent: 'first-run' },
  )
  const login = { email: DEMO_EMAIL, password }
  writeFileSync(
    join(context.config.dataDir, 'first-login.txt'),
    `First login created on ${context.now().toISOString()}\nE-mail:   ${login.email}\nPassword: ${login.password}\n`,
    { mode: 0o600 },
  )
  return login
}
