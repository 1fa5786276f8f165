import {
  CHECK_NAMES,
  hrApplicationSchema,
  identityVerificationSchema,
  informationInputSchema,
  locationSchema,
  resultSchemasByField,
  type CheckName,
  type InformationInput,
} from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { checkDefinitionByName } from '../checks/catalogue.js';
import { HR_APPLICATION_RESULT_FIELDS, assembleApplicationResults } from '../scoring/assemble.js';
import { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from './examples.js';
import { simulateCheck } from './simulate-check.js';
import type { SimulatedCheck } from './types.js';

const NOW = new Date('2025-05-20T14:30:00Z');
const clear = SIMULATOR_EXAMPLE_INFORMATION;
const withInformation = (changes: Partial<InformationInput>): InformationInput => ({ ...clear, ...changes });
/** What an applicant uploads in the portal: every check has the documents it needs. */
const UPLOADED = ['identity_document', 'selfie'];
const simulate = (checkName: CheckName, information: InformationInput = clear) =>
  simulateCheck({
    checkName,
    information,
    location: SIMULATOR_EXAMPLE_LOCATION,
    now: NOW,
    collectedDocuments: UPLOADED,
  });

let counter = 0;
const ids = () => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`;

/** The application record fields of one completed check, as `assembleApplicationResults` gives them. */
function recordOf(simulated: SimulatedCheck) {
  const { checkName } = simulated;
  return assembleApplicationResults({
    checks: [{ checkName, status: 'COMPLETE', simulated, resultId: ids() }],
    requestedFlags: [`request_${checkName}`],
    teamType: 'HR',
    ids,
    now: NOW,
  });
}

/** The result object (or identity verification) the check fills, parsed with its contract schema. */
function parsedResultOf(simulated: SimulatedCheck): unknown {
  const field = checkDefinitionByName(simulated.checkName).resultField;
  const record = recordOf(simulated);
  if (field === 'identity_verification' || field === 'enhanced_identity_verification') {
    return identityVerificationSchema.parse(record[field]);
  }
  return resultSchemasByField[field].parse(record[field]);
}

const SCENARIOS: Record<string, InformationInput> = {
  clear,
  review: withInformation({ last_name: 'Review' }),
  criminal_record: withInformation({ date_of_birth: '1980-01-01' }),
  convicted: withInformation({ last_name: 'Convicted' }),
  debt: withInformation({ last_name: 'Debt' }),
  unverifiable: withInformation({ last_name: 'Unverifiable' }),
  ssn_mismatch: withInformation({ sin_ssn: '000000000' }),
  suspended: withInformation({ last_name: 'Suspended' }),
  minimal: { first_name: 'Sam', last_name: 'Lee' },
};

describe('the example applicant', () => {
  it('is a valid request body', () => {
    expect(informationInputSchema.parse(clear)).toEqual(clear);
    expect(locationSchema.parse(SIMULATOR_EXAMPLE_LOCATION)).toEqual(SIMULATOR_EXAMPLE_LOCATION);
  });
});

describe('simulateCheck for a clear applicant', () => {
  it.each(CHECK_NAMES)('%s is CLEAR with green flags and no red flag', (checkName) => {
    const simulated = simulate(checkName);
    expect(simulated.checkName).toBe(checkName);
    expect(simulated.outcome).toBe('CLEAR');
    expect(simulated.redFlags).toEqual([]);
    expect(simulated.greenFlags.length).toBeGreaterThan(0);
  });
});

describe('simulateCheck for the `Review` applicant', () => {
  it.each(CHECK_NAMES)('%s is REVIEW with red flags', (checkName) => {
    const simulated = simulate(checkName, SCENARIOS.review);
    expect(simulated.outcome).toBe('REVIEW');
    expect(simulated.redFlags.length).toBeGreaterThan(0);
  });
});

describe('every result object parses with its contract schema', () => {
  for (const [scenario, information] of Object.entries(SCENARIOS)) {
    it.each(CHECK_NAMES)(`${scenario}: %s`, (checkName) => {
      const simulated = simulate(checkName, information);
      expect(() => parsedResultOf(simulated)).not.toThrow();
      const record = recordOf(simulated);
      const pick = Object.fromEntries(HR_APPLICATION_RESULT_FIELDS.map((field) => [field, true])) as {
        [K in (typeof HR_APPLICATION_RESULT_FIELDS)[number]]: true;
      };
      expect(hrApplicationSchema.pick(pick).strict().parse(record)).toEqual(record);
    });
  }
});

describe('determinism', () => {
  it.each(CHECK_NAMES)('%s gives the same output for the same input, and survives JSON', (checkName) => {
    for (const information of Object.values(SCENARIOS)) {
      const first = simulate(checkName, information);
      expect(simulate(checkName, structuredClone(information))).toEqual(first);
      expect(JSON.parse(JSON.stringify(first))).toEqual(first);
    }
  });

  it('ignores case, spacing and key order of the information', () => {
    const shuffled = Object.fromEntries(Object.entries(clear).reverse()) as InformationInput;
    const noisy = { ...shuffled, first_name: '  JORDAN ', last_name: 'rivera' };
    for (const checkName of ['bureau', 'softcheck', 'employment_verification'] as const) {
      const a = simulate(checkName);
      const b = simulate(checkName, noisy);
      expect(b.outcome).toBe(a.outcome);
      if (checkName === 'bureau') expect(b.details).toEqual(a.details);
    }
  });

  it('gives other applicants other (but still clear) details', () => {
    const other = withInformation({ first_name: 'Morgan', date_of_birth: '1985-02-11' });
    const a = simulate('bureau');
    const b = simulate('bureau', other);
    expect(b.outcome).toBe('CLEAR');
    expect(b.details).not.toEqual(a.details);
  });

  it('computes dates from `now`, not from the clock', () => {
    const later = new Date('2031-01-01T00:00:00Z');
    const simulated = simulateCheck({
      checkName: 'bureau',
      information: clear,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: later,
    });
    expect(simulated.details.kind === 'bureau' && simulated.details.credit_file_metadatas[0]?.date_of_request).toBe(
      '2031-01-01',
    );
  });
});

describe('details', () => {
  it('a US tier covers more scans than the one below it', () => {
    const complete = (checkName: CheckName) => {
      const { details } = simulate(checkName);
      if (details.kind !== 'us_criminal') throw new Error('not a US check');
      return Object.entries(details.scan_status)
        .filter(([, value]) => value === 'Complete')
        .map(([scan]) => scan);
    };
    const [one, two, three] = [1, 2, 3].map((tier) => complete(`us_criminal_record_check_tier_${tier}` as CheckName));
    expect(two).toEqual(expect.arrayContaining(one ?? []));
    expect(three).toEqual(expect.arrayContaining(two ?? []));
    expect(two?.length).toBeGreaterThan(one?.length ?? 0);
    expect(three?.length).toBeGreaterThan(two?.length ?? 0);
    expect(complete('us_ssn_verification')).toEqual(['ssn_verification_scan']);
    expect(complete('us_criminal_softcheck')).toEqual(
      expect.arrayContaining([
        'national_sex_offender_registry_scan',
        'security_watch_list_scan',
        'fraud_scan',
        'ofac_global_sanctions_scan',
      ]),
    );
  });

  it('US tiers order a county search for the counties of the address history', () => {
    const { details } = simulate('us_criminal_record_check_tier_3');
    if (details.kind !== 'us_criminal') throw new Error('not a US check');
    expect(details.record_check_requests).toContainEqual(
      expect.objectContaining({
        state: 'CA',
        county: 'San Francisco County',
        fips_code: '06075',
        search_type: 'County criminal',
      }),
    );
    const ssn = simulate('us_ssn_verification').details;
    expect(ssn.kind === 'us_criminal' && ssn.ssn_id_document_reports[0]?.ssn_status).toBe('Issued');
  });

  it('a motor vehicle record has a licence status and class', () => {
    const { details } = simulate('motor_vehicle_records');
    expect(details).toMatchObject({
      kind: 'motor_vehicle',
      license_status: 'Valid',
      license_class: 'G',
      violations: [],
    });
  });

  it('references produce referees with answers, named as the applicant gave them', () => {
    const { details } = simulate('employer_references');
    if (details.kind !== 'references') throw new Error('not references');
    expect(details.references[0]).toMatchObject({
      name: { first_name: 'Priya', last_name: 'Raman' },
      type: 'EMPLOYER',
      contacted_via: 'EMAIL',
      completed: true,
    });
    expect(details.references[0]?.answers.length).toBeGreaterThan(0);
    const phone = simulate('address_phone_references').details;
    expect(
      phone.kind === 'references' &&
        phone.references.every((reference) => reference.contacted_via === 'PHONE' && reference.type === 'ADDRESS'),
    ).toBe(true);
  });

  const withDocuments = (checkName: CheckName, collectedDocuments: readonly string[]) =>
    simulateCheck({
      checkName,
      information: clear,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
      collectedDocuments,
    });

  it('identity checks approve the clear applicant, from the document and selfie the applicant uploaded', () => {
    const both = ['identity_document', 'selfie'];
    const standard = withDocuments('identity_verification', both);
    expect(standard.details).toMatchObject({
      kind: 'identity',
      status: 'A',
      collected: { identity_document: true, selfie: true },
      document_authentic: true,
      face_match_score: expect.any(Number),
      liveness_passed: null,
    });
    expect(standard.greenFlags.join(' ')).toMatch(/authentic.*Selfie matches the ID photo/);
    expect(withDocuments('enhanced_identity_verification', both).details).toMatchObject({
      kind: 'identity',
      status: 'A',
      liveness_passed: true,
      record_match: true,
    });
  });

  it('identity checks without the documents they compare are not verified (status R, REVIEW) and say why; absence is never a green flag', () => {
    for (const checkName of ['identity_verification', 'enhanced_identity_verification'] as const) {
      const screened = withDocuments(checkName, []);
      expect(screened.details).toMatchObject({
        status: 'R',
        collected: { identity_document: false, selfie: false },
        document: null,
        document_authentic: null,
        face_match_score: null,
        liveness_passed: null,
        data_match: true,
      });
      expect(screened.outcome).toBe('REVIEW');
      const said = [...screened.greenFlags, ...screened.redFlags].join(' ');
      expect(said).not.toMatch(/authentic|Selfie matches|%|Liveness confirmed|Passport/);
      expect(screened.redFlags).toContain(
        'Identity not verified: no photo of an identity document and no selfie was collected (invite the applicant to upload them in the portal)',
      );
      expect(screened.greenFlags.join(' ')).not.toMatch(/No identity document|No selfie|not collected/i);
      // A document without a selfie: the document is checked, no face is compared, and it is not approved.
      const documentOnly = withDocuments(checkName, ['identity_document']);
      expect(documentOnly.details).toMatchObject({ status: 'R', document_authentic: true, face_match_score: null });
      expect(documentOnly.redFlags.join(' ')).toContain('no selfie was collected');
    }
  });

  it('checks missing the information they need ask for review instead of inventing it', () => {
    const minimal = SCENARIOS.minimal ?? {};
    for (const checkName of [
      'employment_verification',
      'instant_verify_education',
      'employer_references',
      'motor_vehicle_records',
      'bureau',
    ] as const) {
      const simulated = simulate(checkName, minimal);
      expect(simulated.outcome).toBe('REVIEW');
      expect(simulated.redFlags.length).toBe(1);
    }
  });
});
