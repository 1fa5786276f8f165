import type { CheckName } from '@svc/contract';
import type { PortalFieldError } from './field-errors.js';

/** Team settings (`settings_config`) as stored: any JSON. */
export type StoredTeamSettings = Readonly<Record<string, unknown>>;

/**
 * Documents the applicant portal asks the applicant to upload: a photo of an identity document and a selfie for an
 * identity verification (what its provider compares), and the documents a team's settings ask for.
 */
export const PORTAL_DOCUMENT_KINDS = ['identity_document', 'selfie', 'proof_of_income', 'resume'] as const;
export type PortalDocumentKind = (typeof PORTAL_DOCUMENT_KINDS)[number];

/** The file types accepted, told by their first bytes (never by the name or the client's Content-Type). */
export type DocumentContentType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** Photos are JPEG or PNG (browsers convert a phone's HEIC photo to JPEG when a form asks for JPEG); papers may be PDF. */
export const ACCEPTED_DOCUMENT_TYPES: { readonly [K in PortalDocumentKind]: readonly DocumentContentType[] } = {
  identity_document: ['image/jpeg', 'image/png'],
  selfie: ['image/jpeg', 'image/png'],
  proof_of_income: ['image/jpeg', 'image/png', 'application/pdf'],
  resume: ['image/jpeg', 'image/png', 'application/pdf'],
};

/** The largest upload, per file: a phone photo is 2–5 MB. The portal refuses a larger one (413) before reading on. */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;

export const isPortalDocumentKind = (value: string): value is PortalDocumentKind =>
  (PORTAL_DOCUMENT_KINDS as readonly string[]).includes(value);

/** What each document is called in a sentence. */
export const DOCUMENT_NAMES: { readonly [K in PortalDocumentKind]: string } = {
  identity_document: 'photo of an identity document',
  selfie: 'selfie',
  proof_of_income: 'proof of income',
  resume: 'résumé',
};

/**
 * The documents a check cannot do without: the identity verifications compare a photo of an identity document with a
 * selfie. Every other check works from the information given. A quick screen collects no document, so these checks
 * end "not verified" there; an invitation's portal asks for them.
 */
export const DOCUMENTS_NEEDED_BY_CHECK: {
  readonly [C in 'identity_verification' | 'enhanced_identity_verification']: readonly PortalDocumentKind[];
} = {
  identity_verification: ['identity_document', 'selfie'],
  enhanced_identity_verification: ['identity_document', 'selfie'],
};

/** The documents an ordered check needs (none for most). */
export const documentsNeededBy = (checkName: CheckName): readonly PortalDocumentKind[] =>
  (DOCUMENTS_NEEDED_BY_CHECK as Partial<Record<CheckName, readonly PortalDocumentKind[]>>)[checkName] ?? [];

/**
 * The documents the form requires: an identity document and a selfie for an identity verification; an identity
 * document also when the team asks for one (`government_id_req`, `passport_req`, `require_id_with_address`,
 * `document_required`); a proof of income (`proof_of_income_req`) and a résumé (`resume_req`) when it asks for them.
 */
export function documentsRequired({
  checks,
  settings,
}: {
  checks: readonly CheckName[];
  settings: StoredTeamSettings;
}): PortalDocumentKind[] {
  const needed = new Set(checks.flatMap(documentsNeededBy));
  const asked = (key: string) => settings[key] === true;
  const required: { readonly [K in PortalDocumentKind]: boolean } = {
    identity_document:
      needed.has('identity_document') ||
      asked('government_id_req') ||
      asked('passport_req') ||
      asked('require_id_with_address') ||
      asked('document_required'),
    selfie: needed.has('selfie'),
    proof_of_income: asked('proof_of_income_req'),
    resume: asked('resume_req'),
  };
  return PORTAL_DOCUMENT_KINDS.filter((kind) => required[kind]);
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The type of a file by its magic bytes; null for anything else. */
export function documentTypeOf(bytes: Uint8Array): DocumentContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** A file the applicant chose for one document. */
export type DocumentUpload = { readonly kind: PortalDocumentKind; readonly bytes: Uint8Array };

/** An upload checked: its type, or why it is refused (`documents.<kind>`). */
export function checkedUpload(
  upload: DocumentUpload,
): { ok: true; contentType: DocumentContentType } | { ok: false; error: PortalFieldError } {
  const field = `documents.${upload.kind}`;
  const contentType = documentTypeOf(upload.bytes);
  if (contentType === null || !ACCEPTED_DOCUMENT_TYPES[upload.kind].includes(contentType))
    return { ok: false, error: { field, code: 'invalid_file_type' } };
  return { ok: true, contentType };
}

/** A `required` error for each required document the applicant has not uploaded yet. */
export const missingDocumentErrors = ({
  required,
  held,
}: {
  required: readonly PortalDocumentKind[];
  held: readonly PortalDocumentKind[];
}): PortalFieldError[] =>
  required.filter((kind) => !held.includes(kind)).map((kind) => ({ field: `documents.${kind}`, code: 'required' }));
