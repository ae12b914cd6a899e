/** Shared by the connected-accounts settings cards: the query key and the disconnect mutation. */
import type { ConnectedAccount } from '@pinpoint/api'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../api'
import { errorMessage } from '../../lib/errors'
import { useToast } from '../../lib/use-toast'

export const accountsKey = ['users', 'me', 'accounts'] as const

export function useDisconnect(type: ConnectedAccount['type'], label: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: () => endpoints.accounts.disconnect(type),
    onSuccess: async () => {
      toast({ type: 'success', message: `${label} disconnected` })
      await queryClient.invalidateQueries({ queryKey: accountsKey })
    },
    onError: (err) => toast({ type: 'error', message: errorMessage(err) }),
  })
}
