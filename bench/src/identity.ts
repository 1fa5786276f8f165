import {
  closeOcr,
  facesForBench,
  isUnreadable,
  matchApplicant,
  readDocument,
  type ApplicantIdentity,
  type DocumentData,
} from '@svc/identity';
import {
  AAMVA_ISSUERS,
  degraded,
  FACE_COUNT,
  facePhoto,
  licence,
  personOf,
  photoOfFace,
  randomOf,
  zoneDocument,
  type Person,
  type Random,
  type Variant,
} from '@svc/identity/corpus';
import { IDENTITY_KINDS, IDENTITY_VARIANTS } from './figures.js';

export const name = 'identity';

/**
 * Documents per kind and variant: `BENCH_IDENTITY_SIZE` (default 20: 540 documents, about 10 minutes of CPU);
 * `BENCH_IDENTITY_SIZE=3` is a quick run. The corpus is the same for a size on every run (a fixed seed).
 */
const SIZE = Number(process.env['BENCH_IDENTITY_SIZE'] ?? 20);
/** `BENCH_IDENTITY_PARTS`: some of `faces,td3,td1,aamva` (default all), to run the parts in separate processes. */
const PARTS = (process.env['BENCH_IDENTITY_PARTS'] ?? 'faces,td3,td1,aamva').split(',');
const NOW = new Date('2026-11-28T12:00:00Z');
const COUNTRIES = ['CAN', 'FRA', 'DEU', 'GBR', 'USA', 'NLD', 'ITA', 'ESP'];
const REGIONS = Object.keys(AAMVA_ISSUERS);

type Kind = (typeof IDENTITY_KINDS)[number];

/**
 * A document number as issuers write them: 9 letters and digits in any mix, or 8 (the zone pads it with a filler),
 * so that look-alikes (S and 5, B and 8, Z and 2, G and 6) stand where only the check digit tells them apart. The
 * letters are those issuers that mix letters and digits use (Germany's, say): no vowels, no O or I beside 0 and 1.
 */
function documentNumberOf(random: ReturnType<typeof randomOf>): string {
  const alphabet = 'BCDFGHJKLMNPQRSTVWXYZ0123456789';
  const length = random.next() < 0.2 ? 8 : 9;
  // Half of them shaped as most are: two letters, then digits.
  if (random.next() < 0.5)
    return `${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}${random.int(10 ** (length - 3), 10 ** (length - 2) - 1)}`;
  return Array.from({ length }, () => random.pick([...alphabet])).join('');
}

