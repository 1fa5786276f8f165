import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isEncryptedBytes, processFieldCipher, type FieldCipher } from '../crypto/field-encryption.js';
import { sealedContext } from '../crypto/sealed-columns.js';

/**
 * The columns this migration seals, as `SEALED_COLUMNS` listed them when it was written. Kept here, not read from
 * there: a column sealed later is added by a later migration, which this one runs before.
 */
const SEALED_HERE: Readonly<Record<string, readonly string[]>> = {
  applications: ['email', 'tag'],
  applicants: [
    'email',
    'phone_number',
    'information',
    'sensitive_information',
    'onboarding_token',
    'portal_draft',
    'consent',
    'tag',
    'order_parameters',
  ],
  check_executions: ['result', 'failure'],
  reports: ['html', 'pdf'],
  outbox_messages: ['recipient', 'subject', 'text_body', 'html_body'],
  idempotency_records: ['response_body'],
};

/** The JSON columns that become text (their ciphertext). */
const JSON_COLUMNS = [
  ['applicants', 'information'],
  ['applicants', 'phone_number'],
  ['applicants', 'order_parameters'],
  ['check_executions', 'result'],
] as const;

/** The columns encrypted (`v1:`, no associated data) before this migration: `down` writes them so again. */
const V1_BEFORE = new Set([
  'applicants.sensitive_information',
  'applicants.onboarding_token',
  'applicants.portal_draft',
  'applicants.consent',
  'outbox_messages.text_body',
  'outbox_messages.html_body',
  'idempotency_records.response_body',
]);

/** Rows read and rewritten at a time (reports hold PDFs: a bounded batch bounds the memory). */
const BATCH = 200;

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * How each table's rows are paged through (its primary key, so each batch is an index range scan from the last row
 * of the one before) and named in the associated data.
 */
type RowKey = {
  columns: Array<{ name: string; type: 'uuid' | 'text'; first: string }>;
  rowIdOf: (key: string[]) => string;
};
const ID_KEY: RowKey = { columns: [{ name: 'id', type: 'uuid', first: NIL_UUID }], rowIdOf: ([id]) => id! };
const IDEMPOTENCY_KEY: RowKey = {
  columns: [
    { name: 'api_key_id', type: 'uuid', first: NIL_UUID },
    { name: 'idempotency_key', type: 'text', first: '' },
  ],
  rowIdOf: ([apiKeyId, idempotencyKey]) => `${apiKeyId}/${idempotencyKey}`,
};
const rowKeyOf = (table: string): RowKey => (table === 'idempotency_records' ? IDEMPOTENCY_KEY : ID_KEY);

type Convert = (value: string | Uint8Array, context: string, column: string) => string | Uint8Array | null;

/**
 * Rewrites every value of the sealed columns with `convert` (null: left as it is), table by table, in batches
 * ordered by primary key.
 */
