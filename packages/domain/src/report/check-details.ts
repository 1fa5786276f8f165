import { identityVerificationStatus, type ReferenceCheck } from '@svc/contract';
import { assertNever } from '../exhaustive.js';
import type {
  BehaviouralDetails,
  IdentityDetails,
  IdentityFieldMatch,
  IdentityVerificationDetails,
  InformationReviewDetails,
  MotorVehicleDetails,
  ReferencesDetails,
  RightToWorkDetails,
  SimulatedDetails,
  SocialMediaDetails,
  VaccinationDetails,
} from '../simulator/types.js';
import { cell, chipCell, facts, note, table, when, type DetailContext } from './blocks.js';
import { bureauBlocks } from './bureau.js';
import { goodWhenYes } from './chips.js';
import {
  disclosureBlocks,
  internationalCriminalBlocks,
  nationalCriminalBlocks,
  riskBlocks,
  usCriminalBlocks,
} from './criminal.js';
import { MISSING, countryName, formatDate, joinName, text, withReadableDates } from './format.js';
import type { Chip, ReportBlock, Tone } from './types.js';
import { instantVerificationBlocks, verificationBlocks } from './verification.js';

const IDENTITY_TONES: { readonly [S in IdentityDetails['status']]: Tone } = { A: 'clear', R: 'review', D: 'not_clear' };

const FIELD_MATCH_CHIPS: { readonly [M in IdentityFieldMatch]: Chip } = {
  match: { text: 'Matches', tone: 'clear' },
  mismatch: { text: 'Differs', tone: 'not_clear' },
  unknown: { text: 'Not determined', tone: 'review' },
};

const FACE_MATCH_CHIPS: { readonly [F in IdentityVerificationDetails['face_match']]: Chip } = {
  yes: { text: 'Yes', tone: 'clear' },
  review: { text: 'Review', tone: 'review' },
  no: { text: 'No', tone: 'not_clear' },
  not_compared: { text: 'Not compared', tone: 'review' },
};

const identityDecision = (details: IdentityDetails) => ({
  label: 'Decision',
  value: '',
  chip:
    details.status === 'R' && !(details.collected.identity_document && details.collected.selfie)
      ? { text: 'Not verified', tone: 'review' as const }
      : { text: identityVerificationStatus.labels[details.status], tone: IDENTITY_TONES[details.status] },
});

/** A result of the built-in identity provider: what was read, how each field compares, what could not be said. */
function verifiedIdentityBlocks(details: IdentityDetails, verification: IdentityVerificationDetails): ReportBlock[] {
  const { document } = details;
  return [
    facts(null, [
      identityDecision(details),
      ...(document
        ? [
            {
              label: 'Document',
              value: joinName(
                document.type,
                verification.read_from === 'barcode' ? 'read from its barcode' : 'read from its machine-readable zone',
              ),
            },
            {
              label: 'Issued by',
              value: joinName(document.issuing_province_state, countryName(document.issuing_country)),
            },
            {
              label: 'Document expires',
              value: document.expiry_date ? formatDate(document.expiry_date) : MISSING,
              ...(verification.expiry === 'expired' ? { chip: { text: 'Expired', tone: 'not_clear' as const } } : {}),
            },
          ]
        : [{ label: 'Identity document', value: 'Not read' }]),
      ...(verification.fields
        ? [
            { label: 'Date of birth', value: '', chip: FIELD_MATCH_CHIPS[verification.fields.date_of_birth] },
            { label: 'Family name', value: '', chip: FIELD_MATCH_CHIPS[verification.fields.family_name] },
            { label: 'Given names', value: '', chip: FIELD_MATCH_CHIPS[verification.fields.given_names] },
          ]
        : []),
      { label: "Selfie matches the document's portrait", value: '', chip: FACE_MATCH_CHIPS[verification.face_match] },
      { label: 'Liveness', value: 'Not checked' },
    ]),
    ...when(verification.not_determined.length > 0, note('review', verification.not_determined.join(' '))),
  ];
}