/** One synthetic document of `kind` with what it says, then its image as `variant` degrades it. */
async function corpusDocument(kind: Kind, index: number, random: ReturnType<typeof randomOf>) {
  const person = personOf(random);
  const expiry = `20${random.int(27, 35)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  const face = index % FACE_COUNT;
  if (kind === 'aamva') {
    const region = REGIONS[index % REGIONS.length]!;
    const number = `${String.fromCharCode(65 + random.int(0, 25))}${random.int(1_000_000, 9_999_999)}`;
    const { png } = await licence(person, region, number, expiry, face);
    return { png, person, number, expiry, country: AAMVA_ISSUERS[region]!.country };
  }
  const country = random.pick(COUNTRIES);
  const number = documentNumberOf(random);
  const { png } = await zoneDocument(kind === 'td3' ? 'TD3' : 'TD1', {
    person,
    country,
    number,
    expiry,
    face,
    look: random.int(0, 1_000_000),
  });
  return { png, person, number, expiry, country };
}

const applicantOf = (person: Person): ApplicantIdentity => ({
  firstName: person.firstName,
  middleName: person.middleName,
  lastName: person.lastName,
  birthDate: person.birthDate,
});

/** The same applicant with one thing different: a day of birth, or the family name. */
function otherApplicants(person: Person): ApplicantIdentity[] {
  const day = Number(person.birthDate.slice(8, 10));
  const otherDay = String(day === 28 ? 27 : day + 1).padStart(2, '0');
  return [
    { ...applicantOf(person), birthDate: `${person.birthDate.slice(0, 8)}${otherDay}` },
    { ...applicantOf(person), lastName: person.lastName === 'Martin' ? 'Nguyen' : 'Martin' },
  ];
}

const accepted = (match: ReturnType<typeof matchApplicant>) =>
  match.birthDate === 'match' && match.lastName === 'match' && match.givenNames === 'match';

const mrzWords = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();

/** The fields read right and wrong: the data (number, dates, country) and, apart, the names. */
function scored(data: DocumentData, truth: { person: Person; number: string; expiry: string; country: string }) {
  const checks = [
    data.documentNumber?.replace(/[^A-Z0-9]/g, '') === truth.number,
    data.birthDate === truth.person.birthDate,
    data.expiryDate === truth.expiry,
    data.issuingCountry === truth.country,
  ];
  const given = [truth.person.firstName, truth.person.middleName].filter(Boolean).join(' ');
  const namesRight =
    mrzWords(data.lastName ?? '') === mrzWords(truth.person.lastName) &&
    mrzWords(data.givenNames ?? '') === mrzWords(given);
  if (data.namesTrusted) checks.push(namesRight);
  return {
    wrongFields: ['number', 'birth date', 'expiry', 'country'].filter((_, index) => !checks[index]),
    right: checks.filter(Boolean).length,
    total: checks.length,
    dataWrong: checks.slice(0, 4).includes(false),
    namesRight,
  };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

/** Reads the corpus: per kind and variant, the share read and field accuracy; per kind, errors and times. */
async function documents(figures: Record<string, number>): Promise<void> {
  let count = 0;
  for (const kind of IDENTITY_KINDS.filter((part) => PARTS.includes(part))) {
    // A corpus of its own per kind: the same documents whether the kinds run together or apart.
    const random = randomOf(33 + IDENTITY_KINDS.indexOf(kind));
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let [wrongReads, trusted, wrongTrusted, falseAccepts, falseRejects, read] = [0, 0, 0, 0, 0, 0];
    for (const variant of IDENTITY_VARIANTS) {
      let [variantRead, right, total] = [0, 0, 0];
      for (let index = 0; index < SIZE; index++) {
        const truth = await corpusDocument(kind, index, random);
        const photo = await degraded(truth.png, variant, random);
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const reading = await readDocument(photo, NOW);
        times.push(performance.now() - started);
        const cpu = process.cpuUsage(cpuStarted);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
        count++;
        if (isUnreadable(reading)) {
          falseRejects++;
          continue;
        }
        variantRead++;
        read++;
        const score = scored(reading, truth);
        right += score.right;
        total += score.total;
        if (score.dataWrong) {
          wrongReads++;
          console.log(
            `  ${kind} ${variant} #${index}: read as valid with wrong data (${score.wrongFields.join(', ')})`,
          );
        }
        if (reading.namesTrusted) {
          trusted++;
          if (!score.namesRight) wrongTrusted++;
        }
        if (!accepted(matchApplicant(reading, applicantOf(truth.person)))) falseRejects++;
        for (const other of otherApplicants(truth.person)) if (accepted(matchApplicant(reading, other))) falseAccepts++;
      }
      figures[`identity_${kind}_${variant}_read`] = variantRead / SIZE;
      figures[`identity_${kind}_${variant}_fields`] = total === 0 ? 0 : right / total;
      console.log(`  ${kind} ${variant}: read ${variantRead}/${SIZE}, fields ${right}/${total}`);
    }
    const all = SIZE * IDENTITY_VARIANTS.length;
    figures[`identity_${kind}_wrong_reads`] = wrongReads;
    figures[`identity_${kind}_names_trusted`] = read === 0 ? 0 : trusted / read;
    figures[`identity_${kind}_wrong_trusted_names`] = wrongTrusted;
    figures[`identity_${kind}_data_false_accepts`] = falseAccepts;
    figures[`identity_${kind}_data_false_rejects`] = falseRejects / all;
    figures[`identity_${kind}_p50_ms`] = percentile(times, 0.5);
    figures[`identity_${kind}_p95_ms`] = percentile(times, 0.95);
    // CPU time (every thread of the process, the OCR's included): what the document costs on a machine not shared.
    figures[`identity_${kind}_cpu_p50_ms`] = percentile(cpuTimes, 0.5);
    figures[`identity_${kind}_cpu_p95_ms`] = percentile(cpuTimes, 0.95);
  }
  if (count > 0) figures['identity_documents'] = count;
}

/** The document of `kind` whose portrait is face `face`, degraded as `variant` (the face bench's documents). */
async function portraitDocument(kind: Kind, face: number, variant: Variant, random: Random): Promise<Buffer> {
  const person = personOf(random);
  const expiry = '2031-06-30';
  const { png } =
    kind === 'aamva'
      ? await licence(person, REGIONS[face % REGIONS.length]!, 'A1234567', expiry, face)
      : await zoneDocument(kind === 'td3' ? 'TD3' : 'TD1', {
          person,
          country: random.pick(COUNTRIES),
          number: documentNumberOf(random),
          expiry,
          face,
          look: random.int(0, 1_000_000),
        });
  return degraded(png, variant, random);
}

