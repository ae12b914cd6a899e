/**
 * The teams' OIDC client secrets at rest: sealed with the secret box (decision in secret-box.ts), bound to
 * their row and column, re-sealed with the current key when read with an older one.
 */
import { type DbOrTx, ssoConfigs } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { createSecretBox, type SecretBox } from '../../platform/security/secret-box'

const boxes = new WeakMap<object, SecretBox>()

/** One box per configured key list (the config object lives as long as the server). */
export function ssoBox(ctx: Pick<AppContext, 'config'>): SecretBox {
  let box = boxes.get(ctx.config.secretKeys)
  if (!box) {
    box = createSecretBox(ctx.config.secretKeys)
    boxes.set(ctx.config.secretKeys, box)
  }
  return box
}

const secretContext = (teamId: string) => `sso_configs:${teamId}:client_secret`

export function sealClientSecret(ctx: Pick<AppContext, 'config'>, teamId: string, secret: string): string {
  return ssoBox(ctx).seal(secret, secretContext(teamId))
}

/**
 * The plain client secret of a team. Values saved before secrets were sealed (plain text, not `v1.`) are
 * read as they are and sealed now; values sealed with an older key are re-sealed with the current one.
 * Both writes are best effort: the login goes on with the secret either way.
 */
export function openClientSecret(
  ctx: Pick<AppContext, 'config' | 'database'>,
  team: { teamId: string; clientSecret: string | null },
): string {
  const stored = team.clientSecret ?? ''
  const box = ssoBox(ctx)
  if (!stored.startsWith('v1.')) {
    void reseal(ctx.database.db, team.teamId, sealClientSecret(ctx, team.teamId, stored))
    return stored
  }
  const secret = box.open(stored, secretContext(team.teamId))
  if (box.needsRotation(stored)) {
    void reseal(ctx.database.db, team.teamId, sealClientSecret(ctx, team.teamId, secret))
  }
  return secret
}

async function reseal(db: DbOrTx, teamId: string, sealed: string): Promise<void> {
  try {
    await db.update(ssoConfigs).set({ clientSecret: sealed }).where(eq(ssoConfigs.teamId, teamId))
  } catch {
    // Tried again at the next read.
  }
}
