import type { CheckName } from '@svc/contract';
import { criminalSeverity, simulatedCheck, type Finding, type SimulationContext } from './context.js';
import {
  criminalCasesFor,
  criminalOutcome,
  criminalRedFlags,
  jurisdictionIn,
  type Jurisdiction,
} from './criminal-records.js';
import { countryName } from './reference-data.js';
import type {
  DisclosureDetails,
  InternationalCriminalDetails,
  NationalCriminalDetails,
  SimulatedCheck,
  SimulatedOutcome,
} from './types.js';

type NationalCheckName = Extract<
  CheckName,
  'criminal_record_check' | 'enhanced_criminal_record_check' | 'vulnerable_sector_criminal_record_check' | 'soquij'
>;

const NATIONAL_SEARCHES: {
  readonly [C in NationalCheckName]: {
    repository: string;
    level: NationalCriminalDetails['search_level'];
    clear: string[];
  };
} = {
  criminal_record_check: {
    repository: 'RCMP Canadian Police Information Centre (CPIC)',
    level: 'standard',
    clear: ['No criminal record found in the RCMP national repository'],
  },
  enhanced_criminal_record_check: {
    repository: 'RCMP Canadian Police Information Centre (CPIC) and local police records',
    level: 'enhanced',
    clear: [
      'No criminal record found in the RCMP national repository',
      'No outstanding charge, warrant or court order in local police records',
    ],
  },
  vulnerable_sector_criminal_record_check: {
    repository: 'RCMP CPIC, local police records and pardoned sexual offence records',
    level: 'vulnerable_sector',
    clear: [
      'No criminal record found in the RCMP national repository',
      'No outstanding charge, warrant or court order in local police records',
      'No record suspension for a sexual offence',
    ],
  },
  soquij: {
    repository: 'SOQUIJ – Québec court decisions',
    level: 'court_decisions',
    clear: ['No Québec court decision names the applicant'],
  },
};

/** A search found `cases` (or not): its finding. */
function recordFinding(
  context: SimulationContext,
  casesFound: number,
  clearFlags: readonly string[],
  redFlags: readonly string[],
): Finding {
  return casesFound > 0
    ? { outcome: criminalOutcome(criminalSeverity(context)), redFlags }
    : { outcome: 'CLEAR', greenFlags: clearFlags };
}

/** Canadian criminal record checks (standard, enhanced, vulnerable sector) and the SOQUIJ search. */
export function simulateNationalCheck(
  checkName: NationalCheckName,
  context: SimulationContext,
): SimulatedCheck<NationalCriminalDetails> {
  const { information, location } = context;
  const search = NATIONAL_SEARCHES[checkName];
  const canadian = jurisdictionIn({ country: 'CA', information, location });
  // SOQUIJ publishes Québec decisions: the case is heard in Québec, at the applicant's Québec address if any.
  const quebecAddress = (information.addresses ?? []).find(
    (address) => address.country === 'CA' && address.province_state === 'QC',
  );
  const place: Jurisdiction =
    checkName === 'soquij' ? { country: 'CA', provinceState: 'QC', city: quebecAddress?.city ?? 'Montréal' } : canadian;
  const cases = criminalCasesFor({
    information,
    informationKey: context.informationKey,
    place,
    severity: criminalSeverity(context),
    now: context.now,
  });
  return simulatedCheck(
    context,
    { kind: 'national_criminal', repository: search.repository, search_level: search.level, criminal_cases: cases },
    [recordFinding(context, cases.length, search.clear, criminalRedFlags(cases))],
  );
}

/**
 * International criminal record check. Countries searched: `requestedCountries` when given, else the countries of
 * the address history and of birth other than the position's; when that leaves none, the simulator searches one
 * neighbouring country (US, or CA for a US position) so that every test input still shows its effect.
 * A record is found in the first country searched.
 */
