import { afterAll, describe, expect, it } from 'vitest';
import { degraded, licence, randomOf, zoneDocument, type Person, type Variant } from '../src/corpus/index.js';
import { closeOcr, isUnreadable, matchApplicant, readDocument, type DocumentData } from '../src/index.js';

const now = new Date('2026-11-28T12:00:00Z');
const people: Person[] = [
  { firstName: 'Zoë', middleName: null, lastName: 'Müller', birthDate: '1979-02-14', sex: 'F' },
  { firstName: 'Olivia', middleName: 'Grace', lastName: 'Nguyen', birthDate: '1991-11-03', sex: 'F' },
  { firstName: 'Hannah', middleName: null, lastName: 'Okafor', birthDate: '1964-07-28', sex: 'F' },
];

afterAll(closeOcr);

/** The applicant as the document says, and one whose date of birth is a day off. */
const applicantOf = (person: Person) => ({ ...person, middleName: person.middleName });
const dayOff = (person: Person) => ({
  ...applicantOf(person),
  birthDate: person.birthDate.replace(/.$/, (d) => String((Number(d) + 1) % 10)),
});

const accepted = (document: DocumentData, applicant: ReturnType<typeof applicantOf>) =>
  Object.values(matchApplicant(document, applicant)).every((field) => field === 'match');

/**
 * A reduced, fixed sample of the accuracy benchmark (`pnpm bench identity` has the full figures): a few documents of
 * each kind, clean and degraded, each read with the right data and matched to its applicant, never to one whose date
 * of birth differs by a day.
 */
describe('reading a fixed sample of the corpus', () => {
  const zoneCases: ['TD3' | 'TD1', Variant, Person, string, string][] = [
    ['TD3', 'clean', people[0]!, 'DEU', 'CF4829173'],
    ['TD3', 'rotated', people[2]!, 'NLD', 'NX2210876'],
    ['TD1', 'clean', people[1]!, 'FRA', 'X4RTB3159'],
  ];
  it.each(zoneCases)(
    '%s %s: every check digit valid, the data right',
    async (format, variant, person, country, number) => {
      const { png } = await zoneDocument(format, { person, country, number, expiry: '2031-05-17', face: 0 });
      const reading = await readDocument(await degraded(png, variant, randomOf(5)), now);
      if (isUnreadable(reading)) throw new Error(`not read: ${reading.unreadable}`);
      expect(reading).toMatchObject({
        source: 'mrz',
        documentType: format === 'TD3' ? 'passport' : 'identity_card',
        issuingCountry: country,
        documentNumber: number,
        birthDate: person.birthDate,
        expiryDate: '2031-05-17',
      });
      // Names: compared only when two valid readings agreed, and then right.
      if (reading.namesTrusted) expect(accepted(reading, applicantOf(person))).toBe(true);
      expect(accepted(reading, dayOff(person))).toBe(false);
    },
  );

  // A check digit cannot tell G from 6 (their values are alike modulo 10): on this passport the OCR reads the G as 6
  // in half its preparations, and two readings of W61452522 passed every check digit.
  it('never takes a number on readings that differ where the check digits cannot tell', async () => {
    const person: Person = {
      firstName: 'Aisha',
      middleName: null,
      lastName: 'Müller',
      birthDate: '1985-03-14',
      sex: 'F',
    };
    const spec = { person, country: 'NLD', number: 'WG1452522', expiry: '2034-10-01', face: 0, look: 946329 };
    const { png } = await zoneDocument('TD3', spec);
    const reading = await readDocument(await degraded(png, 'low_contrast', randomOf(1)), now);
    // Read right, or not read (the verification is then REVIEW): never read as another number.
    if (!isUnreadable(reading)) expect(reading.documentNumber).toBe('WG1452522');
    else expect(reading.unreadable).toMatch(/readings did not agree/);
  });

  const licenceCases: [string, Variant, Person][] = [
    ['CA', 'clean', people[0]!],
    ['TX', 'rotated', people[1]!],
    ['QC', 'photo', people[2]!],
  ];
  it.each(licenceCases)('licence %s %s: the barcode read, the applicant matched', async (region, variant, person) => {
    const { png } = await licence(person, region, 'D1234567', '2030-09-30', 0);
    const reading = await readDocument(await degraded(png, variant, randomOf(9)), now);
    if (isUnreadable(reading)) throw new Error(`not read: ${reading.unreadable}`);
    expect(reading).toMatchObject({
      source: 'pdf417',
      issuingRegion: region,
      documentNumber: 'D1234567',
      birthDate: person.birthDate,
      expiryDate: '2030-09-30',
      namesTrusted: true,
    });
    expect(accepted(reading, applicantOf(person))).toBe(true);
    expect(accepted(reading, dayOff(person))).toBe(false);
  });
});
