import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, uuidv7, type Database } from '@svc/db';
import { bootstrapPartner } from '@svc/services';
import { databaseTargets } from './support/databases.js';
import { Applicant, Application } from '@svc/db/entities';
import { useEncryptionKey } from '@svc/db/crypto';

const SIN = '046454286';
const DATE_OF_BIRTH = '1987-03-14';
const LICENCE = 'L4417-55820-70314';

describe.each(databaseTargets())('personal data at rest on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    useEncryptionKey(randomBytes(32));
    db = await target.open();
    await runMigrations(db);
  });
  afterAll(() => target.dispose());

  it('stores the SIN, date of birth and licence number of an applicant only encrypted, bound to their row and column, and reads them back', async () => {
    const account = await bootstrapPartner(db, { name: 'Privacy partner' });
    const manager = db.dataSource.manager;
    const application = await manager.save(
      manager.create(Application, {
        partnerId: account.partner_id,
        environment: 'live',
        teamId: account.teams.hr,
        ownerId: account.users.hr,
        kind: 'HR',
        email: 'ada@example.com',
      }),
    );
    const applicant = await manager.save(
      manager.create(Applicant, {
        applicationId: application.id,
        partnerId: account.partner_id,
        environment: 'live',
        teamId: account.teams.hr,
        ownerId: account.users.hr,
        kind: 'HR',
        shortUid: 'PRIV0001',
        email: 'ada@example.com',
        status: 'Pending',
        reportStatus: 'IN_PROGRESS',
        orderStatus: 'IN_PROGRESS',
        isQuickScreen: true,
        requestedFlags: ['request_softcheck'],
        orderParameters: {},
        country: 'CA',
        information: { first_name: 'Ada', last_name: 'Lovelace' },
        sensitiveInformation: JSON.stringify({ sin_ssn: SIN, date_of_birth: DATE_OF_BIRTH, license_number: LICENCE }),
        informationId: uuidv7(),
        lastUpdated: new Date(),
      }),
    );

    const [raw] = (await manager.query(`SELECT * FROM applicants WHERE id = $1`, [applicant.id])) as Array<
      Record<string, unknown>
    >;
    const rawRow = JSON.stringify(raw);
    for (const secret of [SIN, DATE_OF_BIRTH, LICENCE]) expect(rawRow).not.toContain(secret);
    expect(String(raw?.sensitive_information)).toMatch(/^v2:/);

    const read = await manager.findOneByOrFail(Applicant, { id: applicant.id });
    expect(JSON.parse(read.sensitiveInformation ?? '{}')).toEqual({
      sin_ssn: SIN,
      date_of_birth: DATE_OF_BIRTH,
      license_number: LICENCE,
    });

    // Bound to its row and column: copied to another row, or to another column of the same row, it does not decrypt.
    const other = await manager.save(
      manager.create(Applicant, { ...read, id: uuidv7(), shortUid: 'PRIV0002', informationId: uuidv7() }),
    );
    await manager.query(`UPDATE applicants SET sensitive_information = $2 WHERE id = $1`, [
      other.id,
      raw?.sensitive_information,
    ]);
    await expect(manager.findOneByOrFail(Applicant, { id: other.id })).rejects.toThrow();
    await manager.query(`UPDATE applicants SET sensitive_information = NULL, consent = $2 WHERE id = $1`, [
      other.id,
      raw?.sensitive_information,
    ]);
    await expect(manager.findOneByOrFail(Applicant, { id: other.id })).rejects.toThrow();
    // An update by criteria cannot see the row: a plaintext value for an encrypted column is refused, never written.
    await expect(
      manager.update(Applicant, { id: applicant.id }, { consent: '{"full_name":"Ada Lovelace"}' }),
    ).rejects.toThrow(/sealValue/);
    expect(
      JSON.stringify(await manager.query(`SELECT consent FROM applicants WHERE id = $1`, [applicant.id])),
    ).not.toContain('Lovelace');
  });
});
