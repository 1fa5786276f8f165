import { codeBlock, heading, table } from '../markup.js';
import type { Guide } from './guide.js';

const providerExample = {
  identity: { type: 'identity', checks: ['identity_verification', 'enhanced_identity_verification'] },
};

/**
 * `pnpm bench identity` on the synthetic corpus (bench/RESULTS.md has every figure): per document kind, the share read
 * with every check digit valid (MRZ) or the barcode decoded (PDF417), by variant. Update with the bench.
 */
const READ_FIGURES: readonly [kind: string, figures: string[]][] = [
  ['Passports (TD3 zone)', ['20/20', '17/20', '19/20', '19/20', '20/20', '18/20', '18/20', '19/20', '19/20']],
  ['ID cards (TD1 zone)', ['19/20', '19/20', '19/20', '20/20', '20/20', '19/20', '19/20', '17/20', '18/20']],
  ['Licences (AAMVA PDF417)', Array.from({ length: 9 }, () => '20/20')],
];

export const identityGuide: Guide = {
  file: 'guides/identity.html',
  title: 'Identity verification',
  summary:
    'The built-in identity provider: what it reads and checks in a document photo and a selfie, on the worker, with no outside vendor; its measured accuracy and its limits.',
  body: `<h1>Identity verification</h1>
<p class="lead">svc can verify an applicant’s identity itself: it reads the photo of their identity document, checks it, compares it with what they entered and compares their selfie with the document’s portrait, on the worker, offline. Nothing about the applicant leaves the machine.</p>
${heading(2, 'Turning it on')}
<p>The built-in provider is a provider of <code>SVC_PROVIDERS</code> (API and workers alike, see <a href="providers.html">Providers</a>) answering the identity verifications, live and demo alike (its results are real and cost nothing). The portal then asks the applicant for a photo of an identity document and a selfie, and tells them what is checked and why before they upload.</p>
${codeBlock(`SVC_PROVIDERS='${JSON.stringify(providerExample)}'`, { label: 'SVC_PROVIDERS', language: 'shell' })}
<p>The worker needs Debian’s <code>tesseract-ocr-eng</code> (the OCR model, read from <code>SVC_TESSDATA</code>, by default <code>/usr/share/tesseract-ocr/5/tessdata</code>); the face model and the barcode reader come with the project’s packages. Nothing is downloaded at install or run time. A worker verifies one identity at a time and holds one face model (about 650 MB) once it has verified one. The verifications run in a queue of their own, <code>identity.verify</code>, taken by workers of the <code>identity</code> role: a worker started without <code>--roles</code> takes every queue; to scale verifications apart, run <code>svc worker --roles identity</code> on hosts of their own and the other roles elsewhere (<a href="production.html">Production</a>). The models’ and the OCR data’s sources and licences are listed in the repository’s <code>NOTICE.md</code>.</p>
${heading(2, 'What is checked')}
${table({
  caption: 'What the built-in provider checks',
  head: ['Step', 'What it does'],
  rows: [
    [
      'Read the document',
      'A North American driver’s licence or ID card: its PDF417 barcode (AAMVA data). Otherwise a passport’s (TD3) or ID card’s (TD1) machine-readable zone, by OCR: the photo turned upright (EXIF), levelled, cropped to the document and to the zone, read up to six ways until two readings with every check digit valid agree on the data, two more than read them otherwise (a check digit cannot tell G from 6 or K from a filler), and two agree on the names.',
    ],
    [
      'Validate it',
      'Every check digit of the zone and its fields (a known issuing country, real calendar dates); the expiry date (an expired document is never <code>CLEAR</code>); plausible dates (an age between 10 and 120, an expiry at most 20 years away).',
    ],
    [
      'Compare it with the applicant',
      'The date of birth exactly; the family and given names as words, case, diacritics and order aside. An MRZ name has no check digit: it is compared only when two separate readings of the zone, each with every check digit valid, agree on it (three when it holds a K or X, letters the OCR makes of a filler) and no reading has a filler where it has a letter (<code>O&lt;BRIEN</code> against <code>OKBRIEN</code>); otherwise the result says the name could not be read reliably.',
    ],
    [
      'Compare the faces',
      'The largest face of the selfie with every face found on the document photo: its portrait, found on the whole photo and looked at again in its surroundings, and any other face the photo shows. The decision is the farthest face’s, so a face beside the document (the applicant holding someone else’s passport) never stands in for its portrait: a match, a partial resemblance a person must compare (<code>review</code>), or no match. Only the decision is kept: no face descriptor, distance or score is stored, logged or returned.',
    ],
  ],
})}
<p><code>CLEAR</code> needs everything: the document read and valid, not expired, the date of birth and both names matching, the selfie matching the portrait. Anything unread, unknown or different is <code>REVIEW</code> with its reason, never <code>NOT_CLEAR</code>: a person decides. An order without a document photo (a quick screen, which uploads none) is <code>REVIEW</code> at once, saying that nothing could be verified. The result lists what was verified (document type, issuing country, the last four characters of the number, which fields matched, the face decision) and what was not.</p>
${heading(2, 'What is not checked')}
<ul>
<li><strong>No liveness detection.</strong> A photo of a photo, a screen or a mask is not detected: the selfie is compared as an image.</li>
<li><strong>No document authenticity.</strong> No security feature (hologram, microprint, UV, chip) is examined: a well-made forgery whose data are consistent reads as a valid document. <code>document_authentic</code> is null.</li>
<li>No authoritative record is consulted (an enhanced verification says so).</li>
<li>Documents without a barcode or a machine-readable zone (most European driving licences, for instance) cannot be read: the result is <code>REVIEW</code>, saying so.</li>
</ul>
${heading(2, 'Measured accuracy')}
<p>Measured by <code>pnpm bench identity</code> on this project’s <strong>synthetic corpus</strong>: documents generated by the repository (OCR-B zones on printed background patterns whose size and place vary, document numbers mixing letters and digits, PDF417 barcodes of six states and provinces, portraits from stock photos), each in nine variants. Real photos of real documents vary more (glare, focus, worn cards, other layouts): treat these figures as an upper bound, and measure on your own sample before relying on them. The last run (2026-11-29, on a quiet machine) read 20 passports, 20 ID cards and 20 licences per variant, 540 documents: small samples, so a share moves by a twentieth with one document.</p>
${table({
  caption: 'Share of documents read (MRZ: every check digit valid; PDF417: decoded and parsed)',
  head: [
    'Kind',
    'clean',
    'tilted 2–8°',
    'JPEG 30–50',
    'blur',
    'low contrast',
    'uneven light',
    'photo of a page',
    'photo at an angle',
    'at half size or less',
  ],
  rows: READ_FIGURES.map(([kind, figures]) => [kind, ...figures]),
})}
<ul>
<li>A zone’s data are taken only when two readings with every check digit valid agree on them, two more than read other data, one of them reading the document number without repair: a check digit cannot tell G from 6 or K from a filler, and the OCR misreads such a character alike in several preparations, so the look-alikes of OCR-B (G and 6, 7 and T or C, 9 and O, J and I, a filler and K or X) are also told apart by their shapes. Of 180 passports and 180 ID cards, none was read with a wrong number, date or country, and no name compared was wrong. The data match passing for an applicant differing by one day of birth or by the family name: 0. An unread document is <code>REVIEW</code> with the reason.</li>
<li>Names compared (MRZ names read alike twice, three times when they hold a K or X, and by no reading with a filler in their place): 160 of the 169 passports read, every ID card read.</li>
<li>Faces: each of the corpus’s 22 faces printed as the portrait of a document (passport, ID card and licence in turn) in each of the nine variants (198 documents), found on the whole document image and compared with the selfies as the provider does. On 1,986 different-person pairs none was accepted as a match at the chosen distance (0.40); the closest stranger was at 0.45, and 0.6 % fell in the review band (0.40 to 0.55, where a person compares the faces). Same-person pairs are a portrait and an edited copy of the same photo (different photos of one person were not available): of the 121 whose face was found on both, 98.3 % matched and 1.7 % fell in the review band, the farthest at 0.44. The portrait was found on 122 of the 198 documents (17 of the 22 clean ones, none of the low-contrast ones) and the face in 20 of the 22 selfies; otherwise the verification is <code>REVIEW</code>, saying no face was compared. No document showed a second face. Real photos of one person taken years apart lie farther apart than these copies.</li>
<li>Time, in the same run (load average below 2): reading a passport took 0.38 s at p50 and 0.79 s at p95, an ID card 0.34 s and 0.69 s (CPU time 0.45 s and 0.91 s, 0.41 s and 0.75 s: a zone is read at least twice, until two readings agree; more when readings differ; an unreadable one six times), a licence’s barcode 11 ms and 61 ms. The target of 1.5 s at p95 is met. Finding and describing a document’s portrait took 0.68 s at p50. Runs on the same 2 cores beside other jobs took longer: a passport’s p95 was 1.26 s at load averages of 3 to 13, 4.0 s at 16 to 20. Memory: the benchmark process holding the OCR engine and the face model peaked at about 1,006 MB, as a worker verifying identities does (one face model per process, loaded at its first verification).</li>
</ul>
`,
};
