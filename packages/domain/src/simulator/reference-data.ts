/**
 * Small built-in lists the simulated providers draw plausible names from. Courts, police forces and public
 * registries are real institutions named generically; lenders, collection agencies, landlords and referees are
 * invented, so a simulated adverse item never names a real company or person.
 */

export const GIVEN_NAMES = [
  'Amelia',
  'Benjamin',
  'Chloé',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hiroshi',
  'Isabelle',
  'Jamal',
  'Karen',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Quentin',
  'Rosa',
  'Samuel',
  'Tara',
] as const;

export const FAMILY_NAMES = [
  'Anderson',
  'Bouchard',
  'Chen',
  'Dubois',
  'Evans',
  'Fernandes',
  'Gagnon',
  'Haddad',
  'Ivanova',
  'Johnson',
  'Kowalski',
  'Lam',
  'MacDonald',
  'Nguyen',
  'O’Brien',
  'Patel',
  'Roy',
  'Singh',
  'Tremblay',
  'Wong',
] as const;

export const BANKS = [
  'Maple Trust Bank',
  'Northshore Credit Union',
  'Lakeview Financial',
  'Granite Savings Bank',
  'Harbourfront Bank',
] as const;

export const CARD_ISSUERS = [
  'Aurora Card Services',
  'Summit Rewards Mastercard',
  'Polaris Visa',
  'Cedar Retail Card',
] as const;

export const AUTO_LENDERS = ['Summit Auto Finance', 'Riverbend Motor Credit', 'Trillium Auto Loans'] as const;

export const UTILITY_CREDITORS = [
  'Harbour Telecom',
  'Prairie Hydro',
  'Northwind Wireless',
  'Bluewater Gas & Electric',
] as const;

export const COLLECTION_AGENCIES = [
  'Granite Recovery Services',
  'Beacon Collections Ltd.',
  'Crestline Credit Recovery',
] as const;

export const LANDLORD_COMPANIES = [
  'Parkside Residential Inc.',
  'Cornerstone Property Management',
  'Elmwood Rentals Ltd.',
] as const;

export const SOCIAL_PLATFORMS = [
  { platform: 'LinkedIn', url: (handle: string) => `https://www.linkedin.com/in/${handle}` },
  { platform: 'X', url: (handle: string) => `https://x.com/${handle}` },
  { platform: 'Instagram', url: (handle: string) => `https://www.instagram.com/${handle}` },
  { platform: 'Facebook', url: (handle: string) => `https://www.facebook.com/${handle}` },
] as const;