export function simulateInternationalCheck(context: SimulationContext): SimulatedCheck<InternationalCriminalDetails> {
  const { information, location } = context;
  const abroad = [
    ...(information.addresses ?? []).map((address) => address.country),
    information.birth_country ?? '',
  ].filter((country) => country !== '' && country !== location.country);
  const fallback = location.country === 'US' ? 'CA' : 'US';
  const countries = [
    ...new Set(
      context.requestedCountries.length > 0 ? context.requestedCountries : abroad.length > 0 ? abroad : [fallback],
    ),
  ];
  const [first = fallback] = countries;
  const cases = criminalCasesFor({
    information,
    informationKey: context.informationKey,
    place: jurisdictionIn({ country: first, information, location }),
    severity: criminalSeverity(context),
    now: context.now,
  });
  const recordOutcome: SimulatedOutcome = cases.length > 0 ? criminalOutcome(criminalSeverity(context)) : 'CLEAR';
  return simulatedCheck(
    context,
    {
      kind: 'international_criminal',
      countries: countries.map((country) => ({ country, result: country === first ? recordOutcome : 'CLEAR' })),
      criminal_cases: cases,
    },
    [
      recordFinding(
        context,
        cases.length,
        [],
        criminalRedFlags(cases).map((flag) => `${countryName(first)}: ${flag}`),
      ),
      {
        outcome: 'CLEAR',
        greenFlags: countries
          .filter((country) => country !== first || cases.length === 0)
          .map((country) => `No criminal record in ${countryName(country)}`),
      },
    ],
  );
}

type DisclosureCheckName = Extract<
  CheckName,
  | 'uk_basic_dbs_check'
  | 'uk_basic_ds_check'
  | 'australian_criminal_intelligence_commission_check'
  | 'volunteer_acic_check'
>;

const DISCLOSURES: {
  readonly [C in DisclosureCheckName]: {
    authority: string;
    country: string;
    region: string;
    city: string;
    certificate: (digits: (length: number) => string) => string;
    clear: string;
  };
} = {
  uk_basic_dbs_check: {
    authority: 'Disclosure and Barring Service',
    country: 'GB',
    region: 'ENG',
    city: 'London',
    certificate: (digits) => `00${digits(10)}`,
    clear: 'Basic DBS certificate issued: no unspent convictions or conditional cautions',
  },
  uk_basic_ds_check: {
    authority: 'Disclosure Scotland',
    country: 'GB',
    region: 'SCT',
    city: 'Glasgow',
    certificate: (digits) => digits(12),
    clear: 'Basic disclosure issued: no unspent convictions recorded in Scotland',
  },
  australian_criminal_intelligence_commission_check: {
    authority: 'Australian Criminal Intelligence Commission',
    country: 'AU',
    region: 'NSW',
    city: 'Sydney',
    certificate: (digits) => `NPC${digits(10)}`,
    clear: 'National police check certificate issued: no disclosable court outcomes',
  },
  volunteer_acic_check: {
    authority: 'Australian Criminal Intelligence Commission',
    country: 'AU',
    region: 'NSW',
    city: 'Sydney',
    certificate: (digits) => `NPV${digits(10)}`,
    clear: 'Volunteer national police check certificate issued: no disclosable court outcomes',
  },
};

/** UK basic DBS and Disclosure Scotland checks, Australian ACIC checks: a certificate, and what it discloses. */
export function simulateDisclosureCheck(
  checkName: DisclosureCheckName,
  context: SimulationContext,
): SimulatedCheck<DisclosureDetails> {
  const { information, location, rng } = context;
  const disclosure = DISCLOSURES[checkName];
  const inCountry = (information.addresses ?? []).find(
    (address) =>
      address.country === disclosure.country && (checkName !== 'uk_basic_ds_check' || address.province_state === 'SCT'),
  );
  const place: Jurisdiction = inCountry
    ? { country: disclosure.country, provinceState: inCountry.province_state, city: inCountry.city }
    : location.country === disclosure.country && checkName !== 'uk_basic_ds_check'
      ? { country: disclosure.country, provinceState: location.province_state, city: location.city ?? disclosure.city }
      : { country: disclosure.country, provinceState: disclosure.region, city: disclosure.city };
  const cases = criminalCasesFor({
    information,
    informationKey: context.informationKey,
    place,
    severity: criminalSeverity(context),
    now: context.now,
  });
  return simulatedCheck(
    context,
    {
      kind: 'disclosure',
      authority: disclosure.authority,
      certificate: { number: disclosure.certificate(rng.digits), issued_date: context.today, url: null },
      criminal_cases: cases,
    },
    [
      recordFinding(
        context,
        cases.length,
        [disclosure.clear],
        criminalRedFlags(cases).map((flag) => `Disclosed: ${flag}`),
      ),
    ],
  );
}
