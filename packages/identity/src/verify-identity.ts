import { matchApplicant, type ApplicantIdentity, type ApplicantMatch } from './applicant-match.js';
import { isUnreadable, type DocumentData } from './document.js';
import { compareFaces, type FaceComparison } from './faces.js';
import type { OcrOptions } from './mrz-ocr.js';
import { readDocument } from './read-document.js';
import { validateDocument, type DocumentValidation } from './validation.js';

/**
 * The outcome of verifying an applicant's identity from the photo of their document and their selfie: what was read
 * (never the photos, never a face descriptor or distance), what was checked, what matched, and why the outcome is
 * not `CLEAR` when it is not. `CLEAR` needs everything: the document read and valid, not expired, the date of birth
 * and both names matching the applicant's, and the selfie matching the portrait. Anything unread, unknown or
 * mismatching is `REVIEW` with its reason: a person looks at it.
 */
export type IdentityVerification = {
  readonly outcome: 'CLEAR' | 'REVIEW';
  /** The document as read (its number's last four characters only); null when none could be read. */
  readonly document: {
    readonly type: DocumentData['documentType'];
    readonly readFrom: DocumentData['source'];
    readonly issuingCountry: string | null;
    readonly issuingRegion: string | null;
    readonly numberLast4: string | null;
    readonly expiryDate: string | null;
  } | null;
  readonly validation: DocumentValidation | null;
  readonly fields: ApplicantMatch | null;
  readonly face: FaceComparison;
  /** Why the outcome is not `CLEAR` (empty when it is). */
  readonly reasons: string[];
  /** What was verified. */
  readonly verified: string[];
};

const TYPE_NAMES: Record<DocumentData['documentType'], string> = {
  passport: 'Passport',
  identity_card: 'Identity card',
  driver_licence: 'Driver licence',
};

const FIELD_NAMES: Record<keyof ApplicantMatch, string> = {
  birthDate: 'date of birth',
  lastName: 'family name',
  givenNames: 'given names',
};

export async function verifyIdentity({
  documentPhoto,
  selfie,
  applicant,
  now,
  ocr = {},
}: {
  documentPhoto: Uint8Array | null;
  selfie: Uint8Array | null;
  applicant: ApplicantIdentity;
  now: Date;
  /** Where the OCR's model is (the worker's `SVC_TESSDATA`); Debian's folder when unsaid. */
  ocr?: OcrOptions;
}): Promise<IdentityVerification> {
  const reasons: string[] = [];
  const verified: string[] = [];
  if (!documentPhoto) {
    return {
      outcome: 'REVIEW',
      document: null,
      validation: null,
      fields: null,
      face: { decision: 'not_compared', reason: 'no identity document was uploaded' },
      reasons: ['No identity document was uploaded: nothing could be verified'],
      verified,
    };
  }
  const reading = await readDocument(documentPhoto, now, ocr);
  let document: IdentityVerification['document'] = null;
  let validation: DocumentValidation | null = null;
  let fields: ApplicantMatch | null = null;
  if (isUnreadable(reading)) reasons.push(`The identity document could not be read: ${reading.unreadable}`);
  else {
    const typeName = TYPE_NAMES[reading.documentType];
    document = {
      type: reading.documentType,
      readFrom: reading.source,
      issuingCountry: reading.issuingCountry,
      issuingRegion: reading.issuingRegion,
      numberLast4: reading.documentNumber ? reading.documentNumber.slice(-4) : null,
      expiryDate: reading.expiryDate,
    };
    verified.push(
      reading.source === 'mrz'
        ? `${typeName} read from its machine-readable zone, every check digit valid`
        : `${typeName} read from its barcode`,
    );
    validation = validateDocument(reading, now);
    if (validation.expiry === 'expired') reasons.push(`The ${typeName.toLowerCase()} has expired`);
    else if (validation.expiry === 'unknown')
      reasons.push(`The ${typeName.toLowerCase()}'s expiry date could not be read`);
    else verified.push(`The ${typeName.toLowerCase()} has not expired`);
    for (const problem of validation.implausible) reasons.push(`The document's dates are implausible: ${problem}`);
    fields = matchApplicant(reading, applicant);
    for (const field of Object.keys(FIELD_NAMES) as (keyof ApplicantMatch)[]) {
      const name = FIELD_NAMES[field];
      const plural = field === 'givenNames';
      if (fields[field] === 'match') verified.push(`The ${name} ${plural ? 'match' : 'matches'} the applicant's`);
      else if (fields[field] === 'mismatch')
        reasons.push(`The ${name} on the document ${plural ? 'differ' : 'differs'} from the applicant's`);
      else if (field !== 'birthDate' && !reading.namesTrusted)
        reasons.push(
          `The ${name} could not be read reliably (the readings of the zone did not agree on ${plural ? 'them' : 'it'}): not compared`,
        );
      else
        reasons.push(`The ${name} could not be compared (missing on the document or in the applicant's information)`);
    }
  }
  const face: FaceComparison = selfie
    ? await compareFaces(documentPhoto, selfie)
    : { decision: 'not_compared', reason: 'no selfie was uploaded' };
  if (face.decision === 'match') verified.push("The selfie matches the document's portrait");
  else if (face.decision === 'review')
    reasons.push("The selfie resembles the document's portrait only in part: a person must compare them");
  else if (face.decision === 'no_match') reasons.push("The selfie does not match the document's portrait");
  else if (face.decision === 'not_compared') reasons.push(`No face was compared: ${face.reason}`);
  return { outcome: reasons.length === 0 ? 'CLEAR' : 'REVIEW', document, validation, fields, face, reasons, verified };
}