export const CANADIAN_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** US states: name and FIPS state code. */
export const US_STATES: Readonly<Record<string, { readonly name: string; readonly fips: string }>> = {
  AL: { name: 'Alabama', fips: '01' },
  AK: { name: 'Alaska', fips: '02' },
  AZ: { name: 'Arizona', fips: '04' },
  AR: { name: 'Arkansas', fips: '05' },
  CA: { name: 'California', fips: '06' },
  CO: { name: 'Colorado', fips: '08' },
  CT: { name: 'Connecticut', fips: '09' },
  DE: { name: 'Delaware', fips: '10' },
  DC: { name: 'District of Columbia', fips: '11' },
  FL: { name: 'Florida', fips: '12' },
  GA: { name: 'Georgia', fips: '13' },
  HI: { name: 'Hawaii', fips: '15' },
  ID: { name: 'Idaho', fips: '16' },
  IL: { name: 'Illinois', fips: '17' },
  IN: { name: 'Indiana', fips: '18' },
  IA: { name: 'Iowa', fips: '19' },
  KS: { name: 'Kansas', fips: '20' },
  KY: { name: 'Kentucky', fips: '21' },
  LA: { name: 'Louisiana', fips: '22' },
  ME: { name: 'Maine', fips: '23' },
  MD: { name: 'Maryland', fips: '24' },
  MA: { name: 'Massachusetts', fips: '25' },
  MI: { name: 'Michigan', fips: '26' },
  MN: { name: 'Minnesota', fips: '27' },
  MS: { name: 'Mississippi', fips: '28' },
  MO: { name: 'Missouri', fips: '29' },
  MT: { name: 'Montana', fips: '30' },
  NE: { name: 'Nebraska', fips: '31' },
  NV: { name: 'Nevada', fips: '32' },
  NH: { name: 'New Hampshire', fips: '33' },
  NJ: { name: 'New Jersey', fips: '34' },
  NM: { name: 'New Mexico', fips: '35' },
  NY: { name: 'New York', fips: '36' },
  NC: { name: 'North Carolina', fips: '37' },
  ND: { name: 'North Dakota', fips: '38' },
  OH: { name: 'Ohio', fips: '39' },
  OK: { name: 'Oklahoma', fips: '40' },
  OR: { name: 'Oregon', fips: '41' },
  PA: { name: 'Pennsylvania', fips: '42' },
  RI: { name: 'Rhode Island', fips: '44' },
  SC: { name: 'South Carolina', fips: '45' },
  SD: { name: 'South Dakota', fips: '46' },
  TN: { name: 'Tennessee', fips: '47' },
  TX: { name: 'Texas', fips: '48' },
  UT: { name: 'Utah', fips: '49' },
  VT: { name: 'Vermont', fips: '50' },
  VA: { name: 'Virginia', fips: '51' },
  WA: { name: 'Washington', fips: '53' },
  WV: { name: 'West Virginia', fips: '54' },
  WI: { name: 'Wisconsin', fips: '55' },
  WY: { name: 'Wyoming', fips: '56' },
};

/** Counties of some large US cities (`STATE|city` -> county and its 3-digit FIPS county code). */
const US_CITY_COUNTIES: Readonly<Record<string, { readonly county: string; readonly code: string }>> = {
  'CA|los angeles': { county: 'Los Angeles County', code: '037' },
  'CA|san francisco': { county: 'San Francisco County', code: '075' },
  'CA|san diego': { county: 'San Diego County', code: '073' },
  'CA|san jose': { county: 'Santa Clara County', code: '085' },
  'NY|new york': { county: 'New York County', code: '061' },
  'NY|brooklyn': { county: 'Kings County', code: '047' },
  'NY|buffalo': { county: 'Erie County', code: '029' },
  'IL|chicago': { county: 'Cook County', code: '031' },
  'TX|houston': { county: 'Harris County', code: '201' },
  'TX|dallas': { county: 'Dallas County', code: '113' },
  'TX|austin': { county: 'Travis County', code: '453' },
  'AZ|phoenix': { county: 'Maricopa County', code: '013' },
  'PA|philadelphia': { county: 'Philadelphia County', code: '101' },
  'FL|miami': { county: 'Miami-Dade County', code: '086' },
  'FL|orlando': { county: 'Orange County', code: '095' },
  'WA|seattle': { county: 'King County', code: '033' },
  'MA|boston': { county: 'Suffolk County', code: '025' },
  'CO|denver': { county: 'Denver County', code: '031' },
  'GA|atlanta': { county: 'Fulton County', code: '121' },
  'NV|las vegas': { county: 'Clark County', code: '003' },
  'MI|detroit': { county: 'Wayne County', code: '163' },
  'OR|portland': { county: 'Multnomah County', code: '051' },
};

/**
 * County of a US city, with its 5-digit FIPS code. Cities outside the built-in table get "<City> County" and a
 * stable odd county code derived from the name (county FIPS codes are odd numbers).
 */
export function usCountyOf(state: string, city: string): { county: string; fips: string } {
  const known = US_CITY_COUNTIES[`${state}|${city.trim().toLowerCase()}`];
  const stateFips = US_STATES[state]?.fips ?? '00';
  if (known) return { county: known.county, fips: `${stateFips}${known.code}` };
  let sum = 0;
  for (const char of city.toLowerCase()) sum = (sum * 31 + char.charCodeAt(0)) % 997;
  const code = String((sum % 250) * 2 + 1).padStart(3, '0');
  const name = city.trim().replace(/\b\w/g, (letter) => letter.toUpperCase());
  return { county: `${name} County`, fips: `${stateFips}${code}` };
}

