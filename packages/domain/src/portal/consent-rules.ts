/**
 * How an applicant consents, by jurisdiction: one row per place whose law asks more than the portal's standard
 * consent (a paragraph and a signature on the form). Another jurisdiction's rules are a row here, not new code.
 */
export type ConsentFlow = 'standard' | 'us_fcra';

export type ConsentRule = {
  /** ISO 3166-1 alpha-2 country of the screening (the position's or property's location, else the team's country). */
  country: string;
  /** The kinds of application the rule covers. */
  kinds: readonly ('HR' | 'PM')[];
  flow: Exclude<ConsentFlow, 'standard'>;
};

export const CONSENT_RULES: readonly ConsentRule[] = [
  // FCRA 15 U.S.C. 1681b(b)(2): a consumer report for employment purposes needs a disclosure in a document that
  // consists solely of it, and the applicant's written authorization. Tenant screening has no such rule.
  { country: 'US', kinds: ['HR'], flow: 'us_fcra' },
];

export function consentFlowOf({ country, kind }: { country: string; kind: string }): ConsentFlow {
  const rule = CONSENT_RULES.find(
    (candidate) => candidate.country === country.toUpperCase() && candidate.kinds.some((covered) => covered === kind),
  );
  return rule?.flow ?? 'standard';
}

/**
 * The version of the US disclosure's wording (messages `fcra.disclosure_*`): change it with the wording, so that every
 * consent names the text the applicant read.
 */
export const US_FCRA_DISCLOSURE_VERSION = 'us-fcra-disclosure-2026-11-26';

/**
 * What a US applicant has read and accepted before the form, kept (encrypted) with the consent: the disclosure when it
 * was acknowledged, then the authorization with the summary of rights offered alongside it.
 */
export type UsFcraConsent = {
  disclosure_version: string;
  disclosure_acknowledged_at: string;
  authorization: UsFcraAuthorization | null;
};

export type UsFcraAuthorization = {
  summary_of_rights_version: string;
  full_name: string;
  signed_on: string;
  authorized_at: string;
  client_address: string | null;
  user_agent: string | null;
  language: string;
};

/** Where a US applicant is: the disclosure to read, the authorization to give, or the form. */
export type UsFcraStep = 'disclosure' | 'authorization' | 'form';

/** The step of a US applicant: a disclosure read in another wording is read again, and authorized again. */
export function usFcraStepOf(steps: UsFcraConsent | null): UsFcraStep {
  if (!steps || steps.disclosure_version !== US_FCRA_DISCLOSURE_VERSION) return 'disclosure';
  return steps.authorization ? 'form' : 'authorization';
}
