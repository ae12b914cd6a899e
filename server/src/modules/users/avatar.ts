/**
 * Avatars: checked by content (not by the name or the declared type), stored under an opaque key, served
 * publicly by `GET /api/v1/avatars/:name` (avatars appear on shared feedback links, so they are not secret;
 * the random key makes them unguessable). A new upload gets a new key, so the old URL can be cached forever.
 */
import { users } from '@pinpoint/db'
import { AppError, NotFound } from '@pinpoint/domain'
import { eq } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import type { AppContext } from '../../context'
import { isValidStorageKey, newStorageKey } from '../../platform/storage'
import { authorize } from '../../policy'
import { type Actor, type ActorUser, loadActorUser } from '../auth/actor'
import { requireMember } from '../auth/plugin'
import { API_PREFIX_AVATARS } from './paths'

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024

const IMAGE_TYPES: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
}
const TYPE_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]),
)

type Ctx = Pick<AppContext, 'database' | 'storage'>

export async function updateAvatar(ctx: Ctx, actor: Actor, file: File): Promise<ActorUser> {
  authorize(actor, 'account.update', undefined, 'Guests cannot upload an avatar. Please sign up first.')
  const user = requireMember(actor)
  if (file.size > MAX_AVATAR_BYTES) {
    throw new AppError('The image is too large: the limit is 5 MB.', {
      name: 'FileTooLarge',
      status: 413,
      meta: { maxBytes: MAX_AVATAR_BYTES },
    })
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const detected = await fileTypeFromBuffer(bytes)
  const ext = detected ? IMAGE_TYPES[detected.mime] : undefined
  if (!detected || !ext) {
    throw new AppError('Please upload a PNG, JPEG, GIF or WebP image.', {
      name: 'InvalidFileType',
      status: 415,
    })
  }
  const key = newStorageKey('avatars', ext)
  await ctx.storage.put(key, bytes, { contentType: detected.mime })
  const avatarUrl = `${API_PREFIX_AVATARS}/${key.slice('avatars/'.length)}`
  await ctx.database.db.update(users).set({ avatarKey: key, avatarUrl }).where(eq(users.id, user.id))
  if (user.avatarKey) await ctx.storage.delete(user.avatarKey)
  const updated = await loadActorUser(ctx.database.db, user.id)
  if (!updated) throw new NotFound('No such user.')
  return updated
}

export async function serveAvatar(ctx: Pick<AppContext, 'storage'>, name: string): Promise<Response> {
  const key = `avatars/${name}`
  const type = TYPE_BY_EXT[name.slice(name.lastIndexOf('.'))]
  const object = type && isValidStorageKey(key) ? await ctx.storage.get(key) : null
  if (!object || !type) throw new NotFound('No such avatar.')
  return new Response(object.blob(), {
    headers: {
      'content-type': type,
      'content-length': String(object.size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })
}
