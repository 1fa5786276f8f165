import { describe, expect, it } from 'vitest';
import { checkedUpload, documentsRequired, documentTypeOf, missingDocumentErrors } from './documents.js';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const TEXT = new TextEncoder().encode('hello, I am a JPEG');

describe('documentsRequired', () => {
  it('asks an identity verification for an identity document and a selfie, and nothing else without settings', () => {
    expect(documentsRequired({ checks: ['identity_verification'], settings: {} })).toEqual([
      'identity_document',
      'selfie',
    ]);
    expect(documentsRequired({ checks: ['enhanced_identity_verification'], settings: {} })).toEqual([
      'identity_document',
      'selfie',
    ]);
    expect(documentsRequired({ checks: ['softcheck', 'bureau'], settings: {} })).toEqual([]);
  });

  it('honours the team settings that ask for documents', () => {
    for (const key of ['government_id_req', 'passport_req', 'require_id_with_address', 'document_required'])
      expect(documentsRequired({ checks: ['softcheck'], settings: { [key]: true } }), key).toEqual([
        'identity_document',
      ]);
    expect(
      documentsRequired({ checks: ['softcheck'], settings: { proof_of_income_req: true, resume_req: true } }),
    ).toEqual(['proof_of_income', 'resume']);
    expect(documentsRequired({ checks: ['softcheck'], settings: { resume_req: 'yes', government_id_req: 1 } })).toEqual(
      [],
    );
  });
});

describe('documentTypeOf and checkedUpload', () => {
  it('tells JPEG, PNG and PDF by their first bytes, anything else is null', () => {
    expect(documentTypeOf(JPEG)).toBe('image/jpeg');
    expect(documentTypeOf(PNG)).toBe('image/png');
    expect(documentTypeOf(PDF)).toBe('application/pdf');
    expect(documentTypeOf(TEXT)).toBeNull();
    expect(documentTypeOf(new Uint8Array())).toBeNull();
  });

  it('accepts photos for the identity document and selfie, and a PDF only for papers', () => {
    expect(checkedUpload({ kind: 'selfie', bytes: PNG })).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkedUpload({ kind: 'identity_document', bytes: PDF })).toEqual({
      ok: false,
      error: { field: 'documents.identity_document', code: 'invalid_file_type' },
    });
    expect(checkedUpload({ kind: 'proof_of_income', bytes: PDF })).toEqual({
      ok: true,
      contentType: 'application/pdf',
    });
    expect(checkedUpload({ kind: 'resume', bytes: TEXT })).toMatchObject({ ok: false });
  });

  it('names each required document not uploaded yet', () => {
    expect(missingDocumentErrors({ required: ['identity_document', 'selfie'], held: ['selfie'] })).toEqual([
      { field: 'documents.identity_document', code: 'required' },
    ]);
    expect(missingDocumentErrors({ required: ['selfie'], held: ['selfie'] })).toEqual([]);
  });
});
