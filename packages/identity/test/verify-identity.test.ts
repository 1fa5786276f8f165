import { afterAll, describe, expect, it } from 'vitest';
import { besideFace, facePhoto, licence, photoOfFace, zoneDocument, type Person } from '../src/corpus/index.js';
import { closeOcr, verifyIdentity } from '../src/index.js';

const now = new Date('2026-11-28T12:00:00Z');
const person: Person = {
  firstName: 'Amélie',
  middleName: 'Louise',
  lastName: 'Côté',
  birthDate: '1988-04-23',
  sex: 'F',
};
const applicant = { firstName: 'Amélie', middleName: 'Louise', lastName: 'Côté', birthDate: '1988-04-23' };
const FACE = 3;
const OTHER_FACE = [...Array(22).keys()].find((face) => photoOfFace(face) !== photoOfFace(FACE))!;
const passport = { person, country: 'CAN', number: 'AB1234567', expiry: '2030-06-30', face: FACE };

/** The verification of `documentPhoto` against the applicant, with the selfie of `selfieFace`. */
const verify = async (documentPhoto: Buffer, selfieFace = FACE) =>
  verifyIdentity({ documentPhoto, selfie: await facePhoto(selfieFace, 'selfie'), applicant, now });

afterAll(closeOcr);

/**
 * The whole verification on real images of the corpus (a reduced one: each OCR and face comparison takes a few hundred
 * milliseconds on 2 cores); the accuracy over the full corpus is `pnpm bench identity`.
 */
describe('verifying an identity from a document photo and a selfie', () => {
  it('clears a passport whose zone is valid, whose data are the applicant’s and whose portrait is the selfie', async () => {
    const result = await verify((await zoneDocument('TD3', passport)).png);
    expect(result.reasons).toEqual([]);
    expect(result).toMatchObject({
      outcome: 'CLEAR',
      document: {
        type: 'passport',
        readFrom: 'mrz',
        issuingCountry: 'CAN',
        numberLast4: '4567',
        expiryDate: '2030-06-30',
      },
      fields: { birthDate: 'match', lastName: 'match', givenNames: 'match' },
      face: { decision: 'match' },
    });
    // No biometric value leaves the library: the face is a decision only.
    expect(JSON.stringify(result)).not.toMatch(/distance|descriptor|score/i);
  });

  it('clears a licence read from its PDF417 barcode', async () => {
    const result = await verify((await licence(person, 'ON', 'C6123-45678-80423', '2029-04-23', FACE)).png);
    expect(result).toMatchObject({
      outcome: 'CLEAR',
      document: { type: 'driver_licence', readFrom: 'pdf417', issuingCountry: 'CAN', issuingRegion: 'ON' },
    });
  });

  // Four documents read and a face compared: minutes when CI runs every package's tests at once on 2 cores.
  it('never clears a tampered document: a wrong check digit, another date of birth, an expired one, another face', async () => {
    const wrongDigit = await zoneDocument('TD1', {
      ...passport,
      country: 'FRA',
      edit: ([one, two, three]) => [
        one!,
        two!.slice(0, 6) + String((Number(two![6]) + 1) % 10) + two!.slice(7),
        three!,
      ],
    });
    const otherBirth = await zoneDocument('TD3', { ...passport, person: { ...person, birthDate: '1988-04-24' } });
    const expired = await zoneDocument('TD3', { ...passport, expiry: '2025-06-30' });
    const good = await zoneDocument('TD3', passport);
    const cases = [
      [await verify(wrongDigit.png), /could not be read: .*check digits fail/],
      [await verify(otherBirth.png), /date of birth on the document differs/],
      [await verify(expired.png), /has expired/],
      [await verify(good.png, OTHER_FACE), /selfie (does not match|resembles)/],
    ] as const;
    for (const [result, reason] of cases) {
      expect(result.outcome).toBe('REVIEW');
      expect(result.reasons.join('\n')).toMatch(reason);
    }
  });

  it('compares the selfie with every face on the document photo: another face beside the document never matches', async () => {
    // The applicant (OTHER_FACE) holds a passport whose portrait is someone else's: their own face is the largest in
    // the photo, and their selfie matches it, but not the portrait.
    const held = await besideFace((await zoneDocument('TD3', passport)).png, OTHER_FACE);
    const result = await verify(held, OTHER_FACE);
    expect(result.outcome).toBe('REVIEW');
    // The document read: the face beside it does not stand in for the portrait.
    expect(result.document).toMatchObject({ type: 'passport', numberLast4: '4567' });
    expect(result.reasons).toContainEqual(expect.stringMatching(/selfie (does not match|resembles)/));
    expect(['no_match', 'review']).toContain(result.face.decision);
  });

  it('says why when the photo is not a document at all', async () => {
    const result = await verifyIdentity({
      documentPhoto: await facePhoto(FACE, 'selfie'),
      selfie: null,
      applicant,
      now,
    });
    expect(result).toMatchObject({ outcome: 'REVIEW', document: null });
    expect(result.reasons[0]).toMatch(/could not be read/);
    expect(result.reasons).toContain('No face was compared: no selfie was uploaded');
  });
});