function identityBlocks(details: IdentityDetails, context: DetailContext): ReportBlock[] {
  if (details.verification) return verifiedIdentityBlocks(details, details.verification);
  const { document } = details;
  const enhanced = details.level === 'enhanced';
  const notCollected = { label: '', value: 'Not collected: not checked' };
  return [
    facts(null, [
      identityDecision(details),
      ...(document
        ? [
            { label: 'Document', value: joinName(document.type, `ending ${document.number_last4}`) },
            {
              label: 'Issued by',
              value: joinName(document.issuing_province_state, countryName(document.issuing_country)),
            },
            ...(context.compact ? [] : [{ label: 'Document expires', value: formatDate(document.expiry_date) }]),
            { label: 'Document authentic', value: '', chip: goodWhenYes(details.document_authentic) },
          ]
        : [{ ...notCollected, label: 'Identity document' }]),
      details.face_match_score === null
        ? { ...notCollected, label: 'Selfie' }
        : {
            label: 'Selfie matches the ID photo',
            value: `${details.face_match_score}%`,
            chip: goodWhenYes(details.face_match_score >= 80),
          },
      { label: 'Name and date of birth match', value: '', chip: goodWhenYes(details.data_match) },
      ...(enhanced
        ? [
            ...(details.liveness_passed === null
              ? []
              : [{ label: 'Liveness test passed', value: '', chip: goodWhenYes(details.liveness_passed) }]),
            { label: 'Matches authoritative records', value: '', chip: goodWhenYes(details.record_match) },
          ]
        : []),
    ]),
  ];
}

function informationReviewBlocks(details: InformationReviewDetails): ReportBlock[] {
  return [
    facts(null, [
      { label: 'Address history', value: `${details.address_history_months} months` },
      { label: 'Employment history', value: `${details.employment_history_months} months` },
    ]),
    table(
      'Items reviewed',
      ['Item', 'Consistent', 'Note'],
      details.items.map((item) => [
        cell(item.item),
        chipCell(goodWhenYes(item.consistent)),
        cell(withReadableDates(item.note)),
      ]),
    ),
  ];
}

function behaviouralBlocks(details: BehaviouralDetails): ReportBlock[] {
  return [
    facts(null, [{ label: 'Questions answered', value: String(details.questions_answered) }]),
    table(
      'Traits (0–100, higher is better)',
      ['Trait', 'Score'],
      details.traits.map((trait) => [
        cell(trait.trait),
        cell(`${trait.score}`, null, trait.score < 50 ? { text: 'Low', tone: 'review' } : undefined),
      ]),
      ['Score'],
    ),
  ];
}

function socialMediaBlocks(details: SocialMediaDetails, context: DetailContext): ReportBlock[] {
  return [
    // Profile addresses are printed as text for the record, never as links the document would follow.
    ...when(
      !context.compact,
      table(
        'Public profiles reviewed',
        ['Platform', 'Profile'],
        details.profiles.map((profile) => [cell(profile.platform), cell(profile.url)]),
      ),
    ),
    ...(details.findings.length === 0
      ? [
          note(
            'clear',
            `No violent, discriminatory, harassing or illegal content on ${details.profiles.length} public profiles.`,
          ),
        ]
      : [
          table(
            'Findings',
            ['Date', 'Platform', 'Category', 'Description'],
            details.findings.map((finding) => [
              cell(formatDate(finding.date)),
              cell(finding.platform),
              cell(finding.category),
              cell(finding.description),
            ]),
          ),
        ]),
  ];
}

function licenceStatusChip(status: string | null): Chip {
  if (status === null) return { text: 'No record', tone: 'review' };
  const tone: Tone = /^valid/i.test(status) ? 'clear' : /suspend|revoked|cancel/i.test(status) ? 'not_clear' : 'review';
  return { text: status, tone };
}

function motorVehicleBlocks(details: MotorVehicleDetails): ReportBlock[] {
  return [
    facts(null, [
      { label: 'Licence status', value: '', chip: licenceStatusChip(details.license_status) },
      { label: 'Class', value: text(details.license_class) },
      { label: 'Expires', value: formatDate(details.license_expiry_date) },
      { label: 'Issued in', value: text(details.issuing_province_state) },
      {
        label: 'Demerit points',
        value: String(details.violations.reduce((sum, violation) => sum + (violation.points ?? 0), 0)),
      },
    ]),
    details.violations.length === 0
      ? note('clear', 'No violation, suspension or conviction on the driving record.')
      : table(
          'Violations, suspensions and convictions',
          ['Date', 'Description', 'Points'],
          details.violations.map((violation) => [
            cell(formatDate(violation.date)),
            cell(text(violation.description)),
            cell(violation.points === null ? MISSING : String(violation.points)),
          ]),
          ['Points'],
        ),
  ];
}

