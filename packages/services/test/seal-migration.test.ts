import { randomBytes } from 'node:crypto';
import { MigrationExecutor } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimIdempotencyKey, migrations, pendingMigrations, runMigrations, uuidv7, type Database } from '@svc/db';
import { bootstrapPartner, findApplicant, findOutboxMessage, findReportContent } from '@svc/services';
import { databaseTargets } from './support/databases.js';
import { useEncryptionKey, processFieldCipher } from '@svc/db/crypto';

const PERSON = {
  first_name: 'Philippa',
  middle_name: 'Aurelie',
  last_name: 'Strathearn',
  addresses: [{ address: '88 Kelvingrove Terrace', city: 'Toronto', province_state: 'ON', country: 'CA' }],
};
const SENSITIVE = { sin_ssn: '527981334', date_of_birth: '1971-07-04' };
const SEAL = 'SealPersonalData1795318189400';
/** This migration and every later one: pending in the database at the previous schema. */
const SEAL_AND_LATER = migrations
  .map((migration) => migration.name)
  .slice(migrations.findIndex((migration) => migration.name === SEAL));
const CLEAR_TEXT = [
  'Philippa',
  'Strathearn',
  'Kelvingrove',
  '527981334',
  '1971-07-04',
  'philippa@example.org',
  '4165550142',
];

/** A database at the schema before migration 1795318189400, holding an applicant's rows written in clear as then. */
async function previousSchemaWithRows(db: Database) {
  // The schema as it was before: every migration older than this one (this one and the later ones reverted while
  // the tables hold no personal data). The account is made first, with the repositories of today's schema (keys
  // have columns the previous schema lacks); it holds nothing this migration seals.
  await runMigrations(db);
  const account = await bootstrapPartner(db, { name: 'Migration partner' });
  const queryRunner = db.dataSource.createQueryRunner();
  try {
    for (const _ of SEAL_AND_LATER) await new MigrationExecutor(db.dataSource, queryRunner).undoLastMigration();
  } finally {
    await queryRunner.release();
  }
  expect(await pendingMigrations(db)).toEqual(SEAL_AND_LATER);

  const ids = { application: uuidv7(), applicant: uuidv7(), execution: uuidv7(), report: uuidv7(), message: uuidv7() };
  const sql = (text: string, parameters: unknown[]) => db.dataSource.query(text, parameters);
  await sql(
    `INSERT INTO applications (id, partner_id, environment, team_id, owner_id, kind, email, tag) VALUES ($1, $2, 'live', $3, $4, 'HR', 'philippa@example.org', 'Philippa')`,
    [ids.application, account.partner_id, account.teams.hr, account.users.hr],
  );
  await sql(
    `INSERT INTO applicants (id, application_id, partner_id, environment, team_id, owner_id, kind, short_uid, email, phone_number, status, report_status, order_status,
       is_quick_screen, requested_flags, country, information, information_id, last_updated, is_submitted, report_version, order_parameters, tag)
     VALUES ($1, $2, $3, 'live', $4, $5, 'HR', 'MIGR0001', 'philippa@example.org', $6::jsonb, 'Returned', 'COMPLETE', 'COMPLETE', true, '["request_softcheck"]', 'CA', $7::jsonb, $8, now(), true, 1, '{"position_title": "Philippa"}', 'Philippa')`,
    [
      ids.applicant,
      ids.application,
      account.partner_id,
      account.teams.hr,
      account.users.hr,
      JSON.stringify({ phone_type: 'MOBILE', number: '4165550142', country: 'CA' }),
      JSON.stringify(PERSON),
      uuidv7(),
    ],
  );
  await sql(
    `INSERT INTO check_executions (id, applicant_id, partner_id, check_name, status, result_id, result) VALUES ($1, $2, $3, 'softcheck', 'COMPLETE', $4, $5::jsonb)`,
    [
      ids.execution,
      ids.applicant,
      account.partner_id,
      uuidv7(),
      JSON.stringify({ checkName: 'softcheck', outcome: 'CLEAR', found: 'Philippa Strathearn, born 1971-07-04' }),
    ],
  );
  await sql(
    `INSERT INTO reports (id, applicant_id, partner_id, environment, version, html, pdf, page_size, file_name) VALUES ($1, $2, $3, 'live', 1, $4, $5, 'A4', 'svc-report-strathearn-philippa-v1.pdf')`,
    [
      ids.report,
      ids.applicant,
      account.partner_id,
      '<p>Philippa Strathearn</p>',
      Buffer.from('%PDF-1.7 Philippa Strathearn'),
    ],
  );
  await sql(
    `INSERT INTO outbox_messages (id, partner_id, environment, applicant_id, channel, recipient, subject, text_body) VALUES ($1, $2, 'live', $3, 'email', 'philippa@example.org', 'Philippa, your form', 'plain body')`,
    [ids.message, account.partner_id, ids.applicant],
  );

  return { account, ids, sql };
}

