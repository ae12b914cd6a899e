/**
 * Signing out from the feedback link screen: the guest on a shared computer, or a member on a link (the
 * screen is a whole page, without the shell's account menu; the guest entry has no shell at all). Ends the
 * session on the server, then forgets everything the page holds through the shared `logoutAtom` and query
 * client, so the shell and every other slice on the page see the same signed-out state. The screen stays
 * on the link: the next reviewer is asked who they are when they comment.
 */
import { logoutAtom } from '@pinpoint/state'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useReviewApi } from '../data/queries'

export function useSignOut() {
  const api = useReviewApi()
  const logout = useSetAtom(logoutAtom)
  const client = useQueryClient()
  return useCallback(async () => {
    try {
      await api.signOut()
    } catch {
      // Already signed out on the server (or offline): the page still forgets everything.
    }
    client.clear()
    logout()
  }, [api, client, logout])
}
