import type {
  BaseResult,
  BureauResult,
  CheckName,
  CredentialVerificationResult,
  CriminalCase,
  EducationVerificationResult,
  EmployerVerificationResult,
  EnumValue,
  InformationInput,
  InstantVerifyItem,
  MotorVehicleViolation,
  RecordCheckRequest,
  ReferenceCheck,
  RiskEvaluation,
  ScanStatus,
  SsnIdDocumentReport,
  verification,
} from '@svc/contract';

/** Outcome of one simulated check: nothing adverse, something to look at, or an adverse finding. */
export type SimulatedOutcome = 'CLEAR' | 'REVIEW' | 'NOT_CLEAR';
export type VerificationValue = EnumValue<typeof verification>;

/** Where the position (HR) or the rented property (PM) is: `position_or_property_location`. */
export type SimulatorLocation = {
  readonly country: string;
  readonly province_state: string;
  readonly city?: string | null;
  readonly address?: string | null;
  readonly postal_code?: string | null;
};

export type SimulateCheckInput = {
  readonly checkName: CheckName;
  /** The applicant's information, as the quick screen or the portal form gave it. */
  readonly information: InformationInput;
  readonly location: SimulatorLocation;
  /** The moment the check runs; every date in the output is computed from it. */
  readonly now: Date;
  /** 1 for the first try, 2 for the first retry… (test input `Flaky` fails attempts 1 and 2). Default 1. */
  readonly attempt?: number;
  /**
   * How many times a partner retried the check after it failed (`POST …/checks/{check_id}/retry/`): 0 for its first
   * run (test input `Stalled` fails every attempt of that run only). Default 0.
   */
  readonly retries?: number;
  /**
   * The documents the applicant uploaded (`identity_document`, `selfie`, …). An identity verification states only
   * what they allow: without a document nothing is said of one, without a selfie nothing of a face. Default none.
   */
  readonly collectedDocuments?: readonly string[];
  /** Countries to search for the international criminal record check (a service collection's `requested_countries`). */
  readonly requestedCountries?: readonly string[] | null;
};

// Details: what each kind of provider returns. JSON-serialisable (no Date, no undefined), so they can be stored.

/** The fields a result schema adds to the base result. */
type Extension<R> = Omit<R, keyof BaseResult>;

export type IdentityDetails = {
  readonly kind: 'identity';
  readonly level: 'standard' | 'enhanced';
  /** Identity-verification status: `A` approved, `R` to review, `D` declined. */
  readonly status: 'A' | 'R' | 'D';
  /** What the applicant gave to check: a photo of an identity document and a selfie (the portal's uploads). */
  readonly collected: { readonly identity_document: boolean; readonly selfie: boolean };
  /** The identity document read from its photo; null when none was collected. */
  readonly document: {
    readonly type: string;
    readonly issuing_country: string;
    readonly issuing_province_state: string | null;
    readonly number_last4: string;
    readonly expiry_date: string;
  } | null;
  /** Whether the document is authentic; null when none was collected. */
  readonly document_authentic: boolean | null;
  /** Similarity of the selfie to the ID photo (0–100); null unless both were collected. */
  readonly face_match_score: number | null;
  /** Liveness test (enhanced only; null for the standard check). */
  readonly liveness_passed: boolean | null;
  /** Whether name and date of birth on the document match the information given. */
  readonly data_match: boolean;
  /** Whether the identity matched authoritative records (enhanced only; null for the standard check). */
  readonly record_match: boolean | null;
  /** What the built-in identity provider read and compared; absent from simulated results. */
  readonly verification?: IdentityVerificationDetails;
};

/** How one field of the document compares with the applicant's information: `unknown` when it could not be said. */
export type IdentityFieldMatch = 'match' | 'mismatch' | 'unknown';

/**
 * The built-in identity provider's account of a check: where the data were read, how each field compares, whether
 * the selfie matches the portrait (a decision, never a biometric value), and what could not be determined and why.
 */
export type IdentityVerificationDetails = {
  /** `barcode` (a licence's PDF417), `machine_readable_zone` (a passport's or ID card's MRZ), or null: not read. */
  readonly read_from: 'barcode' | 'machine_readable_zone' | null;
  readonly fields: {
    readonly date_of_birth: IdentityFieldMatch;
    readonly family_name: IdentityFieldMatch;
    readonly given_names: IdentityFieldMatch;
  } | null;
  /** `valid`, `expired`, or `unknown` (not read); null when the document was not read. */
  readonly expiry: 'valid' | 'expired' | 'unknown' | null;
  /** `yes`, `review` (a person must compare), `no`, or `not_compared` (why: in `not_determined`). */
  readonly face_match: 'yes' | 'review' | 'no' | 'not_compared';
  /** What could not be read, matched or compared, and why (empty when everything was). */
  readonly not_determined: readonly string[];
  /** No liveness test is run: a printed photo held up to the camera is not detected. */
  readonly liveness_checked: false;
};

export type InformationReviewDetails = {
  readonly kind: 'information';
  readonly items: readonly { readonly item: string; readonly consistent: boolean; readonly note: string }[];
  readonly address_history_months: number;
  readonly employment_history_months: number;
};

