import type { CheckName, RecordCheckRequest, ScanStatus, SsnIdDocumentReport } from '@svc/contract';
import { criminalSeverity, simulatedCheck, type Finding, type SimulationContext } from './context.js';
import { criminalCasesFor, criminalOutcome, criminalRedFlags, jurisdictionIn } from './criminal-records.js';
import { calendarDateOrNull, daysAfter, daysBefore } from './dates.js';
import { ssnDigits } from './normalise.js';
import { US_STATES, countryOfRegion, usCountyOf } from './reference-data.js';
import type { SimulatedCheck, UsCriminalDetails } from './types.js';

export type UsCheckName = Extract<
  CheckName,
  'us_ssn_verification' | 'us_criminal_softcheck' | `us_criminal_record_check_tier_${1 | 2 | 3}`
>;
export type ScanName = keyof ScanStatus;

export const SCAN_NAMES: readonly ScanName[] = [
  'national_sex_offender_registry_scan',
  'security_watch_list_scan',
  'fraud_scan',
  'ofac_global_sanctions_scan',
  'ssn_verification_scan',
  'criminal_record_scan',
  'federal_record_scan',
  'single_state_county_record_scan',
  'all_state_county_record_scan',
];

const SOFTCHECK_SCANS: readonly ScanName[] = [
  'national_sex_offender_registry_scan',
  'security_watch_list_scan',
  'fraud_scan',
  'ofac_global_sanctions_scan',
  'criminal_record_scan',
];
const TIER_1_SCANS: readonly ScanName[] = [...SOFTCHECK_SCANS, 'single_state_county_record_scan'];
const TIER_2_SCANS: readonly ScanName[] = [...TIER_1_SCANS, 'federal_record_scan'];

/**
 * The scans each US check runs. The SSN verification traces the SSN. The softcheck searches the national criminal
 * records database, the sex offender registry, watch lists, fraud databases and sanctions lists. Tier 1 adds the
 * county courts of the current address; tier 2 adds federal courts (and the counties of the last seven years);
 * tier 3 adds every county and statewide repository of the address history.
 */
export const US_SCANS_BY_CHECK: { readonly [C in UsCheckName]: readonly ScanName[] } = {
  us_ssn_verification: ['ssn_verification_scan'],
  us_criminal_softcheck: SOFTCHECK_SCANS,
  us_criminal_record_check_tier_1: TIER_1_SCANS,
  us_criminal_record_check_tier_2: TIER_2_SCANS,
  us_criminal_record_check_tier_3: [...TIER_2_SCANS, 'all_state_county_record_scan'],
};

const SCAN_GREEN_FLAGS: { readonly [S in ScanName]: string } = {
  national_sex_offender_registry_scan: 'Not on the national sex offender registry',
  security_watch_list_scan: 'Not on any security or terrorist watch list',
  fraud_scan: 'No record in fraud databases',
  ofac_global_sanctions_scan: 'Not on the OFAC or global sanctions lists',
  ssn_verification_scan: 'SSN issued to the applicant',
  criminal_record_scan: 'No record in the national criminal records database',
  federal_record_scan: 'No federal court record',
  single_state_county_record_scan: 'No record in the county courts of the current address',
  all_state_county_record_scan: 'No record in the county courts and statewide repositories of the address history',
};

/** Scan status for the scans given: `Complete` for those, `Not requested` for the others. */
export function scanStatusFor(complete: readonly ScanName[], incomplete: readonly ScanName[] = []): ScanStatus {
  return Object.fromEntries(
    SCAN_NAMES.map((scan) => [
      scan,
      complete.includes(scan) ? 'Complete' : incomplete.includes(scan) ? 'Incomplete' : 'Not requested',
    ]),
  ) as ScanStatus;
}

type UsPlace = { state: string; city: string; endDate: string | null };

/** The US places of the address history, current first (the position's location when the history has none). */
function usPlaces(context: SimulationContext): UsPlace[] {
  const places = (context.information.addresses ?? [])
    .filter((address) => address.country === 'US' && US_STATES[address.province_state])
    .map((address) => ({
      state: address.province_state,
      city: address.city,
      endDate: calendarDateOrNull(address.end_date),
    }));
  const { location } = context;
  if (places.length === 0 && location.country === 'US' && location.city) {
    return [{ state: location.province_state, city: location.city, endDate: null }];
  }
  return places;
}

/** The court searches a tier orders: county searches per county, then federal and statewide searches per state. */
function recordCheckRequests(checkName: UsCheckName, context: SimulationContext): RecordCheckRequest[] {
  const tier = checkName.endsWith('_1') ? 1 : checkName.endsWith('_2') ? 2 : checkName.endsWith('_3') ? 3 : 0;
  if (tier === 0) return [];
  const sevenYearsAgo = daysBefore(context.now, 7 * 365);
  const all = usPlaces(context);
  const places =
    tier === 1
      ? all.slice(0, 1)
      : tier === 2
        ? all.filter((place) => place.endDate === null || place.endDate >= sevenYearsAgo)
        : all;
  const counties = new Map<string, RecordCheckRequest>();
  for (const place of places) {
    const { county, fips } = usCountyOf(place.state, place.city);
    counties.set(fips, {
      status: 'Complete',
      state: place.state,
      county,
      district: null,
      fips_code: fips,
      search_type: 'County criminal',
    });
  }
  const states = [...new Set(places.map((place) => place.state))];
  const federal: RecordCheckRequest[] =
    tier >= 2
      ? states.map((state) => ({
          status: 'Complete',
          state,
          county: null,
          district: `District of ${US_STATES[state]?.name ?? state}`,
          fips_code: null,
          search_type: 'Federal criminal',
        }))
      : [];
  const statewide: RecordCheckRequest[] =
    tier === 3
      ? states.map((state) => ({
          status: 'Complete',
          state,
          county: null,
          district: null,
          fips_code: US_STATES[state]?.fips ?? null,
          search_type: 'Statewide criminal',
        }))
      : [];
  return [...counties.values(), ...federal, ...statewide];
}

