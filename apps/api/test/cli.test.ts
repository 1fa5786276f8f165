import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_FLAGS } from '@svc/contract';
import { createDatabase, findTeam } from '@svc/db';
import { runCli, type CliOutput } from '../src/cli.js';

function capture(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (text) => lines.push(text), error: (text) => errors.push(text) };
}

describe('the svc command (embedded database)', () => {
  it('migrates, bootstraps a partner as exactly the documented JSON, and enables a check for a team', async () => {
    const environment = { SVC_DATA_DIR: await mkdtemp(join(tmpdir(), 'svc-cli-')), LOG_LEVEL: 'silent' };
    const migrate = capture();
    expect(await runCli(['migrate'], { output: migrate, environment })).toBe(0);
    expect(migrate.lines.join('\n')).toContain('CreateAccounts1795318185500');
    expect(await runCli(['migrate'], { output: capture(), environment })).toBe(0);

    const bootstrap = capture();
    expect(await runCli(['bootstrap', '--json'], { output: bootstrap, environment })).toBe(0);
    expect(bootstrap.lines).toHaveLength(1);
    const account = JSON.parse(bootstrap.lines[0] ?? '');
    expect(Object.keys(account).sort()).toEqual(['api_keys', 'email', 'partner_id', 'superteam_id', 'teams', 'user_id', 'users']);
    expect(Object.keys(account.teams).sort()).toEqual(['hr', 'pm']);
    expect(Object.keys(account.users).sort()).toEqual(['hr', 'pm']);
    expect(account.api_keys.live).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
    expect(account.api_keys.demo).toMatch(/^svc_demo_[A-Za-z0-9_-]{43}$/);

    const db = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
    try {
      const hrTeam = await findTeam(db.dataSource.manager, { partnerId: account.partner_id, teamId: account.teams.hr });
      expect(REQUEST_FLAGS.every((flag) => hrTeam?.settingsConfig[flag] === true)).toBe(true);
      await db.dataSource.query(`UPDATE teams SET settings_config = settings_config || '{"request_uk_basic_dbs_check": false}'::jsonb WHERE id = $1`, [account.teams.hr]);
    } finally {
      await db.close();
    }

    const enable = capture();
    expect(await runCli(['team', 'enable-check', account.teams.hr, 'uk_basic_dbs_check'], { output: enable, environment })).toBe(0);
    expect(enable.lines[0]).toContain('request_uk_basic_dbs_check');
    const reopened = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
    try {
      const team = await findTeam(reopened.dataSource.manager, { partnerId: account.partner_id, teamId: account.teams.hr });
      expect(team?.settingsConfig.request_uk_basic_dbs_check).toBe(true);
    } finally {
      await reopened.close();
    }
  });

  it('refuses an unknown flag, an unknown team and an unknown command', async () => {
    const environment = { SVC_DATA_DIR: await mkdtemp(join(tmpdir(), 'svc-cli-')), LOG_LEVEL: 'silent' };
    const flag = capture();
    expect(await runCli(['team', 'enable-check', '0190b1a4-7c1e-7000-8000-000000000001', 'mind_reading'], { output: flag, environment })).toBe(1);
    expect(flag.errors[0]).toContain('not a request flag');
    await runCli(['migrate'], { output: capture(), environment });
    const team = capture();
    expect(await runCli(['team', 'enable-check', '0190b1a4-7c1e-7000-8000-000000000001', 'bureau'], { output: team, environment })).toBe(1);
    expect(team.errors[0]).toContain('no team');
    const unknown = capture();
    expect(await runCli(['fly'], { output: unknown, environment })).toBe(2);
    expect(unknown.errors[0]).toContain('usage: svc');
  });
});
