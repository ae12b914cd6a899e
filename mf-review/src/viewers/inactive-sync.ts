/**
 * Keeps the stored `inactiveReason` of a website page's comments in step with what the bridge found
 * (SPEC 4: set and cleared per path), so the team sees which comments lost their element without opening
 * the page. Only after the page settled (a late script may still add content), only for viewers allowed
 * to change it, and only when something differs from what is stored.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { upsertAnnotation } from '../data/cache'
import { useReviewApi } from '../data/queries'
import { useReview } from '../model'
import { useReviewAtoms } from '../state'

export function useInactiveSync(kind: 'website' | 'email') {
  const atoms = useReviewAtoms()
  const statuses = useAtomValue(atoms.pinStatuses)
  const settled = useAtomValue(atoms.pinsSettled)
  const { annotations, abilities, canvas, placement } = useReview()
  const api = useReviewApi()
  const client = useQueryClient()
  const synced = useRef('')

  useEffect(() => {
    // E-mails have one page and no path; their inactive pins are shown, not stored.
    if (kind !== 'website' || !settled || !abilities.setInactive || placement.path === null) return
    const path = placement.path
    const byId = new Map(annotations.map((annotation) => [annotation.id, annotation]))
    const entries = [...statuses.values()].filter((status) => byId.get(status.id)?.path === path)
    const wanted = new Map(
      entries.map((status) => [
        status.id,
        status.status === 'inactive' ? (status.reason ?? 'element-removed') : null,
      ]),
    )
    const differs = [...wanted].some(([id, reason]) => (byId.get(id)?.inactiveReason ?? null) !== reason)
    const signature = JSON.stringify([path, [...wanted]])
    if (!differs || synced.current === signature) return
    synced.current = signature
    void (async () => {
      try {
        // Clearing covers the whole path; then each reason is set again on its own comments.
        if ([...wanted].some(([id, reason]) => reason === null && byId.get(id)?.inactiveReason)) {
          const { annotations: cleared } = await api.setInactiveReason(canvas.id, {
            path,
            inactiveReason: null,
          })
          for (const annotation of cleared) upsertAnnotation(client, canvas.id, annotation)
        }
        const groups = new Map<string, string[]>()
        for (const [id, reason] of wanted) if (reason) groups.set(reason, [...(groups.get(reason) ?? []), id])
        for (const [reason, annotationIds] of groups) {
          const { annotations: marked } = await api.setInactiveReason(canvas.id, {
            path,
            inactiveReason: reason,
            annotationIds,
          })
          for (const annotation of marked) upsertAnnotation(client, canvas.id, annotation)
        }
      } catch {
        // Best effort: the live state is already on screen; the next visit tries again.
        synced.current = ''
      }
    })()
  }, [kind, settled, statuses, annotations, abilities.setInactive, placement.path, canvas.id, api, client])
}
