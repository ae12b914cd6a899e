/**
 * SPEC 4 for everyone watching: when the shown file of this revision disappears (deleted by someone else,
 * the canvas reloaded over the real-time channel), another remaining one is shown and the open comment is
 * closed, as for the one who deleted it. Without this the screen fell back to the first file and left a
 * deleted comment open ("Comment not found").
 */
import { assetAfterDelete } from '@pinpoint/domain'
import { useEffect, useRef } from 'react'
import { useReview } from '../model'

export function useReselectAfterRemoteDelete(enabled: boolean) {
  const { assets, asset, setAsset } = useReview()
  const ids = assets.map((a) => a.id)
  const revisionId = assets[0]?.CanvasRevisionId ?? null
  const previous = useRef<{ ids: string[]; revisionId: string | null; shown: string | null } | null>(null)
  const key = ids.join(',')
  const shown = asset?.id ?? null
  useEffect(() => {
    const before = previous.current
    const now = key ? key.split(',') : []
    previous.current = { ids: now, revisionId, shown }
    if (!enabled || !before?.shown) return
    // Only a deletion within the same revision: a revision change picks its own first file (SPEC 4).
    const gone = !now.includes(before.shown) && before.revisionId === revisionId && now.length > 0
    if (!gone || !now.every((id) => before.ids.includes(id))) return
    const next = assetAfterDelete(before.ids, before.shown, before.shown)
    if (next && now.includes(next)) setAsset(next)
  }, [enabled, key, revisionId, shown, setAsset])
}
