import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { REQUEST_FLAGS } from '@svc/contract';
import { createDatabase, createJobQueue, findTeam, verifyPassword } from '@svc/db';
import { createInvitation, JOB_QUEUES, outboxMessagesOfApplicant } from '@svc/services';
import { runCli, type CliOutput } from '../src/cli.js';
import { freePort, listAuditEntries } from '@svc/db/testing';
import { loadEncryptionKey, sealValue, useEncryptionKey } from '@svc/db/crypto';

function capture(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (text) => lines.push(text), error: (text) => errors.push(text) };
}

// Each test opens the embedded database several times; under a full parallel run that takes a while.
const CLI_TEST_TIMEOUT_MS = 180_000;

/** Every data directory a test made: an embedded database is about 40 MB. */
const dataDirectories: string[] = [];
afterAll(() => Promise.all(dataDirectories.map((directory) => rm(directory, { recursive: true, force: true }))));

async function newDataDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'svc-cli-'));
  dataDirectories.push(directory);
  return directory;
}

let migrated: Promise<string> | undefined;
/**
 * A data directory of its own holding a migrated embedded database: a copy of one `svc migrate` made once for this
 * file. Creating and migrating an embedded database costs about 4.5 s of CPU, copying it 0.5 s; the first test
 * migrates a fresh one itself.
 */
async function migratedDataDirectory(): Promise<string> {
  migrated ??= (async () => {
    const directory = await newDataDirectory();
    const output = capture();
    if ((await runCli(['migrate'], { output, environment: { SVC_DATA_DIR: directory, LOG_LEVEL: 'silent' } })) !== 0)
      throw new Error(`svc migrate failed: ${output.errors.join('\n')}`);
    return directory;
  })();
  const copy = await newDataDirectory();
  await cp(await migrated, copy, { recursive: true });
  return copy;
}

/** An HR invitation of `account` in the embedded database of `dataDir`, written as the API writes it: its applicant's id. */
async function inviteInDataDirectory(
  dataDir: string,
  account: { partner_id: string; users: { hr: string } },
  { email, publicUrl }: { email: string; publicUrl: string },
): Promise<string> {
  const db = await createDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    const invited = await createInvitation({
      db,
      jobs: await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false }),
      scope: { partnerId: account.partner_id, environment: 'live', kind: 'HR' },
      order: { ownerId: account.users.hr, flags: ['request_softcheck'], email },
      publicUrl,
      providers: { liveSimulation: true, liveProviders: {}, demoProviders: {} },
      now: new Date(),
    });
    if (!invited.ok) throw new Error('not invited');
    return invited.value.applicants[0]!.applicant.id;
  } finally {
    await db.close();
  }
}