/**
 * Migration 1795318189400 on a database holding rows written before it: plaintext (information, results, reports,
 * outbox recipients, a PDF file name with the surname) and `v1:` values (sensitive fields, consent, outbox bodies, stored responses). Without the key it
 * refuses and changes nothing; with it, every value becomes `v2:` and reads back through the repositories. (The
 * refusals run first: this file's process has no key until the second block sets one.)
 */
describe.each(databaseTargets({ empty: true }))(
  'migration 1795318189400 (personal data sealed) without the key on $name',
  (target) => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(() => target.dispose());

    it('refuses, clearly, to run over rows in clear without the encryption key, and changes nothing', async () => {
      const { ids, sql } = await previousSchemaWithRows(db);
      await expect(runMigrations(db)).rejects.toThrow(/SVC_ENCRYPTION_KEY/);
      expect(await pendingMigrations(db)).toEqual(SEAL_AND_LATER);

      const [raw] = (await sql(`SELECT information FROM applicants WHERE id = $1`, [ids.applicant])) as Array<{
        information: unknown;
      }>;
      expect(raw?.information).toMatchObject({ first_name: 'Philippa' });
    });
  },
);

describe.each(databaseTargets({ empty: true }))('migration 1795318189400 (personal data sealed) on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.dispose());

  it('encrypts rows written with the previous schema (plaintext, plaintext that starts with v1:/v2:, v1), which read back through the repositories', async () => {
    const { account, ids, sql } = await previousSchemaWithRows(db);
    // `v1:` values (encrypted before without associated data) are converted too.
    useEncryptionKey(randomBytes(32));
    const v1 = (value: string) => processFieldCipher().encryptV1(value);
    await sql(`UPDATE applicants SET sensitive_information = $2, consent = $3 WHERE id = $1`, [
      ids.applicant,
      v1(JSON.stringify(SENSITIVE)),
      v1(JSON.stringify({ full_name: 'Philippa Strathearn' })),
    ]);
    await sql(`UPDATE outbox_messages SET text_body = $2 WHERE id = $1`, [ids.message, v1('Dear Philippa Strathearn')]);
    // Plaintext that looks like ciphertext, in columns that were in clear: encrypted like any plaintext.
    await sql(`UPDATE applicants SET tag = 'v2:hello' WHERE id = $1`, [ids.applicant]);
    await sql(`UPDATE applications SET email = 'v1:x' WHERE id = $1`, [ids.application]);
    const [apiKey] = (await sql(`SELECT id FROM api_keys LIMIT 1`, [])) as Array<{ id: string }>;
    await sql(
      `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, response_status, response_body, response_headers, expires_at) VALUES ($1, 'k1', 'h', 201, $2, '{}', now() + interval '1 hour')`,
      [apiKey!.id, v1('{"first_name":"Philippa"}')],
    );

    // More rows than one batch of the migration, in the table paged by id and in the one paged by its two-column key.
    await sql(
      `INSERT INTO outbox_messages (id, partner_id, environment, applicant_id, channel, recipient, subject, text_body)
       SELECT gen_random_uuid(), $1, 'live', $2, 'email', 'philippa@example.org', 'Philippa, your form', $3 FROM generate_series(1, 450)`,
      [account.partner_id, ids.applicant, v1('Dear Philippa Strathearn')],
    );
    await sql(
      `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, response_status, response_body, response_headers, expires_at)
       SELECT $1, 'batch-' || n, 'h', 201, $2, '{}', now() + interval '1 hour' FROM generate_series(1, 450) n`,
      [apiKey!.id, v1('{"first_name":"Philippa"}')],
    );

    expect(await runMigrations(db)).toEqual(SEAL_AND_LATER);

    for (const table of [
      'applications',
      'applicants',
      'check_executions',
      'reports',
      'outbox_messages',
      'idempotency_records',
    ]) {
      const rows = (await sql(`SELECT t::text AS row FROM ${table} t`, [])) as Array<{ row: string }>;
      for (const { row } of rows)
        for (const clear of CLEAR_TEXT) expect(row, `${table} holds ${clear}`).not.toContain(clear);
    }
    const [report] = (await sql(`SELECT file_name FROM reports WHERE id = $1`, [ids.report])) as Array<{
      file_name: string;
    }>;
    expect(report?.file_name).toBe('svc-report-MIGR0001-v1.pdf');
    const [unconverted] = (await sql(
      `SELECT (SELECT count(*) FROM outbox_messages WHERE recipient NOT LIKE 'v2:%' OR text_body NOT LIKE 'v2:%')
            + (SELECT count(*) FROM idempotency_records WHERE response_body NOT LIKE 'v2:%') AS count`,
      [],
    )) as Array<{ count: string | number }>;
    expect(Number(unconverted?.count)).toBe(0);
    const [raw] = (await sql(`SELECT information, sensitive_information, consent FROM applicants WHERE id = $1`, [
      ids.applicant,
    ])) as Array<Record<string, string>>;
    for (const value of Object.values(raw!)) expect(value).toMatch(/^v2:/);

    const manager = db.dataSource.manager;
    const record = await findApplicant(manager, {
      scope: { partnerId: account.partner_id, environment: 'live', kind: 'HR' },
      applicantId: ids.applicant,
    });
    expect(record?.information).toMatchObject({ ...PERSON, ...SENSITIVE });
    expect(record?.applicant).toMatchObject({ email: 'philippa@example.org', phoneNumber: { number: '4165550142' } });
    expect(JSON.parse(record?.applicant.consent ?? '{}')).toEqual({ full_name: 'Philippa Strathearn' });
    expect(record?.application).toMatchObject({ email: 'v1:x', tag: 'Philippa' });
    expect(record?.applicant).toMatchObject({ tag: 'v2:hello', orderParameters: { position_title: 'Philippa' } });
    expect(record?.executions[0]?.result).toMatchObject({ found: 'Philippa Strathearn, born 1971-07-04' });
    expect((await findReportContent(manager, { applicantId: ids.applicant, version: 1, part: 'html' }))?.html).toBe(
      '<p>Philippa Strathearn</p>',
    );
    expect(
      Buffer.from(
        (await findReportContent(manager, { applicantId: ids.applicant, version: 1, part: 'pdf' }))!.pdf,
      ).toString(),
    ).toBe('%PDF-1.7 Philippa Strathearn');
    expect(await findOutboxMessage({ db: manager, outboxMessageId: ids.message })).toMatchObject({
      recipient: 'philippa@example.org',
      subject: 'Philippa, your form',
      textBody: 'Dear Philippa Strathearn',
    });
    const replay = await claimIdempotencyKey({
      manager,
      apiKeyId: apiKey!.id,
      key: 'k1',
      requestHash: 'h',
      now: new Date(),
      leaseMs: 30_000,
    });
    expect(replay).toMatchObject({ outcome: 'replay', response: { body: '{"first_name":"Philippa"}' } });
  });
});