/** Kind of trial court hearing criminal cases in some states; others use a "District Court". */
export const US_STATE_COURTS: Readonly<Record<string, string>> = {
  CA: 'Superior Court',
  WA: 'Superior Court',
  AZ: 'Superior Court',
  GA: 'Superior Court',
  NJ: 'Superior Court',
  FL: 'Circuit Court',
  IL: 'Circuit Court',
  MI: 'Circuit Court',
  OR: 'Circuit Court',
  VA: 'Circuit Court',
  NY: 'County Court',
  PA: 'Court of Common Pleas',
  OH: 'Court of Common Pleas',
  TX: 'District Court',
};

/** Criminal trial court of first instance of each Canadian province. */
export const CANADIAN_PROVINCIAL_COURTS: Readonly<Record<string, string>> = {
  ON: 'Ontario Court of Justice',
  BC: 'Provincial Court of British Columbia',
  AB: 'Alberta Court of Justice',
  QC: 'Cour du Québec, chambre criminelle et pénale',
  MB: 'Provincial Court of Manitoba',
  SK: 'Provincial Court of Saskatchewan',
  NS: 'Provincial Court of Nova Scotia',
  NB: 'Provincial Court of New Brunswick',
  NL: 'Provincial Court of Newfoundland and Labrador',
  PE: 'Provincial Court of Prince Edward Island',
  YT: 'Territorial Court of Yukon',
  NT: 'Territorial Court of the Northwest Territories',
  NU: 'Nunavut Court of Justice',
};

export const AUSTRALIAN_STATES: Readonly<Record<string, { readonly court: string; readonly police: string }>> = {
  NSW: { court: 'Local Court of New South Wales', police: 'NSW Police Force' },
  VIC: { court: 'Magistrates’ Court of Victoria', police: 'Victoria Police' },
  QLD: { court: 'Magistrates Court of Queensland', police: 'Queensland Police Service' },
  WA: { court: 'Magistrates Court of Western Australia', police: 'Western Australia Police Force' },
  SA: { court: 'Magistrates Court of South Australia', police: 'South Australia Police' },
  TAS: { court: 'Magistrates Court of Tasmania', police: 'Tasmania Police' },
  ACT: { court: 'ACT Magistrates Court', police: 'ACT Policing' },
  NT: { court: 'Local Court of the Northern Territory', police: 'Northern Territory Police' },
};

/** A place used when the applicant's history has none in the country searched. */
export const DEFAULT_PLACES: Readonly<Record<string, { readonly provinceState: string; readonly city: string }>> = {
  CA: { provinceState: 'ON', city: 'Toronto' },
  US: { provinceState: 'CA', city: 'Los Angeles' },
  GB: { provinceState: 'ENG', city: 'London' },
  AU: { provinceState: 'NSW', city: 'Sydney' },
};

export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  CA: 'Canada',
  US: 'United States',
  GB: 'United Kingdom',
  AU: 'Australia',
  FR: 'France',
  DE: 'Germany',
  IN: 'India',
  CN: 'China',
  MX: 'Mexico',
  PH: 'Philippines',
  IE: 'Ireland',
  NZ: 'New Zealand',
  BR: 'Brazil',
};

export const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;

/** Country of a licence-issuing province or state code: `ON` -> `CA`, `NY` -> `US`; null when unknown. */
export function countryOfRegion(code: string | null | undefined): 'CA' | 'US' | null {
  if (!code) return null;
  if (CANADIAN_PROVINCES[code]) return 'CA';
  return US_STATES[code] ? 'US' : null;
}

const PASSPORTS: Readonly<Record<string, string>> = {
  CA: 'Canadian passport',
  US: 'U.S. passport',
  GB: 'British passport',
  AU: 'Australian passport',
};

/** The passport of a country's citizens. */
export const passportOf = (country: string): string => PASSPORTS[country] ?? `${countryName(country)} passport`;