describe('the svc command (embedded database)', () => {
  it(
    'migrates, bootstraps a partner as exactly the documented JSON, and enables a check for a team',
    async () => {
      const environment = { SVC_DATA_DIR: await newDataDirectory(), LOG_LEVEL: 'silent' };
      const migrate = capture();
      expect(await runCli(['migrate'], { output: migrate, environment })).toBe(0);
      expect(migrate.lines.join('\n')).toContain('CreateAccounts1795318185500');
      expect(await runCli(['migrate'], { output: capture(), environment })).toBe(0);

      const bootstrap = capture();
      expect(await runCli(['bootstrap', '--json'], { output: bootstrap, environment })).toBe(0);
      expect(bootstrap.lines).toHaveLength(1);
      const account = JSON.parse(bootstrap.lines[0] ?? '');
      expect(Object.keys(account).sort()).toEqual([
        'api_keys',
        'email',
        'partner_id',
        'superteam_id',
        'teams',
        'user_id',
        'users',
      ]);
      expect(Object.keys(account.teams).sort()).toEqual(['hr', 'pm']);
      expect(Object.keys(account.users).sort()).toEqual(['hr', 'pm']);
      expect(account.api_keys.live).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);
      expect(account.api_keys.demo).toMatch(/^svc_demo_[A-Za-z0-9_-]{43}$/);

      const db = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
      try {
        const hrTeam = await findTeam(db.dataSource.manager, {
          partnerId: account.partner_id,
          teamId: account.teams.hr,
        });
        expect(REQUEST_FLAGS.every((flag) => hrTeam?.settingsConfig[flag] === true)).toBe(true);
        await db.dataSource.query(
          `UPDATE teams SET settings_config = settings_config || '{"request_uk_basic_dbs_check": false}'::jsonb WHERE id = $1`,
          [account.teams.hr],
        );
      } finally {
        await db.close();
      }

      const enable = capture();
      expect(
        await runCli(['team', 'enable-check', account.teams.hr, 'uk_basic_dbs_check'], { output: enable, environment }),
      ).toBe(0);
      expect(enable.lines[0]).toContain('request_uk_basic_dbs_check');
      const reopened = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
      try {
        const team = await findTeam(reopened.dataSource.manager, {
          partnerId: account.partner_id,
          teamId: account.teams.hr,
        });
        expect(team?.settingsConfig.request_uk_basic_dbs_check).toBe(true);
      } finally {
        await reopened.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'refuses an unknown flag, an unknown team and an unknown command',
    async () => {
      const environment = { SVC_DATA_DIR: await migratedDataDirectory(), LOG_LEVEL: 'silent' };
      const flag = capture();
      expect(
        await runCli(['team', 'enable-check', '0190b1a4-7c1e-7000-8000-000000000001', 'mind_reading'], {
          output: flag,
          environment,
        }),
      ).toBe(1);
      expect(flag.errors[0]).toContain('not a request flag');
      const team = capture();
      expect(
        await runCli(['team', 'enable-check', '0190b1a4-7c1e-7000-8000-000000000001', 'bureau'], {
          output: team,
          environment,
        }),
      ).toBe(1);
      expect(team.errors[0]).toContain('no team');
      const unknown = capture();
      expect(await runCli(['fly'], { output: unknown, environment })).toBe(2);
      expect(unknown.errors[0]).toContain('usage: svc');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('svc key (embedded database)', () => {
  it(
    'issues a key for a user (its secret printed once), lists the user’s keys without secrets, revokes one, and audits each',
    async () => {
      const environment = { SVC_DATA_DIR: await migratedDataDirectory(), LOG_LEVEL: 'silent' };
      const bootstrap = capture();
      expect(await runCli(['bootstrap', '--json'], { output: bootstrap, environment })).toBe(0);
      const account = JSON.parse(bootstrap.lines[0] ?? '');
      const user = account.users.pm;

      const created = capture();
      expect(
        await runCli(
          [
            'key',
            'create',
            '--user',
            user,
            '--environment',
            'live',
            '--name',
            'Support export',
            '--scope',
            'read_only',
            '--json',
          ],
          { output: created, environment },
        ),
      ).toBe(0);
      const key = JSON.parse(created.lines[0] ?? '');
      expect(key).toMatchObject({
        user_id: user,
        environment: 'live',
        scope: 'read_only',
        name: 'Support export',
        revoked: null,
      });
      expect(key.secret).toMatch(/^svc_live_[A-Za-z0-9_-]{43}$/);

      const listed = capture();
      expect(await runCli(['key', 'list', '--user', user], { output: listed, environment }), listed.errors.join()).toBe(
        0,
      );
      expect(listed.lines.join('\n')).toContain(
        `${key.id}  ${key.prefix}…${key.last_four}  live  read_only  "Support export"`,
      );
      expect(listed.lines.join('\n')).not.toContain(key.secret);

      const revoked = capture();
      expect(await runCli(['key', 'revoke', key.id], { output: revoked, environment })).toBe(0);
      expect(revoked.lines[0]).toContain('revoked');
      const afterRevoke = capture();
      expect(await runCli(['key', 'list', '--user', user, '--json'], { output: afterRevoke, environment })).toBe(0);
      expect(JSON.parse(afterRevoke.lines[0] ?? '')[0].revoked).toEqual(expect.any(String));

      for (const [args, error] of [
        [['key', 'create', '--user', user, '--environment', 'staging', '--name', 'x'], '--environment must be one of'],
        [['key', 'create', '--user', user, '--environment', 'live'], '--name <name> is required'],
        [
          [
            'key',
            'create',
            '--user',
            user,
            '--environment',
            'live',
            '--name',
            'x',
            '--expires',
            '2001-01-01T00:00:00Z',
          ],
          'in the future',
        ],
        [['key', 'list', '--user', 'nobody'], 'no user nobody'],
        [['key', 'revoke', '0190b1a4-7c1e-7000-8000-000000000001'], 'no API key'],
      ] as const) {
        const refused = capture();
        expect(await runCli([...args], { output: refused, environment })).toBe(1);
        expect(refused.errors[0]).toContain(error);
      }

      const db = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
      try {
        const entries = await listAuditEntries({
          manager: db.dataSource.manager,
          subjectType: 'api_key',
          subjectId: key.id,
        });
        expect(entries.map((entry) => [entry.action, entry.actor_user_id, entry.partner_id])).toEqual([
          ['api_key.created', null, account.partner_id],
          ['api_key.revoked', null, account.partner_id],
        ]);
      } finally {
        await db.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('svc applicant resend-invitation (embedded database)', () => {
  it(
    'sends an invitation again once can_resend_email allows it, and says why not otherwise',
    async () => {
      const environment = {
        SVC_DATA_DIR: await migratedDataDirectory(),
        LOG_LEVEL: 'silent',
        SVC_PUBLIC_URL: 'https://svc.example',
      };
      const bootstrap = capture();
      expect(await runCli(['bootstrap', '--json'], { output: bootstrap, environment })).toBe(0);
      const account = JSON.parse(bootstrap.lines[0] ?? '');

      // The invitation, written as the API writes it, with the key the CLI generated into the data directory.
      useEncryptionKey(
        await loadEncryptionKey({ configured: undefined, dataDir: environment.SVC_DATA_DIR, embedded: true }),
      );
      const applicantId = await inviteInDataDirectory(environment.SVC_DATA_DIR, account, {
        email: 'resend@example.com',
        publicUrl: environment.SVC_PUBLIC_URL,
      });

      const tooSoon = capture();
      expect(await runCli(['applicant', 'resend-invitation', applicantId], { output: tooSoon, environment })).toBe(1);
      expect(tooSoon.errors[0]).toMatch(/too recent; it can be sent again from \d{4}-\d{2}-\d{2}T/);

      const aged = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
      try {
        await aged.dataSource.query(
          `UPDATE applicants SET invitation_sent_at = now() - interval '1 hour' WHERE id = $1`,
          [applicantId],
        );
      } finally {
        await aged.close();
      }
      const resent = capture();
      expect(await runCli(['applicant', 'resend-invitation', applicantId], { output: resent, environment })).toBe(0);
      expect(resent.lines[0]).toBe(
        `invitation of applicant ${applicantId} queued again (email); its link works for 30 more days`,
      );
      expect(resent.lines.join('')).not.toContain('/apply/');

      const reopened = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
      try {
        const messages = await outboxMessagesOfApplicant({ manager: reopened.dataSource.manager, applicantId });
        expect(messages.map((message) => [message.channel, message.status])).toEqual([
          ['email', 'QUEUED'],
          ['email', 'QUEUED'],
        ]);
        expect(messages[1]?.textBody).toContain('https://svc.example/apply/');
        const jobs = (await reopened.dataSource.query(
          `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'message.send'`,
        )) as Array<{ count: number }>;
        expect(jobs[0]?.count).toBe(2);
      } finally {
        await reopened.close();
      }

      const unknown = capture();
      expect(
        await runCli(['applicant', 'resend-invitation', '0190b1a4-7c1e-7000-8000-000000000001'], {
          output: unknown,
          environment,
        }),
      ).toBe(1);
      expect(unknown.errors[0]).toContain('no applicant');
      const missing = capture();
      expect(await runCli(['applicant', 'resend-invitation'], { output: missing, environment })).toBe(1);
      expect(missing.errors[0]).toContain('usage: svc applicant resend-invitation');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('svc encryption rotate (embedded database)', () => {
  it(
    'refuses without a previous key, re-keys what the old key sealed (counts only, never a value), then finds nothing left; stops at a value neither key opens',
    async () => {
      const dataDir = await migratedDataDirectory();
      const environment = { SVC_DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const bootstrap = capture();
      expect(await runCli(['bootstrap', '--json'], { output: bootstrap, environment })).toBe(0);
      const account = JSON.parse(bootstrap.lines[0] ?? '');
      // Key A: the one the CLI generated into the data directory.
      const keyA = await loadEncryptionKey({ configured: undefined, dataDir, embedded: true });
      useEncryptionKey(keyA);
      const applicantId = await inviteInDataDirectory(dataDir, account, {
        email: 'rotate.me@example.com',
        publicUrl: 'https://svc.example',
      });

      const refused = capture();
      expect(await runCli(['encryption', 'rotate'], { output: refused, environment })).toBe(1);
      expect(refused.errors[0]).toMatch(/SVC_ENCRYPTION_KEY_PREVIOUS is not set/);

      const keyB = randomBytes(32);
      const rotating = {
        ...environment,
        SVC_ENCRYPTION_KEY: keyB.toString('hex'),
        SVC_ENCRYPTION_KEY_PREVIOUS: keyA.toString('hex'),
      };
      const rotated = capture();
      expect(await runCli(['encryption', 'rotate'], { output: rotated, environment: rotating })).toBe(0);
      const printed = rotated.lines.join('\n');
      expect(printed).toMatch(/re-sealed under the current key: [1-9]\d* values \(.*applicants\.email 1\b/);
      expect(printed).toContain('blind indexes recomputed: 1 applicants');
      expect(printed).toContain('Remove SVC_ENCRYPTION_KEY_PREVIOUS');
      expect(printed).not.toContain('rotate.me');
      const again = capture();
      expect(await runCli(['encryption', 'rotate'], { output: again, environment: rotating })).toBe(0);
      expect(again.lines.join('\n')).toMatch(
        /: 0 values, 0 files in the bucket\nblind indexes recomputed: 0 applicants/,
      );

      // With B alone, the invitation's message opens; a value sealed under a third key stops the run, named by place.
      useEncryptionKey(keyB);
      const db = await createDatabase({ pgliteDir: join(dataDir, 'pglite') });
      try {
        const [message] = await outboxMessagesOfApplicant({ manager: db.dataSource.manager, applicantId });
        expect(message?.recipient).toBe('rotate.me@example.com');
        useEncryptionKey(randomBytes(32));
        const foreign = sealValue({ table: 'applicants', column: 'tag', rowId: applicantId, value: 'foreign tag' });
        await db.dataSource.query(`UPDATE applicants SET tag = $2 WHERE id = $1`, [applicantId, foreign]);
      } finally {
        await db.close();
      }
      const stopped = capture();
      expect(await runCli(['encryption', 'rotate'], { output: stopped, environment: rotating })).toBe(1);
      expect(stopped.errors[0]).toContain(`applicants.tag of row ${applicantId} opens with neither`);
      expect(stopped.errors.join('')).not.toContain('foreign tag');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('svc user set-password (embedded database)', () => {
  it(
    'sets a password read from standard input as an Argon2id hash, refuses weak ones and unknown emails',
    async () => {
      const environment = { SVC_DATA_DIR: await migratedDataDirectory(), LOG_LEVEL: 'silent' };
      const bootstrap = capture();
      expect(await runCli(['bootstrap', '--json'], { output: bootstrap, environment })).toBe(0);
      const account = JSON.parse(bootstrap.lines[0] ?? '');
      const password = 'a long and uncommon passphrase 42';

      const weak = capture();
      expect(
        await runCli(['user', 'set-password', account.email], {
          output: weak,
          environment,
          input: Readable.from(['123qweasdzxc\n']),
        }),
      ).toBe(1);
      expect(weak.errors[0]).toContain('most common passwords');
      const unknown = capture();
      expect(
        await runCli(['user', 'set-password', 'nobody@example.com'], {
          output: unknown,
          environment,
          input: Readable.from([`${password}\n`]),
        }),
      ).toBe(1);
      expect(unknown.errors[0]).toContain('no user with the email');

      const set = capture();
      expect(
        await runCli(['user', 'set-password', account.email.toUpperCase()], {
          output: set,
          environment,
          input: Readable.from([`${password}\n`]),
        }),
      ).toBe(0);
      expect(set.lines[0]).toContain(`password of user ${account.user_id} set`);

      const db = await createDatabase({ pgliteDir: join(environment.SVC_DATA_DIR, 'pglite') });
      try {
        const [row] = (await db.dataSource.query(`SELECT password_hash FROM users WHERE id = $1`, [
          account.user_id,
        ])) as Array<{
          password_hash: string;
        }>;
        expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        expect(await verifyPassword(row!.password_hash, password)).toBe(true);
        expect(await verifyPassword(row!.password_hash, `${password} `)).toBe(false);
        const audited = await listAuditEntries({
          manager: db.dataSource.manager,
          subjectType: 'user',
          subjectId: account.user_id,
        });
        expect(audited.map((entry) => entry.action)).toEqual(['password.set']);
      } finally {
        await db.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('the svc command with a database it cannot reach', () => {
  it('an API or a worker says in one JSON log line where it looked (host, port) and which setting to fix, and exits 1; migrate says it in plain text', async () => {
    const port = await freePort(); // nothing listens there
    const environment = {
      DATABASE_URL: `postgres://svc:do-not-print-me@127.0.0.1:${port}/svc`,
      SVC_PUBLIC_URL: 'https://svc.example.com',
      SVC_ENCRYPTION_KEY: (await import('node:crypto')).randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    };
    const expected = `svc: cannot connect to the database at 127.0.0.1:${port} (DATABASE_URL): connection refused (nothing listens on that port). Check that PostgreSQL runs there and that DATABASE_URL names it.`;
    for (const [command, service] of [
      ['api', 'svc'],
      ['worker', 'svc-worker'],
    ] as const) {
      const output = capture();
      expect(await runCli([command], { output, environment })).toBe(1);
      expect(output.lines).toEqual([]);
      expect(output.errors).toHaveLength(1);
      expect(JSON.parse(output.errors[0]!)).toMatchObject({
        level: 60,
        service,
        setting: 'DATABASE_URL',
        host: '127.0.0.1',
        port,
        msg: expected,
      });
      expect(output.errors[0]).not.toContain('do-not-print-me');
    }
    const migrate = capture();
    expect(await runCli(['migrate'], { output: migrate, environment })).toBe(1);
    expect(migrate.errors).toEqual([expected]);
  });
});
