import type { InformationInput } from '@svc/contract';
import { calendarDateOrNull, shortYear } from './dates.js';
import type { Rng } from './prng.js';
import {
  AUSTRALIAN_STATES,
  CANADIAN_PROVINCES,
  CANADIAN_PROVINCIAL_COURTS,
  DEFAULT_PLACES,
  US_STATE_COURTS,
  countryName,
  usCountyOf,
} from './reference-data.js';
import type { SimulatorLocation } from './types.js';

// The legal systems the simulator words criminal records for: the courts, police, offences and dispositions of each.

/** Where a record was made: the court and police of this place hear the case. */
export type Jurisdiction = {
  readonly country: string;
  readonly provinceState: string | null;
  readonly city: string | null;
  /** When the applicant lived there, if known: a record made there falls in this period. */
  readonly livedFrom?: string | null;
  readonly livedUntil?: string | null;
};

export type CriminalSeverity = 'none' | 'record' | 'conviction';

export type Offence = {
  readonly description: string;
  readonly statute: string;
  readonly type: string;
  readonly level: string;
};
export type LegalSystem = 'CA' | 'US' | 'GB' | 'AU' | 'OTHER';

/** Minor offences (a record to review) and serious ones (a conviction), per legal system. */
export const OFFENCES: {
  readonly [S in LegalSystem]: { readonly minor: readonly Offence[]; readonly serious: readonly Offence[] };
} = {
  CA: {
    minor: [
      {
        description: 'Theft under $5,000',
        statute: 'Criminal Code, s. 334(b)',
        type: 'Summary',
        level: 'Summary conviction',
      },
      {
        description: 'Mischief under $5,000',
        statute: 'Criminal Code, s. 430(4)',
        type: 'Summary',
        level: 'Summary conviction',
      },
      {
        description: 'Possession of property obtained by crime under $5,000',
        statute: 'Criminal Code, s. 354(1)',
        type: 'Summary',
        level: 'Summary conviction',
      },
    ],
    serious: [
      {
        description: 'Assault causing bodily harm',
        statute: 'Criminal Code, s. 267(b)',
        type: 'Indictable',
        level: 'Indictable',
      },
      {
        description: 'Fraud over $5,000',
        statute: 'Criminal Code, s. 380(1)(a)',
        type: 'Indictable',
        level: 'Indictable',
      },
      {
        description: 'Operation while impaired',
        statute: 'Criminal Code, s. 320.14(1)(a)',
        type: 'Hybrid',
        level: 'Indictable',
      },
    ],
  },
  US: {
    minor: [
      { description: 'Petty theft', statute: 'Penal Code § 484(a)', type: 'Misdemeanor', level: 'Misdemeanor' },
      { description: 'Criminal mischief', statute: 'Penal Code § 594(a)', type: 'Misdemeanor', level: 'Misdemeanor' },
      {
        description: 'Possession of drug paraphernalia',
        statute: 'Health & Safety Code § 11364',
        type: 'Misdemeanor',
        level: 'Misdemeanor',
      },
    ],
    serious: [
      { description: 'Aggravated assault', statute: 'Penal Code § 245(a)(1)', type: 'Felony', level: 'Felony' },
      { description: 'Grand theft', statute: 'Penal Code § 487(a)', type: 'Felony', level: 'Felony' },
      {
        description: 'Driving under the influence',
        statute: 'Vehicle Code § 23152(a)',
        type: 'Misdemeanor',
        level: 'Misdemeanor',
      },
    ],
  },
  GB: {
    minor: [
      { description: 'Theft from a shop', statute: 'Theft Act 1968, s. 1', type: 'Summary', level: 'Summary only' },
      {
        description: 'Criminal damage under £5,000',
        statute: 'Criminal Damage Act 1971, s. 1(1)',
        type: 'Summary',
        level: 'Summary only',
      },
    ],
    serious: [
      {
        description: 'Assault occasioning actual bodily harm',
        statute: 'Offences Against the Person Act 1861, s. 47',
        type: 'Either way',
        level: 'Indictable',
      },
      {
        description: 'Fraud by false representation',
        statute: 'Fraud Act 2006, s. 2',
        type: 'Either way',
        level: 'Indictable',
      },
    ],
  },
  AU: {
    minor: [
      { description: 'Larceny', statute: 'Crimes Act 1900 (NSW), s. 117', type: 'Summary', level: 'Summary' },
      {
        description: 'Destroy or damage property',
        statute: 'Crimes Act 1900 (NSW), s. 195(1)(a)',
        type: 'Summary',
        level: 'Summary',
      },
    ],
    serious: [
      {
        description: 'Assault occasioning actual bodily harm',
        statute: 'Crimes Act 1900 (NSW), s. 59(1)',
        type: 'Indictable',
        level: 'Indictable',
      },
      {
        description: 'Dishonestly obtain financial advantage by deception',
        statute: 'Crimes Act 1900 (NSW), s. 192E(1)(b)',
        type: 'Indictable',
        level: 'Indictable',
      },
    ],
  },
  OTHER: {
    minor: [
      { description: 'Theft', statute: 'Penal code', type: 'Minor offence', level: 'Misdemeanour' },
      { description: 'Damage to property', statute: 'Penal code', type: 'Minor offence', level: 'Misdemeanour' },
    ],
    serious: [
      { description: 'Assault causing injury', statute: 'Penal code', type: 'Serious offence', level: 'Felony' },
      { description: 'Fraud', statute: 'Penal code', type: 'Serious offence', level: 'Felony' },
    ],
  },
};

