import { describe, expect, it } from 'vitest';
import { consentFlowOf, US_FCRA_DISCLOSURE_VERSION, usFcraStepOf, type UsFcraConsent } from './consent-rules.js';

describe('consent rules', () => {
  it('ask the FCRA disclosure and authorization of US employment screenings only', () => {
    expect(consentFlowOf({ country: 'US', kind: 'HR' })).toBe('us_fcra');
    expect(consentFlowOf({ country: 'us', kind: 'HR' })).toBe('us_fcra');
    expect(consentFlowOf({ country: 'US', kind: 'PM' })).toBe('standard');
    expect(consentFlowOf({ country: 'CA', kind: 'HR' })).toBe('standard');
  });

  it('lead a US applicant from the disclosure to the authorization to the form, and back to a disclosure reworded since', () => {
    const read: UsFcraConsent = {
      disclosure_version: US_FCRA_DISCLOSURE_VERSION,
      disclosure_acknowledged_at: '2026-11-26T10:00:00.000Z',
      authorization: null,
    };
    const authorized: UsFcraConsent = {
      ...read,
      authorization: {
        summary_of_rights_version: 'v',
        full_name: 'Ada Byron',
        signed_on: '2026-11-26',
        authorized_at: '2026-11-26T10:01:00.000Z',
        client_address: null,
        user_agent: null,
        language: 'en',
      },
    };
    expect(usFcraStepOf(null)).toBe('disclosure');
    expect(usFcraStepOf(read)).toBe('authorization');
    expect(usFcraStepOf(authorized)).toBe('form');
    expect(usFcraStepOf({ ...authorized, disclosure_version: 'an-older-wording' })).toBe('disclosure');
  });
});