export type BehaviouralDetails = {
  readonly kind: 'behavioural';
  readonly questions_answered: number;
  /** Trait scores, 0–100, higher is better. */
  readonly traits: readonly { readonly trait: string; readonly score: number }[];
};

export type SocialMediaDetails = {
  readonly kind: 'social_media';
  readonly profiles: readonly { readonly platform: string; readonly url: string }[];
  readonly findings: readonly {
    readonly platform: string;
    readonly category: string;
    readonly description: string;
    readonly date: string;
  }[];
};

/** Risk evaluations of the softcheck; ids are given when the result is assembled. */
export type RiskDetails = {
  readonly kind: 'risk';
  readonly risk_evaluations: readonly Omit<RiskEvaluation, 'id'>[];
};

export type UsCriminalDetails = {
  readonly kind: 'us_criminal';
  readonly criminal_cases: readonly CriminalCase[];
  readonly ssn_id_document_reports: readonly SsnIdDocumentReport[];
  readonly scan_status: ScanStatus;
  readonly record_check_requests: readonly RecordCheckRequest[];
};

/** A national repository search (RCMP CPIC, SOQUIJ). */
export type NationalCriminalDetails = {
  readonly kind: 'national_criminal';
  readonly repository: string;
  readonly search_level: 'standard' | 'enhanced' | 'vulnerable_sector' | 'court_decisions';
  readonly criminal_cases: readonly CriminalCase[];
};

export type InternationalCriminalDetails = {
  readonly kind: 'international_criminal';
  readonly countries: readonly { readonly country: string; readonly result: SimulatedOutcome }[];
  readonly criminal_cases: readonly CriminalCase[];
};

/** A police check that issues a certificate (UK DBS, Disclosure Scotland, ACIC). */
export type DisclosureDetails = {
  readonly kind: 'disclosure';
  readonly authority: string;
  readonly certificate: { readonly number: string; readonly issued_date: string; readonly url: string | null };
  readonly criminal_cases: readonly CriminalCase[];
};

/** A credit file; `credit_score` (300–900) is null when the bureau found no file. */
export type BureauDetails = { readonly kind: 'bureau'; readonly credit_score: number | null } & Extension<BureauResult>;

/** One verified entry: its outcome and flags, and the fields of its verification sub-result. */
export type VerifiedEntry<R> = {
  readonly outcome: SimulatedOutcome;
  readonly red_flags: readonly string[];
  readonly green_flags: readonly string[];
  readonly verification: Extension<R>;
};

export type VerificationDetails =
  | {
      readonly kind: 'verification';
      readonly area: 'employment';
      readonly verification: VerificationValue;
      readonly entries: readonly VerifiedEntry<EmployerVerificationResult>[];
    }
  | {
      readonly kind: 'verification';
      readonly area: 'education';
      readonly verification: VerificationValue;
      readonly entries: readonly VerifiedEntry<EducationVerificationResult>[];
    }
  | {
      readonly kind: 'verification';
      readonly area: 'credential';
      readonly verification: VerificationValue;
      readonly entries: readonly VerifiedEntry<CredentialVerificationResult>[];
    };

export type VerificationArea = VerificationDetails['area'];

export type InstantVerificationDetails = {
  readonly kind: 'instant_verification';
  readonly area: VerificationArea;
  readonly verification: VerificationValue;
  readonly items: readonly InstantVerifyItem[];
};

export type ReferencesDetails = { readonly kind: 'references'; readonly references: readonly ReferenceCheck[] };

export type MotorVehicleDetails = {
  readonly kind: 'motor_vehicle';
  readonly issuing_province_state: string | null;
  readonly license_status: string | null;
  readonly license_class: string | null;
  readonly license_expiry_date: string | null;
  readonly violations: readonly MotorVehicleViolation[];
};

export type VaccinationDetails = {
  readonly kind: 'vaccination';
  readonly vaccinated: boolean | null;
  readonly proof_date: string | null;
  readonly vaccines: readonly string[];
};

export type RightToWorkDetails = {
  readonly kind: 'right_to_work';
  readonly country: string;
  readonly document_type: string | null;
  readonly permission_expiry_date: string | null;
};

export type SimulatedDetails =
  | IdentityDetails
  | InformationReviewDetails
  | BehaviouralDetails
  | SocialMediaDetails
  | RiskDetails
  | UsCriminalDetails
  | NationalCriminalDetails
  | InternationalCriminalDetails
  | DisclosureDetails
  | BureauDetails
  | VerificationDetails
  | InstantVerificationDetails
  | ReferencesDetails
  | MotorVehicleDetails
  | VaccinationDetails
  | RightToWorkDetails;

export type SimulatedDetailsKind = SimulatedDetails['kind'];

/** What the provider of one check returned. */
export type SimulatedCheck<D extends SimulatedDetails = SimulatedDetails> = {
  readonly checkName: CheckName;
  readonly outcome: SimulatedOutcome;
  readonly redFlags: readonly string[];
  readonly greenFlags: readonly string[];
  readonly details: D;
};
