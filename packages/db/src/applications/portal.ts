import type { RequestFlag } from '@svc/contract';
import { consentFlowOf, storedFlags, type ConsentFlow, type PortalForm, type UsFcraConsent } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { sealValue } from '../crypto/sealed-columns.js';
import { Applicant } from '../entities/applicant.js';
import type { TeamType } from '../entities/environment.js';
import { Team } from '../entities/team.js';
import { User } from '../entities/user.js';
import { hashOnboardingToken } from './identifiers.js';
import { readInformation, type StoredInformation } from './information.js';

/** What the applicant portal shows one applicant: their own invitation only, never another applicant's. */
export type PortalApplicant = {
  applicantId: string;
  kind: TeamType;
  email: string;
  isCosigner: boolean;
  flags: RequestFlag[];
  /** Where the checks run (the order's location, else the team's country). */
  country: string;
  /** What the invitation pre-filled (decrypted). */
  information: StoredInformation;
  /** The form as last saved, or null. */
  draft: PortalForm | null;
  teamName: string;
  teamSettings: Record<string, unknown>;
  /** The inviting user's language. */
  language: string;
  expiresAt: Date;
  /** How the applicant consents (by where the checks run: consent-rules.ts). */
  consentFlow: ConsentFlow;
  /** The US disclosure and authorization so far (the `us_fcra` flow), or null. */
  usFcra: UsFcraConsent | null;
};

/** Why a link opens no form. Each answers a plain page that tells nothing about the applicant. */
export type PortalClosed = 'not_found' | 'expired' | 'submitted' | 'withdrawn';
export type PortalLookup = { open: true; applicant: PortalApplicant } | { open: false; reason: PortalClosed };

function closedReason(applicant: Applicant | null, now: Date): PortalClosed | null {
  if (!applicant) return 'not_found';
  // The applicant was deleted: the invitation is withdrawn (its token's hash stays to say so).
  if (applicant.status === 'Erased') return 'withdrawn';
  if (applicant.isSubmitted || applicant.reportStatus !== 'SENT') return 'submitted';
  if (!applicant.onboardingExpiresAt || applicant.onboardingExpiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

const findByToken = (manager: EntityManager, token: string, lock = false) =>
  manager.findOne(Applicant, {
    where: { onboardingTokenHash: hashOnboardingToken(token) },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });

/** The US steps kept with the consent before the submission (the consent column is JSON, encrypted at rest). */
function usFcraOf(applicant: Applicant): UsFcraConsent | null {
  if (!applicant.consent) return null;
  try {
    return (JSON.parse(applicant.consent) as { us_fcra?: UsFcraConsent }).us_fcra ?? null;
  } catch {
    return null;
  }
}

function draftOf(applicant: Applicant): PortalForm | null {
  if (!applicant.portalDraft) return null;
  try {
    return JSON.parse(applicant.portalDraft) as PortalForm;
  } catch {
    return null;
  }
}

/** The applicant of an onboarding link (by the SHA-256 of its token), if the link still opens the form. */
export async function findPortalApplicant({
  manager,
  token,
  now,
}: {
  manager: EntityManager;
  token: string;
  now: Date;
}): Promise<PortalLookup> {
  const applicant = await findByToken(manager, token);
  const reason = closedReason(applicant, now);
  if (reason || !applicant) return { open: false, reason: reason ?? 'not_found' };
  const country = typeof applicant.location?.country === 'string' ? applicant.location.country : applicant.country;
  const [team, owner] = [
    await manager.findOneByOrFail(Team, { id: applicant.teamId }),
    await manager.findOneBy(User, { id: applicant.ownerId }),
  ];
  return {
    open: true,
    applicant: {
      applicantId: applicant.id,
      kind: applicant.kind,
      email: applicant.email,
      isCosigner: applicant.isCosigner,
      flags: storedFlags(applicant.requestedFlags),
      country,
      information: readInformation(applicant),
      draft: draftOf(applicant),
      teamName: team.name,
      teamSettings: team.settingsConfig,
      language: owner?.language ?? 'en',
      expiresAt: applicant.onboardingExpiresAt as Date,
      consentFlow: consentFlowOf({ country, kind: applicant.kind }),
      usFcra: usFcraOf(applicant),
    },
  };
}

/**
 * Writes one sealed column of the applicant of a link (`valueOf` its plaintext, from the applicant as locked), while
 * the link still opens the form.
 */
async function updateOpenApplicant({
  db,
  token,
  now,
  column,
  valueOf,
}: {
  db: Database;
  token: string;
  now: Date;
  column: { property: 'portalDraft'; name: 'portal_draft' } | { property: 'consent'; name: 'consent' };
  valueOf: (applicant: Applicant) => string;
}): Promise<{ saved: true } | { saved: false; reason: PortalClosed }> {
  return db.transaction(async (manager) => {
    const applicant = await findByToken(manager, token, true);
    const reason = closedReason(applicant, now);
    if (reason || !applicant) return { saved: false, reason: reason ?? 'not_found' };
    const sealed = sealValue({
      table: 'applicants',
      column: column.name,
      rowId: applicant.id,
      value: valueOf(applicant),
    });
    await manager.update(Applicant, { id: applicant.id }, { [column.property]: sealed as string, lastUpdated: now });
    return { saved: true };
  });
}

/** Keeps the form as the applicant typed it (encrypted at rest), while the link still opens it. */
export const savePortalDraft = ({
  db,
  token,
  draft,
  now,
}: {
  db: Database;
  token: string;
  draft: PortalForm;
  now: Date;
}) =>
  updateOpenApplicant({
    db,
    token,
    now,
    column: { property: 'portalDraft', name: 'portal_draft' },
    valueOf: () => JSON.stringify(draft),
  });

/**
 * Keeps a US applicant's disclosure and authorization steps (encrypted, with the consent the submission completes),
 * while the link still opens the form. `change` gets the steps so far.
 */
export const savePortalUsFcra = ({
  db,
  token,
  now,
  change,
}: {
  db: Database;
  token: string;
  now: Date;
  change: (steps: UsFcraConsent | null) => UsFcraConsent;
}) =>
  updateOpenApplicant({
    db,
    token,
    now,
    column: { property: 'consent', name: 'consent' },
    valueOf: (applicant) => JSON.stringify({ us_fcra: change(usFcraOf(applicant)) }),
  });
