import type { RequestFlag } from '@svc/contract';
import { storedFlags, type PortalForm } from '@svc/domain';
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
      country: typeof applicant.location?.country === 'string' ? applicant.location.country : applicant.country,
      information: readInformation(applicant),
      draft: draftOf(applicant),
      teamName: team.name,
      teamSettings: team.settingsConfig,
      language: owner?.language ?? 'en',
      expiresAt: applicant.onboardingExpiresAt as Date,
    },
  };
}

/** Keeps the form as the applicant typed it (encrypted at rest), while the link still opens it. */
export async function savePortalDraft({
  db,
  token,
  draft,
  now,
}: {
  db: Database;
  token: string;
  draft: PortalForm;
  now: Date;
}): Promise<{ saved: true } | { saved: false; reason: PortalClosed }> {
  return db.transaction(async (manager) => {
    const applicant = await findByToken(manager, token, true);
    const reason = closedReason(applicant, now);
    if (reason || !applicant) return { saved: false, reason: reason ?? 'not_found' };
    await manager.update(
      Applicant,
      { id: applicant.id },
      {
        portalDraft: sealValue({
          table: 'applicants',
          column: 'portal_draft',
          rowId: applicant.id,
          value: JSON.stringify(draft),
        }) as string,
        lastUpdated: now,
      },
    );
    return { saved: true };
  });
}
