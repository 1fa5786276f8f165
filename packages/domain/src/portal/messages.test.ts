import { CHECK_NAMES } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries.js';
import { portalErrorMessage } from './error-messages.js';
import { checkNameFor, formatDate, MESSAGE_KEYS, translate } from './messages.js';
import { PORTAL_ERROR_CODES, type PortalFieldError } from './field-errors.js';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the EN/FR message catalogue', () => {
  it('words every message in both languages, differently, with the same placeholders', () => {
    expect(MESSAGE_KEYS.length).toBeGreaterThan(80);
    for (const key of MESSAGE_KEYS) {
      const english = translate('en', key);
      const french = translate('fr', key);
      expect(english, key).toMatch(/\S/);
      expect(french, key).not.toBe(english);
      expect(placeholdersOf(french), key).toEqual(placeholdersOf(english));
    }
  });

  it('has a message for every error code, in each language, naming the field where it can', () => {
    const errors: PortalFieldError[] = [
      ...PORTAL_ERROR_CODES.map((code) => ({
        field: 'addresses.1.city',
        code,
        params: { max: 100, years: 3, date: '2023-05-01', count: 2 },
      })),
      { field: 'addresses', code: 'history_too_short', params: { years: 3, date: '2023-05-01' } },
      { field: 'employers', code: 'too_few_references', params: { count: 2 } },
      { field: 'employers.0.reference.email', code: 'required' },
      { field: 'educations', code: 'required' },
    ];
    for (const language of ['en', 'fr'] as const) {
      for (const error of errors) {
        const message = portalErrorMessage(language, error, { signature: 'Ada Lovelace' });
        expect(message, `${language} ${error.field} ${error.code}`).toMatch(/\S/);
        expect(message).not.toMatch(/\{\w+\}/);
      }
    }
    expect(portalErrorMessage('en', { field: 'addresses.1.city', code: 'required' }, { signature: '' })).toBe(
      'Enter the city.',
    );
    expect(portalErrorMessage('fr', { field: 'addresses.1.city', code: 'required' }, { signature: '' })).toBe(
      'Entrez la ville.',
    );
    expect(
      portalErrorMessage('en', { field: 'employers.0.reference.email', code: 'required' }, { signature: '' }),
    ).toBe('Enter the referee’s email.');
    expect(
      portalErrorMessage(
        'en',
        { field: 'consent.full_name', code: 'consent_name_mismatch' },
        { signature: 'Ada Lovelace' },
      ),
    ).toContain('Ada Lovelace');
    expect(
      portalErrorMessage(
        'fr',
        { field: 'addresses', code: 'history_too_short', params: { years: 2, date: '2024-11-22' } },
        { signature: '' },
      ),
    ).toBe('Vos adresses doivent remonter au 22 novembre 2024 (2 ans) : ajoutez l’adresse où vous habitiez avant.');
  });

  it('names every check and country in French, and formats dates in each language', () => {
    for (const checkName of CHECK_NAMES) expect(checkNameFor('fr', checkName)).not.toBe(checkNameFor('en', checkName));
    expect(countryOptions('fr').find((option) => option.code === 'DE')?.name).toBe('Allemagne');
    expect(countryOptions('en').find((option) => option.code === 'DE')?.name).toBe('Germany');
    expect(formatDate('en', '2026-03-31')).toBe('March 31, 2026');
    expect(formatDate('fr', '2026-03-31')).toBe('31 mars 2026');
  });
});