export const legalSystemOf = (country: string): LegalSystem =>
  country === 'CA' || country === 'US' || country === 'GB' || country === 'AU' ? country : 'OTHER';

/** The place a search in `country` looks at: the latest address there, else the position's location, else a default. */
export function jurisdictionIn({
  country,
  information,
  location,
}: {
  country: string;
  information: InformationInput;
  location: SimulatorLocation;
}): Jurisdiction {
  const address = (information.addresses ?? []).find((candidate) => candidate.country === country);
  if (address) {
    return {
      country,
      provinceState: address.province_state,
      city: address.city,
      livedFrom: calendarDateOrNull(address.start_date),
      livedUntil: calendarDateOrNull(address.end_date),
    };
  }
  if (location.country === country)
    return { country, provinceState: location.province_state, city: location.city ?? null };
  const fallback = DEFAULT_PLACES[country];
  return { country, provinceState: fallback?.provinceState ?? null, city: fallback?.city ?? null };
}

export type Court = { court: string; courtType: string; police: string; docket: (rng: Rng, filed: string) => string };

export function courtOf(place: Jurisdiction): Court {
  const city = place.city ?? countryName(place.country);
  const region = place.provinceState ?? '';
  switch (legalSystemOf(place.country)) {
    case 'CA':
      return {
        court: CANADIAN_PROVINCIAL_COURTS[region] ?? `Provincial Court of ${CANADIAN_PROVINCES[region] ?? 'Canada'}`,
        courtType: 'Provincial',
        police: region === 'QC' ? 'Sûreté du Québec' : `${city} Police Service`,
        docket: (rng, filed) =>
          region === 'QC'
            ? `500-01-${rng.digits(6)}-${shortYear(filed)}${rng.digits(1)}`
            : `${rng.digits(4)}-998-${shortYear(filed)}-${rng.digits(5)}`,
      };
    case 'US': {
      const county = usCountyOf(region, city).county;
      return {
        court: `${county} ${US_STATE_COURTS[region] ?? 'District Court'}`,
        courtType: 'County',
        police: `${city} Police Department`,
        docket: (rng, filed) => `${shortYear(filed)}CR${rng.digits(6)}`,
      };
    }
    case 'GB':
      return {
        court: `${city} Magistrates’ Court`,
        courtType: 'Magistrates',
        police: city === 'London' ? 'Metropolitan Police Service' : `${city} Police`,
        docket: (rng, filed) =>
          `${rng.digits(2)}${rng.pick(['AA', 'KD', 'YE', 'CJ'])}${rng.digits(7)}${shortYear(filed)}`,
      };
    case 'AU': {
      const state = AUSTRALIAN_STATES[region] ?? AUSTRALIAN_STATES.NSW;
      return {
        court: state?.court ?? 'Local Court',
        courtType: 'Local',
        police: state?.police ?? 'State Police',
        docket: (rng, filed) => `${filed.slice(0, 4)}/${rng.digits(8)}`,
      };
    }
    case 'OTHER':
      return {
        court: `${city} Criminal Court`,
        courtType: 'Criminal',
        police: `${city} Police`,
        docket: (rng, filed) => `${filed.slice(0, 4)}-${rng.digits(6)}`,
      };
  }
}

/** The disposition wording of each legal system: a discharge (record), a dropped charge, a conviction. */
export function dispositionWords(country: string) {
  switch (legalSystemOf(country)) {
    case 'US':
      return {
        discharge: 'Deferred adjudication – probation completed',
        dropped: 'Dismissed',
        convicted: 'Convicted – guilty plea',
      };
    case 'GB':
      return { discharge: 'Conditional discharge', dropped: 'No evidence offered – dismissed', convicted: 'Convicted' };
    case 'AU':
      return {
        discharge: 'Dismissed without conviction (conditional release order)',
        dropped: 'Withdrawn',
        convicted: 'Convicted',
      };
    case 'CA':
    case 'OTHER':
      return { discharge: 'Conditional discharge', dropped: 'Withdrawn', convicted: 'Guilty – conviction registered' };
  }
}
