import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The onboarding token of an invited applicant, encrypted at rest (AES-256-GCM, like the other personal data), so
 * the list can show the `onboarding_link` again. `onboarding_token_hash` (SHA-256) stays the lookup key of the
 * applicant portal; the encrypted value cannot be searched.
 */
export class AddOnboardingToken1795318185900 implements MigrationInterface {
  readonly name = 'AddOnboardingToken1795318185900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicants ADD COLUMN onboarding_token text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicants DROP COLUMN onboarding_token`);
  }
}
