import { describe, expect, it } from 'vitest';
import { matchApplicant } from '../src/applicant-match.js';
import type { DocumentData } from '../src/document.js';

const document: DocumentData = {
  source: 'mrz',
  documentType: 'passport',
  issuingCountry: 'DEU',
  issuingRegion: null,
  documentNumber: 'C01X00T47',
  lastName: 'MUELLER',
  givenNames: 'ZOE ANNE',
  birthDate: '1985-01-01',
  expiryDate: '2031-01-14',
  namesTrusted: true,
};
const applicant = { firstName: 'Zoë', middleName: 'Anne', lastName: 'Müller', birthDate: '1985-01-01' };

describe('matching a document to the applicant', () => {
  it('matches names whatever their case, diacritics and transliteration, with or without the middle name', () => {
    expect(matchApplicant(document, applicant)).toEqual({ birthDate: 'match', lastName: 'match', givenNames: 'match' });
    expect(matchApplicant({ ...document, givenNames: 'ZOE' }, applicant).givenNames).toBe('match');
    expect(matchApplicant(document, { ...applicant, middleName: null }).givenNames).toBe('mismatch');
  });

  it('matches family and given names given in the other order', () => {
    const swapped = { ...document, lastName: 'ZOE ANNE', givenNames: 'MUELLER' };
    expect(matchApplicant(swapped, applicant)).toMatchObject({ lastName: 'match', givenNames: 'match' });
  });

  it('compares the date of birth exactly', () => {
    expect(matchApplicant({ ...document, birthDate: '1985-01-02' }, applicant).birthDate).toBe('mismatch');
    expect(matchApplicant({ ...document, birthDate: null }, applicant).birthDate).toBe('unknown');
  });

  it('never matches names the document does not vouch for (repaired by the OCR without support)', () => {
    expect(matchApplicant({ ...document, namesTrusted: false }, applicant)).toEqual({
      birthDate: 'match',
      lastName: 'unknown',
      givenNames: 'unknown',
    });
  });

  it('does not match a different name', () => {
    expect(matchApplicant({ ...document, lastName: 'MILLER' }, applicant).lastName).toBe('mismatch');
  });
});
