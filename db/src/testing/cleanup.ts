/**
 * Cleanup registry shared by the test helpers and the preload. Deliberately dependency-free: the preload
 * imports it in every `bun test` run, including runs that never touch a database.
 */
export type Cleanup = () => Promise<void>

const cleanups = new Set<Cleanup>()

/** Registers work to run once after all tests of this process; returns an unregister function. */
export function registerCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup)
  return () => {
    cleanups.delete(cleanup)
  }
}

/** Runs (and forgets) every registered cleanup, newest first; errors are reported, not thrown. */
export async function runCleanups(): Promise<void> {
  const pending = [...cleanups].reverse()
  cleanups.clear()
  for (const cleanup of pending) {
    try {
      await cleanup()
    } catch (error) {
      console.error('[db/testing] cleanup failed:', error)
    }
  }
}
