import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { fullInformation, location } from './support/applications.js';

/** The audit log's lines of reads of an applicant's full SIN/SSN or date of birth, oldest first. */
type ReadLine = {
  action: string;
  partner_id: string;
  environment: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  ip_address: string | null;
  request_id: string | null;
  created: Date;
};

describe.each(apiTargets({ everyDatabase: true }))('reads of a full SIN/SSN or date of birth on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 10_000 });
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  const get = (path: string) => rawRequest(`${svc.url}${path}`, { apiKey: account.api_keys.demo });
  const readLines = async (applicantId: string) =>
    (await svc.db.dataSource.query(
      `SELECT action, partner_id, environment, actor_user_id, actor_api_key_id, ip_address, request_id, created
         FROM audit_log WHERE subject_type = 'applicant' AND subject_id = $1 AND action LIKE 'applicant.personal_data_read%'
         ORDER BY created, id`,
      [applicantId],
    )) as ReadLine[];
  const quickScreen = async (kind: 'hr' | 'pm', information: object) => {
    const created = await svc.client(account.api_keys.demo)[kind].quickScreen({
      body: {
        owner_id: account.users[kind],
        information,
        position_or_property_location: location,
        request_softcheck: true,
      } as never,
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    return created.body.id;
  };
  const setHidden = async (settings: { hide_sin_ssn?: boolean; hide_date_of_birth?: boolean }) => {
    await svc.db.dataSource.query(
      `UPDATE teams SET settings_config = (settings_config - 'hide_sin_ssn' - 'hide_date_of_birth') || $2::jsonb WHERE id = $1`,
      [account.teams.hr, JSON.stringify(settings)],
    );
    await svc.changesSeen();
  };
  /** The information of the applicant as an answer shows it: the record's, or its item in a list page. */
  const informationIn = (body: any, applicantId: string) =>
    (body.results ? body.results.find((item: { id: string }) => item.id === applicantId) : body)?.information;

  it('writes who read which applicant’s full SIN/SSN and date of birth, when and from where, on every HR and PM path form, repeated reads too', async () => {
    const hr = await quickScreen('hr', fullInformation());
    const pm = await quickScreen('pm', fullInformation());
    const hrPaths = [
      `/api/v1/hr/applicants/${hr}/`,
      `/hr/v1/applicants/${hr}/`,
      '/api/v1/hr/applicants/?page_size=100',
      '/hr/v1/applicants/?page_size=100',
    ];
    const requestIds: string[] = [];
    // Each path twice: the second answer may come from the read cache, and is a read all the same.
    for (const path of [...hrPaths, ...hrPaths]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(informationIn(answer.body, hr), path).toMatchObject({ sin_ssn: 46454286, date_of_birth: '1985-12-10' });
      requestIds.push(answer.headers.get('x-request-id')!);
    }
    const lines = await readLines(hr);
    expect(lines.map((line) => line.request_id)).toEqual(requestIds);
    for (const line of lines)
      expect(line).toMatchObject({
        action: 'applicant.personal_data_read:sin_ssn,date_of_birth',
        partner_id: account.partner_id,
        environment: 'demo',
        actor_user_id: account.user_id,
        actor_api_key_id: expect.any(String),
        ip_address: expect.any(String),
        created: expect.any(Date),
      });

    for (const path of [`/api/v1/pm/applicants/${pm}/`, `/api/v2/applicants/${pm}/`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.information).toMatchObject({ sin_ssn: 46454286, date_of_birth: '1985-12-10' });
    }
    // A PM list item shows the applicant's names only: no read of either.
    for (const path of ['/api/v1/pm/applicants/?page_size=100', '/api/v2/applicants/?page_size=100']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(JSON.stringify(informationIn(answer.body, pm)), path).not.toMatch(/46454286|1985-12-10/);
    }
    expect((await readLines(pm)).map((line) => line.action)).toEqual([
      'applicant.personal_data_read:sin_ssn,date_of_birth',
      'applicant.personal_data_read:sin_ssn,date_of_birth',
    ]);

    // Reads answered side by side share one statement of the audit log: each is written all the same.
    const before = (await readLines(hr)).length;
    const sideBySide = await Promise.all(Array.from({ length: 8 }, () => get(`/api/v1/hr/applicants/${hr}/`)));
    expect(sideBySide.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const written = (await readLines(hr)).slice(before).map((line) => line.request_id);
    expect(written.toSorted()).toEqual(sideBySide.map((answer) => answer.headers.get('x-request-id')).toSorted());
  });

  it('writes nothing for a masked read (the team hides both, or the applicant gave neither), and names only the field shown', async () => {
    const paths = (applicantId: string) => [
      `/api/v1/hr/applicants/${applicantId}/`,
      '/hr/v1/applicants/?page_size=100',
    ];
    // An invitation whose applicant has not answered yet: no SIN/SSN nor date of birth.
    const invited = await svc.client(account.api_keys.demo).hr.invite({
      body: { owner_id: account.users.hr, email: 'ada@example.com', request_softcheck: true },
    });
    if (invited.status !== 201) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
    const neither = invited.body.applicant.id;
    const masked = await quickScreen('hr', fullInformation());
    await setHidden({ hide_sin_ssn: true, hide_date_of_birth: true });
    try {
      for (const applicantId of [neither, masked])
        for (const path of paths(applicantId)) {
          const answer = await get(path);
          expect(answer.status, path).toBe(200);
          expect(informationIn(answer.body, applicantId), path).toMatchObject({ sin_ssn: null, date_of_birth: null });
        }
      expect(await readLines(neither)).toEqual([]);
      expect(await readLines(masked)).toEqual([]);

      await setHidden({ hide_sin_ssn: true });
      for (const path of paths(masked)) {
        const answer = await get(path);
        expect(informationIn(answer.body, masked), path).toMatchObject({ sin_ssn: null, date_of_birth: '1985-12-10' });
      }
      expect((await readLines(masked)).map((line) => line.action)).toEqual([
        'applicant.personal_data_read:date_of_birth',
        'applicant.personal_data_read:date_of_birth',
      ]);
      expect(await readLines(neither)).toEqual([]);
    } finally {
      await setHidden({});
    }
  });
});
