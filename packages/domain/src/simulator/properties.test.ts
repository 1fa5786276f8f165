import {
  CHECK_NAMES,
  identityVerificationSchema,
  informationInputSchema,
  resultSchemasByField,
  type CheckName,
  type InformationInput,
} from '@svc/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDefinitionByName } from '../checks/catalogue.js';
import { assembleApplicationResults } from '../scoring/assemble.js';
import { totalDebtOf } from './bureau.js';
import { criminalCasesIn, isConvictionCase } from './criminal-records.js';
import { isoDate, shiftDate } from './dates.js';
import { CRIMINAL_CHECKS, detailsKindOf } from './families.js';
import { simulateCheck } from './simulate-check.js';
import type { SimulatedCheck, SimulatorLocation } from './types.js';
import { usCountyOf } from './reference-data.js';

// Arbitrary applicants: names (test inputs among them), dates, places in several countries, histories of any length.

const DAY = 86_400_000;
const day = (from: string, to: string) =>
  fc.integer({ min: Date.parse(from) / DAY, max: Date.parse(to) / DAY }).map((days) => isoDate(new Date(days * DAY)));
const word = fc.stringMatching(/^[A-Z][a-z]{1,11}$/);

const PLACES = [
  { country: 'CA', province_state: 'ON', city: 'Toronto' },
  { country: 'CA', province_state: 'QC', city: 'Montréal' },
  { country: 'CA', province_state: 'BC', city: 'Vancouver' },
  { country: 'US', province_state: 'NY', city: 'New York' },
  { country: 'US', province_state: 'TX', city: 'Austin' },
  { country: 'US', province_state: 'OH', city: 'Dayton' },
  { country: 'GB', province_state: 'SCT', city: 'Edinburgh' },
  { country: 'AU', province_state: 'VIC', city: 'Melbourne' },
  { country: 'FR', province_state: 'IDF', city: 'Paris' },
] as const;
const place = fc.constantFrom(...PLACES);

const period = fc
  .tuple(day('1995-01-01', '2024-06-01'), fc.option(fc.integer({ min: 20, max: 4000 }), { nil: undefined }))
  .map(([start, length]) => ({
    start_date: start,
    end_date: length === undefined ? undefined : shiftDate(start, length),
  }));

const address = fc
  .record({
    place,
    number: fc.integer({ min: 1, max: 9999 }),
    street: word,
    period,
    rent: fc.constantFrom('RENT', 'OWN', 'OTHER'),
  })
  .map(({ place: where, number, street, period: when, rent }) => ({
    address: `${number} ${street} Street`,
    city: where.city,
    province_state: where.province_state,
    country: where.country,
    rent_or_own: rent as 'RENT' | 'OWN' | 'OTHER',
    ...when,
  }));
const employer = fc
  .record({
    name: word,
    position: fc.option(word, { nil: undefined }),
    income: fc.option(fc.integer({ min: 15, max: 250_000 }), { nil: undefined }),
    period,
  })
  .map(({ name, position, income, period: when }) => ({ company_name: `${name} Inc.`, position, income, ...when }));
const education = fc
  .record({ name: word, degree: fc.option(word, { nil: undefined }), period })
  .map(({ name, degree, period: when }) => ({
    institution: `${name} College`,
    degree: degree === undefined ? undefined : { degree: `Diploma in ${degree}` },
    ...when,
  }));
const credential = fc.record({ name: word, date: day('2000-01-01', '2024-01-01') }).map(({ name, date }) => ({
  institution: `${name} Institute`,
  certification: `Certified ${name}`,
  date_of_certification: date,
}));

