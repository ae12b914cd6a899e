/** A comment's task content for connector contract tests. */
import type { TaskContent } from './types'

export function sampleContent(overrides: Partial<TaskContent> = {}): TaskContent {
  return {
    annotationId: 'ann1',
    title: 'The logo is blurry',
    comment: 'The logo is blurry\nPlease use the SVG, Ana.',
    link: 'http://localhost:3000/link/abc123/comment/ann1/',
    canvasTitle: 'Home page',
    location: 'Page /pricing',
    device: 'Desktop, window 1440×900',
    author: 'Bo Reviewer',
    status: 'active',
    labels: ['Design', 'Urgent'],
    assignee: 'Ana Designer',
    files: [{ name: 'Screenshot', url: 'http://localhost:3000/files/shot.png' }],
    ...overrides,
  }
}

/** Waits no time: contract tests check that a 429 is retried, not how long we slept. */
export const noSleep = async () => {}
