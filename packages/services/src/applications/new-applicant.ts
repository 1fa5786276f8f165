import type { CheckName, InformationPrefill, Location, PhoneNumber, RequestFlag } from '@svc/contract';
import { checkDefinitionByName, providerFor, type ApplicationState, type ProviderRouting } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '@svc/db';
import { insertOrderRows } from './sql.js';
import { informationColumns } from './information.js';
import { searchTermsOfApplicant } from './search.js';
import type { ApplicationScope, OrderingOwner } from './order-rules.js';
import { Applicant, Application, CheckExecution } from '@svc/db/entities';

/** The identity document of an enhanced identity verification; its number is stored encrypted. */
export type IdentityDocumentInput = {
  document_type: string;
  document_number: string;
  issuing_country: string;
  issuing_province_state?: string | undefined;
  expiry_date?: string | undefined;
};

/** What every order (invite, quick screen) says, HR and PM. */
export type OrderFields = {
  ownerId: string;
  flags: readonly RequestFlag[];
  tag?: string | undefined;
  /** What the order knows of the applicant: complete for a quick screen, perhaps partial for an invitation. */
  information?: InformationPrefill | undefined;
  listingId?: string | undefined;
  /** A package of the owner's team whose flags are ordered with `flags` (`orderWithPackage`). */
  packageId?: string | undefined;
  /** ACIC parameters and other per-order settings, kept as given. */
  parameters?: Record<string, unknown> | undefined;
  /** The `Idempotency-Key` of the request and its API key: an order placed again with them is the same order. */
  idempotency?: OrderIdempotency | undefined;
  /** The integrator's own id of the order (unique per team and environment) and its string map. */
  externalId?: string | undefined;
  metadata?: Readonly<Record<string, string>> | undefined;
};

export type OrderIdempotency = { apiKeyId: string; key: string };

/** A new application of `owner`'s team (not yet inserted; its id assigned). */
export function newApplication(
  manager: EntityManager,
  { scope, owner, email, order }: { scope: ApplicationScope; owner: OrderingOwner; email: string; order: OrderFields },
): Application {
  return manager.create(Application, {
    id: uuidv7(),
    partnerId: scope.partnerId,
    environment: scope.environment,
    teamId: owner.teamId,
    ownerId: owner.id,
    kind: scope.kind,
    listingId: order.listingId ?? null,
    email,
    tag: order.tag ?? null,
    isActive: true,
    orderApiKeyId: order.idempotency?.apiKeyId ?? null,
    orderIdempotencyKey: order.idempotency?.key ?? null,
    externalId: order.externalId ?? null,
    metadata: order.metadata ? { ...order.metadata } : null,
  });
}

export async function insertApplication(
  manager: EntityManager,
  fields: Parameters<typeof newApplication>[1],
): Promise<Application> {
  const application = newApplication(manager, fields);
  await insertOrderRows(manager, { applications: [application] });
  return application;
}

export type NewApplicant = {
  email: string;
  phoneNumber?: PhoneNumber | undefined;
  information?: InformationPrefill | undefined;
  isCosigner?: boolean | undefined;
  shareOfRent?: number | undefined;
  identityDocument?: IdentityDocumentInput | undefined;
  location?: Location | undefined;
  /** An invitation's link; `emailed` false when the partner delivers it itself (`email_applicants: false`). */
  onboarding?: { token: string; tokenHash: string; expiresAt: Date; emailed: boolean } | undefined;
};

type ApplicantOrder = {
  application: Application;
  owner: OrderingOwner;
  order: OrderFields;
  applicant: NewApplicant;
  state: ApplicationState;
  shortUid: string;
  isQuickScreen: boolean;
  /** Which provider runs each check (checked before: the order was refused if one has none). */
  providers: ProviderRouting;
  now: Date;
};

/** An applicant of `application` in `state` (from the domain's state machine), with one execution per check. */
export async function insertApplicant(
  manager: EntityManager,
  order: ApplicantOrder,
): Promise<{ applicant: Applicant; executions: CheckExecution[] }> {
  const built = newApplicant(manager, order);
  await insertOrderRows(manager, { applicants: [built.applicant], executions: built.executions });
  return built;
}