/** The SSN trace of the SSN verification: what the number is linked to, with the applicant's US identity documents. */
function ssnTrace(context: SimulationContext): { report: SsnIdDocumentReport; finding: Finding } {
  const { information, rng, scenario, now } = context;
  const ssn = ssnDigits(information.sin_ssn ?? null);
  const dateOfBirth = calendarDateOrNull(information.date_of_birth);
  const name = {
    first_name: information.first_name ?? null,
    middle_name: information.middle_name ?? null,
    last_name: information.last_name ?? null,
  };
  const addresses = (information.addresses ?? []).map((address) => ({
    unit: address.unit ?? null,
    address: address.address,
    city: address.city,
    province_state: address.province_state,
    country: address.country,
    postal_code: address.postal_code ?? null,
    start_date: calendarDateOrNull(address.start_date),
    end_date: calendarDateOrNull(address.end_date),
  }));
  // The trace finds US-issued documents only: a US driver licence.
  const idDocuments =
    information.license_number && countryOfRegion(information.license_prov_state) === 'US'
      ? [
          {
            type: 'Driver licence',
            number: `****${information.license_number.slice(-4)}`,
            issuing_country: 'US',
            issuing_province_state: information.license_prov_state ?? null,
            issue_date: daysBefore(now, rng.int(200, 1500)),
            expiry_date: daysAfter(now, rng.int(200, 1500)),
          },
        ]
      : [];
  if (scenario.ssnMismatch) {
    return {
      report: {
        ssn_result: 'Invalid – this number was never issued',
        ssn_status: 'Not issued',
        names: [],
        addresses: [],
        id_documents: idDocuments,
        dates_of_birth: [],
      },
      finding: {
        outcome: 'NOT_CLEAR',
        redFlags: ['SSN mismatch: the SSN given was never issued and does not belong to the applicant'],
      },
    };
  }
  if (ssn === null) {
    return {
      report: {
        ssn_result: 'No SSN given: traced by name and date of birth',
        ssn_status: null,
        names: [name],
        addresses,
        id_documents: idDocuments,
        dates_of_birth: dateOfBirth ? [dateOfBirth] : [],
      },
      finding: { outcome: 'REVIEW', redFlags: ['No SSN was given to verify'] },
    };
  }
  const undeclared = scenario.review;
  const extraAddress = undeclared
    ? [
        {
          unit: null,
          address: `${rng.int(100, 9899)} ${rng.pick(['Oak', 'Maple', 'Cedar', 'Elm'])} Street`,
          city: 'Reno',
          province_state: 'NV',
          country: 'US',
          postal_code: `89${rng.digits(3)}`,
          start_date: daysBefore(now, 2000),
          end_date: daysBefore(now, 1500),
        },
      ]
    : [];
  return {
    report: {
      ssn_result: 'Valid – issued to the applicant',
      ssn_status: 'Issued',
      names: [name],
      addresses: [...addresses, ...extraAddress],
      id_documents: idDocuments,
      dates_of_birth: dateOfBirth ? [dateOfBirth] : [],
    },
    finding: undeclared
      ? { outcome: 'REVIEW', redFlags: ['The SSN trace shows an address in Reno, NV the applicant did not declare'] }
      : {
          outcome: 'CLEAR',
          greenFlags: [`SSN ending ${ssn.slice(-4)} issued to the applicant; name and date of birth match`],
        },
  };
}

/** US SSN verification, US criminal softcheck and the three tiers of the US criminal record check. */
export function simulateUsCheck(checkName: UsCheckName, context: SimulationContext): SimulatedCheck<UsCriminalDetails> {
  const scans = US_SCANS_BY_CHECK[checkName];
  const findings: Finding[] = [];
  const trace = scans.includes('ssn_verification_scan') ? ssnTrace(context) : null;
  if (trace) findings.push(trace.finding);
  const searchesRecords = checkName !== 'us_ssn_verification';
  const severity = searchesRecords ? criminalSeverity(context) : 'none';
  const place = jurisdictionIn({ country: 'US', information: context.information, location: context.location });
  const cases = criminalCasesFor({
    information: context.information,
    informationKey: context.informationKey,
    place,
    severity,
    now: context.now,
  });
  if (cases.length > 0) findings.push({ outcome: criminalOutcome(severity), redFlags: criminalRedFlags(cases) });
  const recordScans: readonly ScanName[] = [
    'criminal_record_scan',
    'single_state_county_record_scan',
    'all_state_county_record_scan',
  ];
  const quietScans = scans.filter(
    (scan) => scan !== 'ssn_verification_scan' && (cases.length === 0 || !recordScans.includes(scan)),
  );
  findings.push({ outcome: 'CLEAR', greenFlags: quietScans.map((scan) => SCAN_GREEN_FLAGS[scan]) });
  return simulatedCheck(
    context,
    {
      kind: 'us_criminal',
      criminal_cases: cases,
      ssn_id_document_reports: trace ? [trace.report] : [],
      scan_status: scanStatusFor(scans),
      record_check_requests: recordCheckRequests(checkName, context),
    },
    findings,
  );
}
