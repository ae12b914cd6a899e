/**
 * Reads the machine-readable reports of the test runners, so the suite runner can add up
 * one honest total instead of scraping coloured console output.
 */
export interface Counts {
  passed: number
  failed: number
  skipped: number
  flaky?: number
}

/** Counts testcases in a JUnit XML report (bun test's `--reporter=junit`). */
export function parseJunit(xml: string): Counts {
  let passed = 0
  let failed = 0
  let skipped = 0
  const cases = xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)
  for (const match of cases) {
    const body = match[2] ?? ''
    if (/<(failure|error)\b/.test(body)) failed++
    else if (/<skipped\b/.test(body)) skipped++
    else passed++
  }
  return { passed, failed, skipped }
}

interface PlaywrightStats {
  expected?: number
  unexpected?: number
  flaky?: number
  skipped?: number
}

/**
 * Reads Playwright's JSON reporter output. A flaky test (failed, then passed on its retry)
 * counts as passed, as Playwright itself does, and is reported separately so it is not hidden.
 */
export function parsePlaywrightJson(json: string): Counts {
  const report = JSON.parse(json) as { stats?: PlaywrightStats; errors?: unknown[] }
  const stats = report.stats ?? {}
  const globalErrors = report.errors?.length ?? 0
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + globalErrors,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
  }
}
