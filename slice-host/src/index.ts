// Async boundary: the federation runtime settles the shared singletons before React loads.
import('./bootstrap').catch((error: unknown) => {
  console.error('The slice host failed to start', error)
})
