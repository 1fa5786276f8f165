import type { PortalApplicant } from '@svc/services';
import {
  emailBrandingOf,
  SIMULATION_BANDS_BY_LANGUAGE,
  isPortalLanguage,
  portalRequirements,
  type EmailBranding,
  type PortalLanguage,
  type PortalRequirements,
} from '@svc/domain';
import type { Request } from 'express';

/** The invitation's branding, and the test-data band of a demo applicant's pages (`portalPage`). */
export type PortalPageBranding = EmailBranding & { readonly testBand: string | null };

/** What every page of one applicant's form needs: what the checks ask for, the branding and the language. */
export type PortalContext = {
  token: string;
  applicant: PortalApplicant;
  requirements: PortalRequirements;
  branding: PortalPageBranding;
  /** The page's language: the one chosen with the switch, else the inviting user's. */
  language: PortalLanguage;
  /** The language chosen with the switch (kept in the page's URL and form), if any. */
  chosenLanguage: PortalLanguage | null;
};

export const chosenLanguageOf = (value: unknown): PortalLanguage | null => (isPortalLanguage(value) ? value : null);

/** The language of a page that knows no applicant (an unknown link): the one asked for, else the browser's. */
export const requestLanguageOf = (request: Request, chosen: PortalLanguage | null): PortalLanguage =>
  chosen ?? (request.acceptsLanguages('en', 'fr') === 'fr' ? 'fr' : 'en');

export function portalContext({
  token,
  applicant,
  chosenLanguage,
}: {
  token: string;
  applicant: PortalApplicant;
  chosenLanguage: PortalLanguage | null;
}): PortalContext {
  const language = chosenLanguage ?? (isPortalLanguage(applicant.language) ? applicant.language : 'en');
  return {
    token,
    applicant,
    requirements: portalRequirements({ flags: applicant.flags, settings: applicant.teamSettings }),
    branding: {
      ...emailBrandingOf({ settings: applicant.teamSettings, teamName: applicant.teamName }),
      testBand: applicant.environment === 'demo' ? SIMULATION_BANDS_BY_LANGUAGE[language].test_data : null,
    },
    language,
    chosenLanguage,
  };
}

/** The form's own URL (relative), keeping the chosen language, with more query parameters and a fragment. */
export function pageUrl({
  token,
  chosenLanguage,
  query = {},
  fragment,
}: {
  token: string;
  chosenLanguage: PortalLanguage | null;
  query?: Record<string, string>;
  fragment?: string;
}): string {
  const parameters = new URLSearchParams({ ...(chosenLanguage ? { lang: chosenLanguage } : {}), ...query }).toString();
  return `/apply/${encodeURIComponent(token)}${parameters ? `?${parameters}` : ''}${fragment ? `#${fragment}` : ''}`;
}

/** The applicant's date: today in UTC, at midnight. */
export const todayOf = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
