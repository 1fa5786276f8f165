import type { MigrationInterface, QueryRunner } from 'typeorm';
import { encryptV1WithProcessKey, processFieldCipher } from '../crypto/field-encryption.js';

type BodyRow = { id: string; text_body: string; html_body: string | null };

/** Applies `transform` to both bodies of every outbox message. */
async function transformBodies(queryRunner: QueryRunner, transform: (value: string) => string): Promise<void> {
  const rows = (await queryRunner.query(`SELECT id, text_body, html_body FROM outbox_messages`)) as BodyRow[];
  for (const row of rows) {
    let bodies: [string, string | null];
    try {
      bodies = [transform(row.text_body), row.html_body === null ? null : transform(row.html_body)];
    } catch (error) {
      throw new Error(
        `svc: outbox messages are encrypted at rest: this migration needs the encryption key (SVC_ENCRYPTION_KEY) of the deployment (${(error as Error).message})`,
      );
    }
    await queryRunner.query(`UPDATE outbox_messages SET text_body = $2, html_body = $3 WHERE id = $1`, [
      row.id,
      ...bodies,
    ]);
  }
}

/**
 * Outbox bodies carry the onboarding link, whose token opens the applicant's form: they are encrypted at rest like
 * the token itself (AES-256-GCM, SVC_ENCRYPTION_KEY). Messages written before are encrypted here, with the key of the
 * process that migrates (needed only when there are messages); `down` decrypts them.
 */
export class EncryptOutboxBodies1795318186101 implements MigrationInterface {
  readonly name = 'EncryptOutboxBodies1795318186101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await transformBodies(queryRunner, encryptV1WithProcessKey);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await transformBodies(queryRunner, (value) => processFieldCipher().decryptV1(value));
  }
}