const informationArbitrary: fc.Arbitrary<InformationInput> = fc.record({
  first_name: fc.oneof(word, fc.constant('Jordan')),
  middle_name: fc.option(word, { nil: undefined }),
  last_name: fc.oneof(
    { weight: 3, arbitrary: word },
    { weight: 2, arbitrary: fc.constantFrom('Review', 'Convicted', 'Debt', 'Unverifiable', 'Suspended') },
  ),
  date_of_birth: fc.option(fc.oneof(fc.constant('1980-01-01'), day('1950-01-01', '2006-01-01')), { nil: undefined }),
  sin_ssn: fc.option(fc.oneof(fc.constant('000000000'), fc.stringMatching(/^\d{9}$/)), { nil: undefined }),
  license_number: fc.option(fc.stringMatching(/^[A-Z]\d{4}-\d{5}$/), { nil: undefined }),
  license_prov_state: fc.constantFrom('ON', 'NY', 'BC', 'TX'),
  license_valid: fc.option(fc.boolean(), { nil: undefined }),
  birth_country: fc.option(fc.constantFrom('CA', 'US', 'IN', 'GB'), { nil: undefined }),
  addresses: fc.array(address, { maxLength: 4 }),
  employers: fc.array(employer, { maxLength: 3 }),
  educations: fc.array(education, { maxLength: 2 }),
  credentials: fc.array(credential, { maxLength: 2 }),
});
const location: fc.Arbitrary<SimulatorLocation> = place.map((where) => ({ ...where }));
const now = fc.date({
  min: new Date('2022-01-01T00:00:00Z'),
  max: new Date('2032-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const checkName = fc.constantFrom(...CHECK_NAMES);

const simulateOne = (
  name: CheckName,
  information: InformationInput,
  where: SimulatorLocation,
  at: Date,
): SimulatedCheck => simulateCheck({ checkName: name, information, location: where, now: at, attempt: 3 });

/** Information without the `Broken` test input (it throws by design; `Flaky` answers at attempt 3). */
const answering = informationArbitrary.filter((information) => information.first_name !== 'Broken');

let counter = 0;
const ids = () => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`;

describe('simulator properties', () => {
  it('generates valid request bodies', () => {
    fc.assert(
      fc.property(answering, (information) => {
        informationInputSchema.parse(information);
      }),
      { numRuns: 50 },
    );
  });

  it('is deterministic, and every result object parses with its schema', () => {
    fc.assert(
      fc.property(checkName, answering, location, now, (name, information, where, at) => {
        const simulated = simulateOne(name, information, where, at);
        expect(simulateOne(name, structuredClone(information), { ...where }, new Date(at.getTime()))).toEqual(
          simulated,
        );
        const field = checkDefinitionByName(name).resultField;
        const record = assembleApplicationResults({
          checks: [{ checkName: name, status: 'COMPLETE', simulated, resultId: ids() }],
          requestedFlags: [`request_${name}`],
          teamType: 'PM',
          ids,
          now: at,
        });
        if (field === 'identity_verification' || field === 'enhanced_identity_verification')
          identityVerificationSchema.parse(record[field]);
        else resultSchemasByField[field].parse(record[field]);
      }),
      { numRuns: 400 },
    );
  });

  it('has red flags exactly when the outcome is not CLEAR', () => {
    fc.assert(
      fc.property(checkName, answering, location, now, (name, information, where, at) => {
        const { outcome, redFlags } = simulateOne(name, information, where, at);
        expect(redFlags.length > 0).toBe(outcome !== 'CLEAR');
      }),
      { numRuns: 300 },
    );
  });

  it('bureau: total_debt is the sum of the trade balances and of what is owed on collections', () => {
    fc.assert(
      fc.property(answering, location, now, (information, where, at) => {
        const { details } = simulateOne('bureau', information, where, at);
        if (details.kind !== 'bureau') throw new Error('not a credit file');
        const balances = details.trades.reduce((sum, trade) => sum + (trade.balance_amount ?? 0), 0);
        const owed = details.collections.reduce(
          (sum, item) => sum + (item.amount_owed ?? 0) - (item.amount_paid ?? 0),
          0,
        );
        expect(details.total_debt).toBe(balances + owed);
        expect(details.total_debt).toBe(totalDebtOf(details.trades, details.collections));
        for (const trade of details.trades) {
          expect(trade.percent_credit_used).toBe(
            Math.round(((trade.balance_amount ?? 0) / (trade.high_credit ?? 1)) * 100),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('criminal checks: not CLEAR exactly when a case with charges and dispositions is found, dated in the past', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CRIMINAL_CHECKS), answering, location, now, (name, information, where, at) => {
        const { outcome, details } = simulateOne(name, information, where, at);
        const cases = criminalCasesIn(details);
        expect(cases.length > 0).toBe(outcome !== 'CLEAR');
        expect(cases.some(isConvictionCase)).toBe(outcome === 'NOT_CLEAR');
        const today = isoDate(at);
        for (const found of cases) {
          expect(found.criminal_charges.length).toBeGreaterThan(0);
          for (const charge of found.criminal_charges) {
            expect(charge.dispositions.length).toBeGreaterThan(0);
            expect(charge.offense_date! <= found.file_date!).toBe(true);
          }
          expect(found.file_date! <= found.judgment_date!).toBe(true);
          expect(found.judgment_date! < today).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('verifications: the *_verified flags match each entry and the outcome', () => {
    const flagsOf = (verification: Record<string, unknown>) =>
      Object.entries(verification)
        .filter(([key, value]) => key.endsWith('_verified') && value !== null)
        .map(([, value]) => value as boolean);
    fc.assert(
      fc.property(
        fc.constantFrom(
          'employment_verification',
          'education_verification',
          'credential_verification',
        ) as fc.Arbitrary<CheckName>,
        answering,
        location,
        now,
        (name, information, where, at) => {
          const { outcome, details } = simulateOne(name, information, where, at);
          if (details.kind !== 'verification') throw new Error('not a verification');
          if (details.entries.length === 0) {
            expect(outcome).toBe('REVIEW');
            return;
          }
          expect(outcome === 'CLEAR').toBe(details.verification === 'VERIFIED');
          for (const entry of details.entries) {
            const flags = flagsOf(entry.verification);
            const state = entry.verification.svc_verification;
            expect(entry.outcome === 'CLEAR').toBe(state === 'VERIFIED');
            if (state === 'VERIFIED') expect(flags.every((flag) => flag)).toBe(true);
            if (state === 'NOT_VERIFIED') expect(flags.every((flag) => !flag)).toBe(true);
            if (state === 'PARTIALLY_VERIFIED')
              expect(flags.some((flag) => flag) && flags.some((flag) => !flag)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('instant verifications and identity checks: the status matches the outcome', () => {
    fc.assert(
      fc.property(
        checkName.filter((name) => ['identity', 'instant_verification'].includes(detailsKindOf(name))),
        answering,
        location,
        now,
        (name, information, where, at) => {
          const { outcome, details } = simulateOne(name, information, where, at);
          if (details.kind === 'identity')
            expect(outcome).toBe({ A: 'CLEAR', R: 'REVIEW', D: 'NOT_CLEAR' }[details.status]);
          if (details.kind === 'instant_verification' && details.items.length > 0) {
            expect(outcome === 'CLEAR').toBe(details.items.every((item) => item.verification_status === 'VERIFIED'));
            for (const item of details.items.filter((candidate) => candidate.verification_status === 'NOT_VERIFIED'))
              expect(item.org_verifier_data).toBeNull();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('US tiers: each covers the scans of the one below, and searches the county of every US address (tier 3)', () => {
    fc.assert(
      fc.property(answering, location, now, (information, where, at) => {
        const complete = (name: CheckName) => {
          const { details } = simulateOne(name, information, where, at);
          if (details.kind !== 'us_criminal') throw new Error('not a US check');
          return details;
        };
        const [one, two, three] = ([1, 2, 3] as const).map((tier) => complete(`us_criminal_record_check_tier_${tier}`));
        const scans = (details: typeof one) =>
          Object.entries(details!.scan_status)
            .filter(([, value]) => value === 'Complete')
            .map(([scan]) => scan);
        expect(scans(two)).toEqual(expect.arrayContaining(scans(one)));
        expect(scans(three)).toEqual(expect.arrayContaining(scans(two)));
        const counties = new Set(three!.record_check_requests.map((request) => request.fips_code));
        for (const item of (information.addresses ?? []).filter((candidate) => candidate.country === 'US')) {
          expect(counties.has(usCountyOf(item.province_state, item.city).fips)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
