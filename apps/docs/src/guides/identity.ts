import { codeBlock, heading, table } from '../markup.js';
import type { Guide } from './guide.js';

const providerExample = {
  identity: { type: 'identity', checks: ['identity_verification', 'enhanced_identity_verification'] },
};

/**
 * `pnpm bench identity` on the synthetic corpus (bench/RESULTS.md has every figure): per document kind, the share read
 * with every check digit valid (MRZ) or the barcode decoded (PDF417), by variant. Update with the bench.
 */
/** Licences: PDF417 decoded and parsed (5 a variant). */
const AAMVA_FIGURES = ['5/5', '5/5', '5/5', '5/5', '5/5', '5/5', '5/5', '5/5', '5/5'];

const READ_FIGURES: readonly [kind: string, figures: string[]][] = [
  ['Passports (TD3 zone)', ['5/5', '5/5', '4/5', '5/5', '3/5', '4/5', '3/5', '4/5', '5/5']],
  ['ID cards (TD1 zone)', ['4/5', '4/5', '4/5', '4/5', '5/5', '3/5', '4/5', '2/5', '3/5']],
  ['Licences (AAMVA PDF417)', AAMVA_FIGURES],
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
<p><code>CLEAR</code> needs everything: the document read and valid, not expired, the date of birth and both names matching, the selfie matching the portrait. Anything unread, unknown or different is <code>REVIEW</code> with its reason, never <code>NOT_CLEAR</code>: a person decides. The result lists what was verified (document type, issuing country, the last four characters of the number, which fields matched, the face decision) and what was not.</p>
${heading(2, 'What is not checked')}
<ul>
<li><strong>No liveness detection.</strong> A photo of a photo, a screen or a mask is not detected: the selfie is compared as an image.</li>
<li><strong>No document authenticity.</strong> No security feature (hologram, microprint, UV, chip) is examined: a well-made forgery whose data are consistent reads as a valid document. <code>document_authentic</code> is null.</li>
<li>No authoritative record is consulted (an enhanced verification says so).</li>
<li>Documents without a barcode or a machine-readable zone (most European driving licences, for instance) cannot be read: the result is <code>REVIEW</code>, saying so.</li>
</ul>
${heading(2, 'Measured accuracy')}
<p>Measured by <code>pnpm bench identity</code> on this project’s <strong>synthetic corpus</strong>: documents generated by the repository (OCR-B zones on printed background patterns whose size and place vary, document numbers mixing letters and digits, PDF417 barcodes of six states and provinces, portraits from stock photos), each in nine variants. Real photos of real documents vary more (glare, focus, worn cards, other layouts): treat these figures as an upper bound, and measure on your own sample before relying on them. The last run read 5 passports, 5 ID cards and 5 licences per variant: small samples, so a share moves by a fifth or a third with one document.</p>
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
<li>A zone’s data are taken only when two readings with every check digit valid agree on them, two more than read other data, one of them reading the document number without repair: a check digit cannot tell G from 6 or K from a filler, and the OCR misreads such a character alike in several preparations. Of 45 passports and 45 ID cards, none was read with a wrong number, date or country, and no name compared was wrong (with the previous rules, on the same passports, one number read with its G as 6 and one name with a filler as K). The data match passing for an applicant differing by one day of birth or by the family name: 0. An unread document is <code>REVIEW</code> with the reason.</li>
<li>Names compared (MRZ names read alike twice, three times when they hold a K or X, and by no reading with a filler in their place): 37 of the 38 passports read, every ID card read.</li>
<li>Faces: each of the corpus’s 22 faces printed as the portrait of a document (passport, ID card and licence in turn), clean, tilted and in JPEG (66 documents; the other variants were not measured for faces), found on the whole document image and compared with the selfies as the provider does. On 848 different-person pairs none was accepted as a match at the chosen distance (0.40); the closest stranger was at 0.45, and 0.7 % fell in the review band (0.40 to 0.55, where a person compares the faces). Same-person pairs are a portrait and an edited copy of the same photo (different photos of one person were not available): all 51 whose face was found on both matched, the farthest at 0.33. The portrait was found on 52 of the 66 documents and the face in 20 of the 22 selfies; otherwise the verification is <code>REVIEW</code>, saying no face was compared. No document showed a second face. Real photos of one person taken years apart lie farther apart than these copies.</li>
<li>Time: the last runs shared their 2 cores with other jobs (a load average of 11 to 30), which inflates CPU time too, so their wall-clock times (in <code>bench/RESULTS.md</code>) say little. CPU time per document, last run (load about 30): passports 0.84 s at p50 and 1.97 s at p95, ID cards 0.64 s and 1.23 s (a zone is read at least twice, until two readings agree; more when readings differ; an unreadable one six times); before the zone's band was found once per document and the barcode's binarised retries moved after the zone (a run at a load of about 11), 1.75 s and 3.81 s, 1.56 s and 2.82 s. A licence’s barcode takes milliseconds (0.12 s at p95). The target of 1.5 s at p95 is met by ID cards and <strong>not met</strong> by passports in these conditions. Memory: the benchmark process comparing faces (which also draws the corpus) peaked at about 710 MB, the one reading documents at about 510 to 590 MB (measured apart: a worker holding both the face model and the OCR uses more).</li>
</ul>
`,
};
