// Async boundary: lets the federation runtime settle shared singletons before React loads.
import('./bootstrap').catch((error: unknown) => {
  console.error('Failed to start', error)
})