const nameOf = (reference: ReferenceCheck): string =>
  joinName(reference.name.first_name, reference.name.middle_name, reference.name.last_name) || 'Referee';
const CONTACTED_VIA: { readonly [V in ReferenceCheck['contacted_via']]: string } = { EMAIL: 'email', PHONE: 'phone' };
const refereeRole = (reference: ReferenceCheck): string => (reference.type === 'ADDRESS' ? 'Landlord' : 'Employer');

/** The answer to the closing question (`Would you rehire…`, `Would you rent…`), which says whether they recommend. */
const recommendation = (reference: ReferenceCheck): string =>
  reference.completed ? text(reference.answers.at(-1)?.answer) : 'No answer';

function referencesBlocks(details: ReferencesDetails, context: DetailContext): ReportBlock[] {
  if (details.references.length === 0) return [note('review', 'No referee could be contacted.')];
  const completedChip = (reference: ReferenceCheck): Chip =>
    reference.completed ? { text: 'Answered', tone: 'clear' } : { text: 'No answer', tone: 'review' };
  if (context.compact) {
    return [
      table(
        null,
        ['Referee', 'Contacted by', 'Would recommend', 'Status'],
        details.references.map((reference) => [
          cell(nameOf(reference), `${refereeRole(reference)} reference`),
          cell(CONTACTED_VIA[reference.contacted_via]),
          cell(recommendation(reference)),
          chipCell(completedChip(reference)),
        ]),
      ),
    ];
  }
  return details.references.map((reference) => ({
    kind: 'group',
    title: nameOf(reference),
    subtitle: `${refereeRole(reference)} reference, contacted by ${CONTACTED_VIA[reference.contacted_via]}`,
    chip: completedChip(reference),
    blocks: reference.completed
      ? [
          table(
            null,
            ['Question', 'Answer'],
            reference.answers.map((answer) => [cell(answer.question), cell(withReadableDates(text(answer.answer)))]),
          ),
        ]
      : [note('review', 'The referee did not answer the reference request.')],
  }));
}

function vaccinationBlocks(details: VaccinationDetails): ReportBlock[] {
  const accepted: Chip =
    details.vaccinated === null
      ? { text: 'Under review', tone: 'review' }
      : details.vaccinated
        ? { text: 'Accepted', tone: 'clear' }
        : { text: 'Not accepted', tone: 'not_clear' };
  return [
    facts(null, [
      { label: 'Proof of vaccination', value: '', chip: accepted },
      { label: 'Proof dated', value: formatDate(details.proof_date) },
      { label: 'Vaccines', value: details.vaccines.length > 0 ? details.vaccines.join('; ') : MISSING },
    ]),
  ];
}

function rightToWorkBlocks(details: RightToWorkDetails): ReportBlock[] {
  return [
    facts(null, [
      { label: 'Country', value: countryName(details.country) },
      { label: 'Established with', value: text(details.document_type) },
      {
        label: 'Permission ends',
        value: details.permission_expiry_date ? formatDate(details.permission_expiry_date) : 'No end date',
      },
    ]),
  ];
}

/** The details of one completed check, by the kind of answer its provider gave. */
export function checkDetailBlocks(details: SimulatedDetails, context: DetailContext): ReportBlock[] {
  switch (details.kind) {
    case 'identity':
      return identityBlocks(details, context);
    case 'information':
      return informationReviewBlocks(details);
    case 'behavioural':
      return behaviouralBlocks(details);
    case 'social_media':
      return socialMediaBlocks(details, context);
    case 'risk':
      return riskBlocks(details, context);
    case 'us_criminal':
      return usCriminalBlocks(details, context);
    case 'national_criminal':
      return nationalCriminalBlocks(details, context);
    case 'international_criminal':
      return internationalCriminalBlocks(details, context);
    case 'disclosure':
      return disclosureBlocks(details, context);
    case 'bureau':
      return bureauBlocks(details, context);
    case 'verification':
      return verificationBlocks(details, context);
    case 'instant_verification':
      return instantVerificationBlocks(details);
    case 'references':
      return referencesBlocks(details, context);
    case 'motor_vehicle':
      return motorVehicleBlocks(details);
    case 'vaccination':
      return vaccinationBlocks(details);
    case 'right_to_work':
      return rightToWorkBlocks(details);
    default:
      return assertNever(details, 'check details');
  }
}