/**
 * Face pairs as the provider compares them: each corpus face printed as the portrait of a document (the kinds in turn)
 * in each variant, its face found on the whole document image, against its own edited selfie (the same person) and
 * the selfies of the faces of other photos (different people). Distances stay in this process; only counts are
 * written. `BENCH_IDENTITY_SIZE` below the number of variants takes that many variants (a quick run).
 */
async function faces(figures: Record<string, number>): Promise<void> {
  const random = randomOf(32);
  const selfies: (Float32Array | null)[] = [];
  for (let face = 0; face < FACE_COUNT; face++)
    selfies.push((await facesForBench.facesOf(await facePhoto(face, 'selfie'), 1))[0] ?? null);
  const variants = IDENTITY_VARIANTS.slice(0, Math.max(1, SIZE));
  const times: number[] = [];
  const decisions = { same: { match: 0, review: 0, no_match: 0 }, different: { match: 0, review: 0, no_match: 0 } };
  const distances = { same: [] as number[], different: [] as number[] };
  let [documentCount, found, several] = [0, 0, 0];
  for (const [variantIndex, variant] of variants.entries()) {
    let matched = 0;
    for (let face = 0; face < FACE_COUNT; face++) {
      const kind = IDENTITY_KINDS[(face + variantIndex) % IDENTITY_KINDS.length]!;
      const document = await portraitDocument(kind, face, variant, random);
      const started = performance.now();
      const portraits = await facesForBench.facesOf(document);
      times.push(performance.now() - started);
      documentCount++;
      if (portraits.length > 1) several++;
      // As the provider: no pair when the portrait was not found or not described (the verification says so).
      if (!portraits[0]) continue;
      found++;
      for (let other = 0; other < FACE_COUNT; other++) {
        const selfie = selfies[other];
        const pair = other === face ? 'same' : photoOfFace(other) !== photoOfFace(face) ? 'different' : null;
        if (!selfie || !pair) continue;
        const decision = facesForBench.decisionOf(portraits, selfie);
        decisions[pair][decision]++;
        distances[pair].push(facesForBench.farthest(portraits, selfie));
        if (pair === 'same' && decision === 'match') matched++;
      }
    }
    figures[`identity_face_${variant}_matched`] = matched / FACE_COUNT;
    console.log(`  faces ${variant}: ${matched}/${FACE_COUNT} portraits matched their selfie`);
  }
  const pairs = (of: 'same' | 'different') => distances[of].length;
  const share = (of: 'same' | 'different', decision: 'match' | 'review' | 'no_match') =>
    pairs(of) === 0 ? 0 : decisions[of][decision] / pairs(of);
  figures['identity_face_documents'] = documentCount;
  figures['identity_face_portraits_found'] = found / documentCount;
  figures['identity_face_several_faces'] = several;
  figures['identity_face_selfies_found'] = selfies.filter(Boolean).length / FACE_COUNT;
  figures['identity_face_same_pairs'] = pairs('same');
  figures['identity_face_different_pairs'] = pairs('different');
  figures['identity_face_same_max_distance'] = Math.max(...distances.same);
  figures['identity_face_different_min_distance'] = Math.min(...distances.different);
  figures['identity_face_false_accepts'] = decisions.different.match;
  figures['identity_face_different_in_review'] = share('different', 'review');
  figures['identity_face_same_matched'] = share('same', 'match');
  figures['identity_face_same_in_review'] = share('same', 'review');
  figures['identity_face_false_rejects'] = share('same', 'no_match');
  figures['identity_face_ms'] = percentile(times, 0.5);
  // Where the two populations lie, to choose the bands from (printed, never stored).
  const deciles = (values: number[]) => [0, 0.1, 0.5, 0.9, 1].map((q) => percentile(values, q).toFixed(3)).join(' ');
  console.log(`  face distances, same person (min p10 p50 p90 max): ${deciles(distances.same)}`);
  console.log(`  face distances, different people (min p10 p50 p90 max): ${deciles(distances.different)}`);
}

/**
 * Issue 33's accuracy benchmark on the synthetic corpus: documents read (MRZ, PDF417) per kind and variant, the data
 * match against the true applicant and against one differing in one thing, face pairs, times and memory.
 */
export async function run(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  try {
    if (PARTS.includes('faces')) await faces(figures);
    await documents(figures);
  } finally {
    await closeOcr();
  }
  figures['identity_worker_rss_mb'] = process.resourceUsage().maxRSS / 1024;
  return figures;
}
