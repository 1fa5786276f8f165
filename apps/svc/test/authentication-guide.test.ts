import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserPassword, type BootstrappedAccount } from '@svc/db';
import { listGuides } from '@svc/docs';
import { apiTargets, type TestApi } from '@svc/api/testing';

const run = promisify(execFile);
const PASSWORD = 'a long and uncommon passphrase 42';
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The shell commands of the Authentication guide, as a reader copies them (one per command). */
function guideCommands(): Array<{ block: string; command: string }> {
  const guide = listGuides().find((candidate) => candidate.file === 'guides/authentication.html');
  if (!guide) throw new Error('no Authentication guide');
  const blocks = [
    ...guide.body.matchAll(
      /<figcaption>([^<]*)<\/figcaption><pre[^>]*><code class="language-shell">([\s\S]*?)<\/code>/g,
    ),
  ];
  return blocks.flatMap(([, label = '', code = '']) =>
    code
      .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .filter((line) => line.startsWith('curl '))
      .map((command) => ({ block: label, command })),
  );
}

describe.each(apiTargets())('the Authentication guide’s curl commands on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;

  /** Runs one command as a reader would, with the variables the guide names; curl fails on any 4xx or 5xx. */
  const shell = async (command: string, variables: Record<string, string>) =>
    run('bash', ['-c', `set -euo pipefail\ncurl() { command curl --silent --show-error --fail "$@"; }\n${command}`], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SVC_BASE_URL: svc.url, ...variables },
    });
  const newSession = async () => {
    const answer = await fetch(`${svc.url}/api/v1/authenticate/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${account.email}:${PASSWORD}`).toString('base64')}` },
    });
    return ((await answer.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner();
    await setUserPassword(svc.db.dataSource.manager, { userId: account.user_id, password: PASSWORD, now: new Date() });
  });
  afterAll(() => svc?.close());

  it('runs every command of the guide successfully (keys, rotation, sessions, OAuth2)', async () => {
    const commands = guideCommands();
    expect(commands.length).toBeGreaterThanOrEqual(11);
    const admin = svc.client(account.api_keys.live);
    const created = await admin.oauthClients.create({ body: { user: account.user_id, name: 'Guide' } });
    if (created.status !== 201) throw new Error('client not created');
    const { client_id: clientId, client_secret: clientSecret } = created.body;
    for (const { block, command } of commands) {
      const token = await fetch(`${svc.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }),
      });
      // A key of its own for each command: a rotation ends the key it rotates (after its overlap).
      const key = await admin.apiKeys.create({
        body: { user_id: account.users.hr, environment: 'live', name: `Guide ${block}` },
      });
      if (key.status !== 201) throw new Error('key not issued');
      const variables = {
        SVC_EMAIL: account.email,
        SVC_PASSWORD: PASSWORD,
        SVC_SESSION_TOKEN: await newSession(),
        SVC_API_KEY: account.api_keys.live,
        SVC_USER_ID: account.users.hr,
        SVC_API_KEY_ID: key.body.id,
        SVC_CLIENT_ID: clientId,
        SVC_CLIENT_SECRET: clientSecret,
        SVC_ACCESS_TOKEN: ((await token.json()) as { access_token: string }).access_token,
      };
      await expect(shell(command, variables), `${block}: ${command}`).resolves.toBeDefined();
    }
  });
});
