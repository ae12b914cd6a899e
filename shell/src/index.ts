// Async boundary: shared singletons (React, Jotai, ...) are negotiated by the federation runtime
// before any module that uses them is evaluated.
import('./bootstrap').catch((error: unknown) => {
  console.error('Pinpoint failed to start', error)
  const root = document.getElementById('root')
  if (root) root.textContent = 'Pinpoint could not start. Reload the page to try again.'
})
