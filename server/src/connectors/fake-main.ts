/**
 * Runs one fake task tool by itself, for the browser journeys and for trying exports by hand without an
 * account at the tool: `bun server/src/connectors/fake-main.ts trello 12112`, then start the app with
 * `TRELLO_API_URL=http://127.0.0.1:12112 TRELLO_API_KEY=fake-trello-key` and connect with the token
 * `fake-trello-token` (each fake's token is in its fake.ts). GET /_fake/requests lists what it received.
 */
import { ASANA_FAKE, startFakeAsana } from './asana/fake'
import { CLICKUP_FAKE, startFakeClickUp } from './clickup/fake'
import type { FakeTool } from './fake-server'
import { JIRA_FAKE, startFakeJira } from './jira/fake'
import { MONDAY_FAKE, startFakeMonday } from './monday/fake'
import { startFakeTrello, TRELLO_FAKE } from './trello/fake'

const [tool = 'trello', rawPort = '0'] = process.argv.slice(2)
const port = Number(rawPort)
/** Each fake, its token, and the setting that points the app at it. */
const fakes: Record<string, () => { fake: FakeTool; token: string; setting: (url: string) => string }> = {
  trello: () => ({
    fake: startFakeTrello(port),
    token: TRELLO_FAKE.token,
    setting: (url) => `TRELLO_API_URL=${url} TRELLO_API_KEY=${TRELLO_FAKE.apiKey}`,
  }),
  monday: () => ({
    fake: startFakeMonday(port),
    token: MONDAY_FAKE.token,
    setting: (url) => `MONDAY_API_URL=${url}/v2`,
  }),
  asana: () => ({
    fake: startFakeAsana(port),
    token: ASANA_FAKE.token,
    setting: (url) => `ASANA_API_URL=${url}`,
  }),
  jira: () => ({
    fake: startFakeJira('cloud', port),
    token: JIRA_FAKE.token,
    // Jira's address is the user's: connect with it, user name jo@example.com; loopback must be allowed.
    setting: (url) =>
      `PROXY_ALLOW_HOSTS=127.0.0.1 (then connect Jira with the address ${url}, user ${JIRA_FAKE.username})`,
  }),
  clickup: () => ({
    fake: startFakeClickUp(port),
    token: CLICKUP_FAKE.token,
    setting: (url) => `CLICKUP_API_URL=${url}/api/v2`,
  }),
}
const start = fakes[tool]
if (!start) throw new Error(`No fake for "${tool}"; one of ${Object.keys(fakes).join(', ')}.`)
const { fake, token, setting } = start()
console.log(
  `fake ${tool} listening ${new URL(fake.url).port}: start the app with ${setting(fake.url)}; token ${token}`,
)