/** The same, not yet inserted (ids assigned): an order inserts it with its application in one statement. */
export function newApplicant(
  manager: EntityManager,
  { application, owner, order, applicant, state, shortUid, isQuickScreen, providers, now }: ApplicantOrder,
): { applicant: Applicant; executions: CheckExecution[] } {
  const { document_number: documentNumber, ...identityDocument } = applicant.identityDocument ?? {
    document_number: undefined,
  };
  const parameters = {
    ...order.parameters,
    ...(applicant.identityDocument ? { enhanced_identity_verification: identityDocument } : {}),
  };
  const built = manager.create(Applicant, {
    id: uuidv7(),
    applicationId: application.id,
    partnerId: application.partnerId,
    environment: application.environment,
    teamId: application.teamId,
    ownerId: application.ownerId,
    kind: application.kind,
    shortUid,
    email: applicant.email,
    phoneNumber: applicant.phoneNumber
      ? {
          phone_type: applicant.phoneNumber.phone_type,
          number: applicant.phoneNumber.number,
          country: applicant.phoneNumber.country,
        }
      : null,
    isCosigner: applicant.isCosigner ?? false,
    shareOfRent: applicant.shareOfRent === undefined ? null : applicant.shareOfRent.toFixed(2),
    applicantType: applicant.isCosigner ? 'COSIGNER' : 'STANDARD',
    status: state.status,
    reportStatus: state.reportStatus,
    orderStatus: state.orderStatus,
    isSubmitted: isQuickScreen,
    submittedTime: isQuickScreen ? now : null,
    isQuickScreen,
    requestedFlags: [...order.flags],
    orderParameters: parameters,
    country: applicant.location?.country ?? owner.team.country,
    // An invitation names no location: the checks are run for the owner's team's province (the portal may change it).
    location: applicant.location
      ? { ...applicant.location }
      : { country: owner.team.country, province_state: owner.team.provinceState, city: owner.team.city },
    tag: order.tag ?? null,
    ...informationColumns(applicant.information, documentNumber),
    informationId: uuidv7(),
    onboardingTokenHash: applicant.onboarding?.tokenHash ?? null,
    onboardingToken: applicant.onboarding?.token ?? null,
    onboardingExpiresAt: applicant.onboarding?.expiresAt ?? null,
    invitationSentAt: applicant.onboarding?.emailed ? now : null,
    reportVersion: 0,
    erasedAt: null,
    erasedBy: null,
    externalId: application.externalId,
    metadata: application.metadata,
    result: null,
    lastUpdated: now,
  });
  built.searchTerms = searchTermsOfApplicant(built);
  return {
    applicant: built,
    executions: newCheckExecutions(manager, {
      applicant: built,
      checks: state.checks,
      reportVersion: 1,
      existing: [],
      providers,
      now,
    }),
  };
}

/**
 * One execution per check. Checks reporting into the same result field share its result id (one result object),
 * reusing the id of an existing execution of that field (an upgrade adds to the same result).
 */
export async function insertCheckExecutions(
  manager: EntityManager,
  fields: Parameters<typeof newCheckExecutions>[1],
): Promise<CheckExecution[]> {
  const executions = newCheckExecutions(manager, fields);
  await insertOrderRows(manager, { executions });
  return executions;
}

/** The same, not yet inserted (ids assigned). */
export function newCheckExecutions(
  manager: EntityManager,
  {
    applicant,
    checks,
    reportVersion,
    existing,
    providers,
    now,
  }: {
    applicant: Pick<Applicant, 'id' | 'partnerId' | 'environment'>;
    checks: ReadonlyArray<{ checkName: CheckName; status: CheckExecution['status'] }>;
    reportVersion: number;
    existing: readonly CheckExecution[];
    providers: ProviderRouting;
    now: Date;
  },
): CheckExecution[] {
  const resultIds = new Map<string, string>();
  for (const execution of existing) {
    resultIds.set(checkDefinitionByName(execution.checkName as CheckName).resultField, execution.resultId);
  }
  const rows = checks.map(({ checkName, status }) => {
    const field = checkDefinitionByName(checkName).resultField;
    const resultId = resultIds.get(field) ?? uuidv7();
    resultIds.set(field, resultId);
    const provider = providerFor(providers, applicant.environment, checkName);
    if (!provider)
      throw new Error(`no provider runs ${checkName} in ${applicant.environment}: the order should have been refused`);
    return manager.create(CheckExecution, {
      id: uuidv7(),
      applicantId: applicant.id,
      partnerId: applicant.partnerId,
      checkName,
      status,
      attempts: 0,
      retries: 0,
      resultId,
      result: null,
      failure: null,
      queuedAt: status === 'QUEUED' ? now : null,
      reportVersion,
      provider,
      providerReference: null,
      submittedAt: null,
      providerDeadline: null,
    });
  });
  return rows;
}
