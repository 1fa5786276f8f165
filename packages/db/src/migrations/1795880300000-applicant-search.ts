import type { MigrationInterface, QueryRunner } from 'typeorm';
import { openValue } from '../crypto/sealed-columns.js';
import { applicantSearchTerms } from '../crypto/search-terms.js';

const BATCH = 500;

/**
 * Finding applicants (DECISIONS.md "Finding applicants"):
 * - `external_id` and `metadata`: the integrator's own id and string map of an order, on its application (one
 *   `external_id` per team and environment: the partial unique index) and copied onto each of its applicants, which
 *   lists, records and events read. Not personal data by contract (the docs say so), so not sealed.
 * - `search_terms`: the applicant's blind index, keyed hashes (HMAC, a key derived from the encryption key) of its
 *   normalised email, phone number and name prefixes (`crypto/search-terms.ts`); a list filter asks for the terms of
 *   its values, so no plaintext column is ever searched. GIN-indexed. The applicants written before are indexed
 *   here (their sealed columns opened with the process's key), a batch at a time.
 * - `result`: the report's overall result as the applicant was returned with it (set when returned, cleared when
 *   checks are added or it is erased), so lists filter on it without opening the sealed check results. Applicants
 *   returned before this migration have none until they are returned again.
 */
export class ApplicantSearch1795880300000 implements MigrationInterface {
  readonly name = 'ApplicantSearch1795880300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE applications ADD COLUMN external_id text NULL, ADD COLUMN metadata jsonb NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX applications_external_id_key ON applications (team_id, environment, external_id) WHERE external_id IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE applicants ADD COLUMN external_id text NULL, ADD COLUMN metadata jsonb NULL,
         ADD COLUMN search_terms text[] NOT NULL DEFAULT '{}', ADD COLUMN result text NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX applicants_external_id_idx ON applicants (partner_id, environment, external_id) WHERE external_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX applicants_search_terms_idx ON applicants USING gin (search_terms)`);
    await indexExistingApplicants(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX applicants_search_terms_idx`);
    await queryRunner.query(`DROP INDEX applicants_external_id_idx`);
    await queryRunner.query(
      `ALTER TABLE applicants DROP COLUMN result, DROP COLUMN search_terms, DROP COLUMN metadata, DROP COLUMN external_id`,
    );
    await queryRunner.query(`DROP INDEX applications_external_id_key`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN metadata, DROP COLUMN external_id`);
  }
}

type SealedApplicant = {
  id: string;
  partner_id: string;
  email: string;
  phone_number: string | null;
  information: string;
};

async function indexExistingApplicants(queryRunner: QueryRunner): Promise<void> {
  const open = (row: SealedApplicant, column: 'email' | 'phone_number' | 'information') =>
    openValue({ table: 'applicants', column, rowId: row.id, stored: row[column] });
  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const rows = (await queryRunner.query(
      `SELECT id, partner_id, email, phone_number, information FROM applicants
        WHERE id > $1 AND erased_at IS NULL ORDER BY id LIMIT ${BATCH}`,
      [after],
    )) as SealedApplicant[];
    const last = rows[rows.length - 1];
    if (!last) return;
    const terms = rows.map((row) =>
      applicantSearchTerms({
        partnerId: row.partner_id,
        email: open(row, 'email') as string,
        phoneNumber: open(row, 'phone_number') as { number: string } | null,
        information: open(row, 'information') as Record<string, unknown>,
      }),
    );
    await queryRunner.query(
      `UPDATE applicants a SET search_terms = t.terms FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, terms text[]) WHERE a.id = t.id`,
      [JSON.stringify(rows.map((row, index) => ({ id: row.id, terms: terms[index] })))],
    );
    after = last.id;
  }
}
