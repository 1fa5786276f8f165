import type { IdentityProviderSetting } from '@svc/config';
import type {
  IdentityDetails,
  IdentityVerificationDetails,
  ProviderAdapter,
  ProviderAnswer,
  ProviderCheckRequest,
  SimulatedCheck,
} from '@svc/domain';
import { verifyIdentity, type IdentityVerification } from '@svc/identity';

/** The photos of a check's applicant (decrypted, in memory): `identityPhotosOfCheck` of @svc/db. */
export type IdentityPhotosOf = (
  checkExecutionId: string,
) => Promise<{ identityDocument: Uint8Array | null; selfie: Uint8Array | null }>;

const DOCUMENT_TYPES = { passport: 'Passport', identity_card: 'Identity card', driver_licence: 'Driver licence' };
const FACE_MATCHES = { match: 'yes', review: 'review', no_match: 'no', not_compared: 'not_compared' } as const;

/** The check's result: what was read and matched, every reason it is not CLEAR; no photo, no biometric value. */
export function identityResultOf(request: ProviderCheckRequest, verification: IdentityVerification): SimulatedCheck {
  const { document, fields, face } = verification;
  const enhanced = request.checkName === 'enhanced_identity_verification';
  const details: IdentityDetails & { verification: IdentityVerificationDetails } = {
    kind: 'identity',
    level: enhanced ? 'enhanced' : 'standard',
    status: verification.outcome === 'CLEAR' ? 'A' : 'R',
    collected: {
      identity_document: request.collectedDocuments.includes('identity_document'),
      selfie: request.collectedDocuments.includes('selfie'),
    },
    document: document
      ? {
          type: DOCUMENT_TYPES[document.type],
          issuing_country: document.issuingCountry ?? '',
          issuing_province_state: document.issuingRegion,
          number_last4: document.numberLast4 ?? '',
          expiry_date: document.expiryDate ?? '',
        }
      : null,
    // Security features are not examined: the check digits and the data's consistency say nothing of a forgery.
    document_authentic: null,
    face_match_score: null,
    liveness_passed: null,
    data_match: fields !== null && Object.values(fields).every((field) => field === 'match'),
    record_match: null,
    verification: {
      read_from: document ? (document.readFrom === 'pdf417' ? 'barcode' : 'machine_readable_zone') : null,
      fields: fields && {
        date_of_birth: fields.birthDate,
        family_name: fields.lastName,
        given_names: fields.givenNames,
      },
      expiry: verification.validation?.expiry ?? null,
      face_match: FACE_MATCHES[face.decision],
      not_determined: verification.reasons,
      liveness_checked: false,
    },
  };
  const notChecked = [
    'No liveness test was run',
    ...(enhanced ? ['The identity was not checked against authoritative records'] : []),
  ];
  return {
    checkName: request.checkName,
    outcome: verification.outcome,
    redFlags: verification.reasons,
    greenFlags: [...verification.verified, ...notChecked.map((text) => `${text}: not checked`)],
    details,
  };
}

/**
 * The built-in identity provider (`"type": "identity"` in `SVC_PROVIDERS`): reads the applicant's document photo,
 * validates it, matches it to their information and their selfie to its portrait, in this process (@svc/identity).
 * `check.run` only hands the check over (`submit` answers pending); the verification runs when its `identity.verify`
 * job asks `status`, on the workers of the `identity` role. A check without a document photo is settled at `submit`.
 * Verifications run one at a time, however many jobs the worker takes at once: each takes a core for about a second,
 * and one at a time bounds the memory to one image set and one face model.
 */
export function identityProviderAdapter(
  name: string,
  setting: IdentityProviderSetting,
  photosOf: IdentityPhotosOf,
  /** The OCR model's folder (`SVC_TESSDATA`); Debian's when unsaid. */
  tessdata?: string,
): ProviderAdapter {
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  /** The verification of `request` with these photos, as the check's answer. */
  const verified = async (
    request: ProviderCheckRequest,
    photos: Awaited<ReturnType<IdentityPhotosOf>>,
  ): Promise<ProviderAnswer> => {
    const { information } = request;
    const verification = await verifyIdentity({
      documentPhoto: photos.identityDocument,
      selfie: photos.selfie,
      applicant: {
        firstName: information.first_name ?? null,
        middleName: information.middle_name ?? null,
        lastName: information.last_name ?? null,
        birthDate: information.date_of_birth ?? null,
      },
      now: request.now,
      ocr: tessdata ? { tessdata } : {},
    });
    return { status: 'complete', result: identityResultOf(request, verification) };
  };
  return {
    name,
    simulated: false,
    // Time to wait in the `identity.verify` queue behind others, then to be verified.
    deadlineMs: 60 * 60_000,
    pollIntervalMs: 0,
    verifiesInIdentityJob: true,
    expectedTurnaround: () => 10_000,
    // Without a document photo (a quick screen) there is nothing to read, nor a portrait to compare a selfie with: the
    // result (REVIEW, saying so) is known at once, and the check needs no turn in the `identity.verify` queue.
    submit: async (request) =>
      request.collectedDocuments.includes('identity_document')
        ? { status: 'pending', reference: `identity:${request.checkId}` }
        : verified(request, { identityDocument: null, selfie: null }),
    // The photos are read in turn too: one verification's images are in memory at a time.
    status: ({ request }) => oneAtATime(async () => verified(request, await photosOf(request.checkId))),
    // It answers at once: nothing is ever pending here to stop.
    cancel: async () => undefined,
  };
}
