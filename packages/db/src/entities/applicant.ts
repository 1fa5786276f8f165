import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import type { Environment, TeamType } from './environment.js';
import { Uuidv7Record } from './uuidv7-record.js';

export type ApplicantStatus = 'Pending' | 'Returned' | 'Cancelled' | 'Erased';
export type ReportStatus = 'SENT' | 'IN_PROGRESS' | 'COMPLETE';
export type OrderStatus = 'WAITING_ON_CANDIDATE' | 'IN_PROGRESS' | 'COMPLETE';

/**
 * An applicant of an application: what the API calls the application record (`applicant_id`). `information` is the
 * applicant's information without its sensitive fields (SIN/SSN, date of birth, licence number), which are stored
 * encrypted as JSON in `sensitiveInformation`.
 * Every column listed in `SEALED_COLUMNS` (the email, phone number, information, order parameters, tag, token, draft, consent) is
 * encrypted at rest and bound to this row's id; the entity holds plaintext (`crypto/sealed-columns.ts`).
 */
@Entity({ name: 'applicants' })
export class Applicant extends Uuidv7Record {
  @Column({ name: 'application_id', type: 'uuid' })
  applicationId!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'text' })
  environment!: Environment;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text' })
  kind!: TeamType;

  @Column({ name: 'short_uid', type: 'text' })
  shortUid!: string;

  /** Sealed (SEALED_COLUMNS): encrypted at rest with the row's id, plaintext here, like every column so marked. */
  @Column({ type: 'text' })
  email!: string;

  /** Sealed: the JSON of the phone number. */
  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: { phone_type: string; number: string; country: string } | null;

  @Column({ name: 'is_cosigner', type: 'boolean', default: false })
  isCosigner!: boolean;

  @Column({ name: 'share_of_rent', type: 'numeric', precision: 5, scale: 2, nullable: true })
  shareOfRent!: string | null;

  @Column({ name: 'applicant_type', type: 'text', default: 'STANDARD' })
  applicantType!: 'STANDARD' | 'COSIGNER';

  @Column({ type: 'text' })
  status!: ApplicantStatus;

  @Column({ name: 'report_status', type: 'text' })
  reportStatus!: ReportStatus;

  @Column({ name: 'order_status', type: 'text' })
  orderStatus!: OrderStatus;

  @Column({ name: 'is_submitted', type: 'boolean', default: false })
  isSubmitted!: boolean;

  @Column({ name: 'submitted_time', type: 'timestamptz', nullable: true })
  submittedTime!: Date | null;

  @Column({ name: 'is_quick_screen', type: 'boolean' })
  isQuickScreen!: boolean;

  /** The request flags ordered so far, in catalogue order. */
  @Column({ name: 'requested_flags', type: 'jsonb' })
  requestedFlags!: string[];

  /** ACIC parameters, the enhanced identity document (without its number), package settings of the order. Sealed. */
  @Column({ name: 'order_parameters', type: 'text' })
  orderParameters!: Record<string, unknown>;

  @Column({ type: 'text' })
  country!: string;

  @Column({ type: 'jsonb', nullable: true })
  location!: Record<string, unknown> | null;

  /** The partner's label of the order. Sealed: a label may name the applicant. */
  @Column({ type: 'text', nullable: true })
  tag!: string | null;

  /** Sealed: the JSON of the information without its sensitive fields. */
  @Column({ type: 'text' })
  information!: Record<string, unknown>;

  /** JSON of `{ sin_ssn, date_of_birth, license_number, document_number }`, encrypted at rest. */
  @Column({ name: 'sensitive_information', type: 'text', nullable: true })
  sensitiveInformation!: string | null;

  @Column({ name: 'information_id', type: 'uuid' })
  informationId!: string;

  @Column({ name: 'onboarding_token_hash', type: 'text', nullable: true })
  onboardingTokenHash!: string | null;

  /** The onboarding token itself, encrypted at rest, so the list can show the link again (migration 1795318185900). */
  @Column({ name: 'onboarding_token', type: 'text', nullable: true })
  onboardingToken!: string | null;

  @Column({ name: 'onboarding_expires_at', type: 'timestamptz', nullable: true })
  onboardingExpiresAt!: Date | null;

  /** The portal form as the applicant last saved it (JSON), encrypted at rest; cleared on submission. */
  @Column({ name: 'portal_draft', type: 'text', nullable: true })
  portalDraft!: string | null;

  /** The consent given with the submission (JSON: typed name, date, when, language), encrypted at rest. */
  @Column({ type: 'text', nullable: true })
  consent!: string | null;

  @Column({ name: 'invitation_sent_at', type: 'timestamptz', nullable: true })
  invitationSentAt!: Date | null;

  @Column({ name: 'report_version', type: 'integer', default: 0 })
  reportVersion!: number;

  @Column({ name: 'returned_at', type: 'timestamptz', nullable: true })
  returnedAt!: Date | null;

  /** Until when a worker holds the rendering of this applicant's report (see finaliseApplicantIfDone). */
  @Column({ name: 'report_claimed_until', type: 'timestamptz', nullable: true })
  reportClaimedUntil!: Date | null;

  @Column({ name: 'is_viewed', type: 'boolean', default: false })
  isViewed!: boolean;

  @Column({ name: 'adjudication_status', type: 'text', default: 'NONE' })
  adjudicationStatus!: string;

  /** The invitation's funnel (issue 35): each moment written once, the first time, with its event. */
  @Column({ name: 'invitation_delivered_at', type: 'timestamptz', nullable: true })
  invitationDeliveredAt!: Date | null;

  @Column({ name: 'invitation_bounced_at', type: 'timestamptz', nullable: true })
  invitationBouncedAt!: Date | null;

  /** The first load of the portal's form. */
  @Column({ name: 'invitation_opened_at', type: 'timestamptz', nullable: true })
  invitationOpenedAt!: Date | null;

  /** The first save of the form (a draft, or the submission itself). */
  @Column({ name: 'invitation_started_at', type: 'timestamptz', nullable: true })
  invitationStartedAt!: Date | null;

  /** When the link lapsed without a submission (written by the expiry sweep). */
  @Column({ name: 'invitation_expired_at', type: 'timestamptz', nullable: true })
  invitationExpiredAt!: Date | null;

  /** When the application was cancelled or its invitation withdrawn (`applications/cancel.ts`); null otherwise. */
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  /** The user whose request cancelled the application. */
  @Column({ name: 'cancelled_by', type: 'uuid', nullable: true })
  cancelledBy!: string | null;

  /** Why it was cancelled: a code of the contract's `CANCELLATION_REASONS`, never free text. */
  @Column({ name: 'cancellation_reason', type: 'text', nullable: true })
  cancellationReason!: string | null;

  /** When the applicant was deleted and their personal data erased (`applications/erasure.ts`); null otherwise. */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt!: Date | null;

  /** The user whose request erased the applicant. */
  @Column({ name: 'erased_by', type: 'uuid', nullable: true })
  erasedBy!: string | null;

  /** The order's `external_id` and `metadata` (its application's), copied here for lists, records and events. */
  @Column({ name: 'external_id', type: 'text', nullable: true })
  externalId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata!: Record<string, string> | null;

  /** The blind index: keyed hashes of the normalised email, phone number and name prefixes (`crypto/search-terms.ts`). */
  @Column({ name: 'search_terms', type: 'text', array: true, default: () => "'{}'" })
  searchTerms!: string[];

  /** The overall result the applicant was last returned with; null while not returned (lists filter on it). */
  @Column({ type: 'text', nullable: true })
  result!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  modified!: Date;

  @Column({ name: 'last_updated', type: 'timestamptz' })
  lastUpdated!: Date;
}
