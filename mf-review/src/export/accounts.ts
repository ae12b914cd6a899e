/** The connected-accounts calls of the export panels, on the shared API client. */
import { createApiClient, createIntegrationEndpoints } from '@pinpoint/api'
import { useQuery } from '@tanstack/react-query'

export const integrations = createIntegrationEndpoints(createApiClient())

export const accountsKey = ['users', 'me', 'accounts'] as const

export function useAccounts(enabled: boolean) {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => integrations.list({ signal }),
    enabled,
  })
}

/** Downloads a file (the CSV export) without leaving the page. */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
