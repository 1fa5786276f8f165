import type { RequestFlag } from '@svc/contract';
import { consentFlowOf, storedFlags, type ConsentFlow, type PortalForm, type UsFcraConsent } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { type TeamType, type Environment, managerOf, type DbHandle } from '@svc/db';
import { hashOnboardingToken } from './identifiers.js';
import { readInformation, type StoredInformation } from './information.js';
import { Applicant, Team, User } from '@svc/db/entities';

/** What the applicant portal shows one applicant: their own invitation only, never another applicant's. */
export type PortalApplicant = {
  applicantId: string;
  /** `demo`: the portal's pages say they are test data. */
  environment: Environment;
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

export function closedReason(applicant: Applicant | null, now: Date): PortalClosed | null {
  if (!applicant) return 'not_found';
  // The application was cancelled or the applicant erased: the invitation is withdrawn (its token's hash stays).
  if (applicant.status === 'Erased' || applicant.status === 'Cancelled') return 'withdrawn';
  if (applicant.isSubmitted || applicant.reportStatus !== 'SENT') return 'submitted';
  if (!applicant.onboardingExpiresAt || applicant.onboardingExpiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

export const findByToken = (manager: EntityManager, token: string, lock = false) =>
  manager.findOne(Applicant, {
    where: { onboardingTokenHash: hashOnboardingToken(token) },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });

/** The US steps kept with the consent before the submission (the consent column is JSON, encrypted at rest). */
export function usFcraOf(applicant: Applicant): UsFcraConsent | null {
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
  db,
  token,
  now,
}: {
  db: DbHandle;
  token: string;
  now: Date;
}): Promise<PortalLookup> {
  const manager = managerOf(db);
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
      environment: applicant.environment,
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
