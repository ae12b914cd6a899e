/** The e-mail domains typed into the SSO settings: one per line (commas and spaces work too), "@" allowed. */
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export function parseDomains(text: string): { domains: string[]; invalid: string[] } {
  const parts = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ]
  return {
    domains: parts.filter((part) => DOMAIN.test(part)),
    invalid: parts.filter((part) => !DOMAIN.test(part)),
  }
}
