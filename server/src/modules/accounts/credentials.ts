/**
 * Credentials at rest: the whole credential object sealed by the secret box (AES-256-GCM, key from
 * SECRETS_KEYS), bound to its row (`connected_accounts:<id>:credentials`) so a value copied into another
 * row does not open. Opening a value sealed with an older key re-seals it with the current one (rotation).
 */
import { type ConnectedAccount, connectedAccounts, type DbOrTx } from '@pinpoint/db'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import { createSecretBox, type SecretBox } from '../../platform/security/secret-box'

export interface StoredCredentials {
  token?: string
  username?: string
  url?: string
  /** Jira: cloud or server. */
  variant?: string
  /** Webhook: the whsec_ signing secret. */
  secret?: string
}

const boxes = new WeakMap<Config, SecretBox>()

function boxFor(config: Config): SecretBox {
  let box = boxes.get(config)
  if (!box) {
    box = createSecretBox(config.secretKeys)
    boxes.set(config, box)
  }
  return box
}

const contextOf = (accountId: string) => `connected_accounts:${accountId}:credentials`

export function sealCredentials(config: Config, accountId: string, credentials: StoredCredentials) {
  return { sealed: boxFor(config).seal(JSON.stringify(credentials), contextOf(accountId)) }
}

/** The plain credentials of an account row; re-seals them when an older key sealed them. */
export async function openCredentials(
  db: DbOrTx,
  config: Config,
  account: ConnectedAccount,
): Promise<StoredCredentials> {
  const sealed = account.credentials.sealed
  if (typeof sealed !== 'string') {
    // A row from before sealing: seal it now, so plain tokens do not stay in the table.
    const { sealed: _ignored, ...plain } = account.credentials
    const credentials = plain as StoredCredentials
    await db
      .update(connectedAccounts)
      .set({ credentials: sealCredentials(config, account.id, credentials) })
      .where(eq(connectedAccounts.id, account.id))
    return credentials
  }
  const box = boxFor(config)
  const credentials = JSON.parse(box.open(sealed, contextOf(account.id))) as StoredCredentials
  if (box.needsRotation(sealed)) {
    await db
      .update(connectedAccounts)
      .set({ credentials: sealCredentials(config, account.id, credentials) })
      .where(eq(connectedAccounts.id, account.id))
  }
  return credentials
}
