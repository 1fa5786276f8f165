import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's email is unique within its partner, case-insensitively, no longer across svc: a 409 for an email another
 * partner uses told one partner who the other's users are. Within a partner a duplicate is still refused (the
 * index keeps its name, `users_email_key`, which the repository maps to EmailTakenError). `down` restores the
 * svc-wide index, and fails while two partners share an email.
 */
export class UserEmailUniquePerPartner1795578239389 implements MigrationInterface {
  readonly name = 'UserEmailUniquePerPartner1795578239389';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_email_key`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (partner_id, lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_email_key`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
  }
}