async function convertSealedColumns(queryRunner: QueryRunner, convert: Convert): Promise<void> {
  for (const [table, names] of Object.entries(SEALED_HERE)) {
    const key = rowKeyOf(table);
    const keyNames = key.columns.map(({ name }) => `"${name}"`).join(', ');
    const keyParameters = (offset: number) =>
      key.columns.map(({ type }, index) => `$${offset + index}::${type}`).join(', ');
    const keyMatches = key.columns.map(({ name, type }, index) => `"${name}" = $${index + 1}::${type}`).join(' AND ');
    let after = key.columns.map(({ first }) => first);
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT ${key.columns.map(({ name }, index) => `"${name}"::text AS key_${index}`).join(', ')}, ${names.map((name) => `"${name}"`).join(', ')}
         FROM ${table} WHERE (${keyNames}) > (${keyParameters(1)}) ORDER BY ${keyNames} LIMIT ${BATCH}`,
        after,
      )) as Array<Record<string, string | Uint8Array | null>>;
      const keyOf = (row: Record<string, unknown>): string[] =>
        key.columns.map((_, index) => row[`key_${index}`] as string);
      for (const row of rows) {
        const rowId = key.rowIdOf(keyOf(row));
        const changes = names.flatMap((name) => {
          const value = row[name];
          if (value === null || value === undefined) return [];
          const converted = convert(value, sealedContext({ table, column: name, rowId }), `${table}.${name}`);
          return converted === null ? [] : [[name, converted] as const];
        });
        if (changes.length === 0) continue;
        const assignments = changes.map(([name], index) => `"${name}" = $${key.columns.length + index + 1}`).join(', ');
        await queryRunner.query(`UPDATE ${table} SET ${assignments} WHERE ${keyMatches}`, [
          ...keyOf(row),
          ...changes.map(([, value]) => value),
        ]);
      }
      if (rows.length < BATCH) break;
      after = keyOf(rows[rows.length - 1]!);
    }
  }
}

/** Whether `value` is a `v2:` value bound to `context`. */
function decryptsAs(cipher: FieldCipher, value: string, context: string): boolean {
  if (!value.startsWith('v2:')) return false;
  try {
    cipher.decrypt(value, context);
    return true;
  } catch {
    return false;
  }
}

/** The cipher of the migrating process, or a clear refusal when rows need it and the key is missing. */
function cipherFor(what: string): FieldCipher {
  try {
    return processFieldCipher();
  } catch {
    throw new Error(
      `svc: ${what} needs the encryption key of the deployment: set SVC_ENCRYPTION_KEY (as the API and worker have it) and run the migration again`,
    );
  }
}

/**
 * Everything that reveals an applicant is encrypted at rest and bound to its table, column and row (`v2:`,
 * DECISIONS.md "Personal data"): the applicant's email, phone number, information, order parameters (the identity
 * document, ACIC parameters) and tag, check results and failures,
 * reports (HTML and PDF), outbox recipients and subjects, and the application's email and tag become `v2:`, and so do the
 * values encrypted before without associated data (`v1:`: sensitive fields, token, draft, consent, outbox bodies,
 * stored responses). JSON columns become text; the PDF file names of stored reports carry the short uid and version
 * instead of the surname (`down` leaves them so). It needs the deployment's key (`pnpm svc migrate` loads it) when
 * there is anything to convert; `down` writes everything back as it was (plaintext, or `v1:`).
 */
export class SealPersonalData1795318189400 implements MigrationInterface {
  readonly name = 'SealPersonalData1795318189400';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column] of JSON_COLUMNS) {
      await queryRunner.query(
        `ALTER TABLE ${table} ALTER COLUMN ${column} DROP DEFAULT, ALTER COLUMN ${column} TYPE text USING ${column}::text`,
      );
    }
    let cipher: FieldCipher | null = null;
    await convertSealedColumns(queryRunner, (value, context, column) => {
      cipher ??= cipherFor('encrypting the personal data stored in clear');
      if (typeof value !== 'string') return isEncryptedBytes(value) ? null : cipher.encryptBytes(value, context);
      // Already converted only if it decrypts here: a plaintext may start with `v2:` (a tag), or with `v1:` in a
      // column that never held `v1:` values.
      if (decryptsAs(cipher, value, context)) return null;
      return cipher.encrypt(
        V1_BEFORE.has(column) && value.startsWith('v1:') ? cipher.decryptV1(value) : value,
        context,
      );
    });
    // Reports stored before were named after the applicant's surname: named like `reportFileName` (@svc/report) now.
    await queryRunner.query(`
      UPDATE reports SET file_name = 'svc-report-' || coalesce(nullif(left(regexp_replace(applicants.short_uid, '[^A-Za-z0-9]', '', 'g'), 16), ''), 'report')
        || '-v' || greatest(1, reports.version) || '.pdf'
      FROM applicants WHERE applicants.id = reports.applicant_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    let cipher: FieldCipher | null = null;
    await convertSealedColumns(queryRunner, (value, context, column) => {
      cipher ??= cipherFor('decrypting the personal data');
      if (typeof value !== 'string') return isEncryptedBytes(value) ? cipher.decryptBytes(value, context) : null;
      if (!value.startsWith('v2:')) return null;
      const plaintext = cipher.decrypt(value, context);
      return V1_BEFORE.has(column) ? cipher.encryptV1(plaintext) : plaintext;
    });
    for (const [table, column] of JSON_COLUMNS) {
      await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE jsonb USING ${column}::jsonb`);
    }
    for (const column of ['information', 'order_parameters'])
      await queryRunner.query(`ALTER TABLE applicants ALTER COLUMN ${column} SET DEFAULT '{}'::jsonb`);
  }
}
